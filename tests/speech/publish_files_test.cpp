// The published files, checked by independent tools: real flite speech is normalised and
// encoded to MP3 and Opus by the renderer's own path (render_units, one unit), then measured
// by ffmpeg's ebur128 filter and read back by ffprobe.
// Labelled "audio": needs the flite, ffmpeg and ffprobe commands.
#include "lectio/speech/publish_files.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

#include "lectio/core/error.h"
#include "lectio/core/file.h"
#include "lectio/speech/audio.h"
#include "mp3_units.h"
#include "opus_units.h"
#include "speech/audio_support.h"
#include "unit_render.h"

namespace lectio::speech {
namespace {

namespace fs = std::filesystem;
using testing::ffmpeg_loudness;
using testing::run_tool;
using testing::TempDir;

// Two speakers (flite's slt and rms voices) with a pause between them: one chapter each.
struct Lesson {
  Pcm pcm;
  AudioTags tags;
};

const Lesson& lesson() {
  static const Lesson built = [] {
    TempDir dir;
    Lesson l;
    const Pcm host = testing::flite_speech(
        dir.path(),
        "Welcome back. Today we look at how a graphics processor schedules thousands of threads, "
        "and why memory bandwidth, not arithmetic, usually sets the pace. Stop! Think about "
        "what that means for your own kernels.",
        "slt");
    const Pcm guest = testing::flite_speech(
        dir.path(),
        "Exactly. A tensor core can finish a matrix tile in a few cycles, but the data has to "
        "arrive first. That is the whole story of tiling, in one sentence.",
        "rms");
    l.pcm = resample(host, kRenderRate);
    append_silence(l.pcm, 0.6);
    const double split = l.pcm.seconds();
    const Pcm guest48 = resample(guest, kRenderRate);
    l.pcm.samples.insert(l.pcm.samples.end(), guest48.samples.begin(), guest48.samples.end());
    append_silence(l.pcm, 0.4);
    l.tags = {"GPU scheduling",
              "Lena & Tom",
              "GPU notes",
              "2024-05-01",
              "Made by Lectio",
              {{"Threads and bandwidth", 0.0, split}, {"瓦片 Tiling", split, l.pcm.seconds()}}};
    return l;
  }();
  return built;
}

// The lesson published as the renderer does it: laid out as one unit (its slot, then the
// part no decoder hears), normalised, limited and encoded by render_units.
struct Published {
  TempDir dir;
  fs::path mp3 = dir.path() / "lesson.mp3";
  fs::path opus = dir.path() / "lesson.opus";
  double seconds = 0;  // what the files decode to
  AudioTags tags;      // the lesson's, the last chapter ending with the files as in a render
};

const Published& published() {
  static Published p;
  static const bool rendered = [] {
    UnitLayout layout;
    std::vector<float> slot = lesson().pcm.samples;
    slot.resize((slot.size() + kUnitDecoderGap + kUnitGrid - 1) / kUnitGrid * kUnitGrid, 0.0f);
    layout.audible = slot.size() - kUnitDecoderGap;
    layout.units.push_back({std::move(slot), "lesson"});
    p.seconds = layout.seconds();
    p.tags = lesson().tags;
    p.tags.chapters.back().end = p.seconds;
    render_units(layout, p.tags, {p.mp3, p.opus, p.dir.path() / "units", ""});
    return true;
  }();
  EXPECT_TRUE(rendered);
  return p;
}

// Three seconds of the lesson encoded as one unit of each kind, for the writers alone.
struct Units {
  std::string mp3;
  std::string opus;
};

const Units& units() {
  static const Units built = [] {
    const std::size_t n = 25 * kUnitGrid;
    const float* samples = lesson().pcm.samples.data();
    return Units{encode_mp3_unit(samples, n - kUnitDecoderGap), encode_opus_unit(samples, n)};
  }();
  return built;
}

void write_mp3(const AudioTags& tags, const fs::path& path) {
  write_mp3_units({&units().mp3}, tags, path);
}

void write_opus(const AudioTags& tags, const fs::path& path) {
  write_opus_units({&units().opus}, 25 * kUnitGrid - kUnitDecoderGap, tags, path);
}

nlohmann::json ffprobe(const fs::path& file, const std::string& what) {
  const auto r = run_tool({"ffprobe", "-v", "error", what, "-show_format", "-show_streams",
                           "-print_format", "json", file.string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return nlohmann::json::parse(r.out);
}

std::vector<std::string> listing(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

TEST(PublishFilesTest, FliteSpeechNormalisesByLibebur128) {
  const Loudness raw = measure_loudness(lesson().pcm);
  Pcm normalised = lesson().pcm;
  normalize_loudness(normalised);  // the whole signal at once, the renderer's gain search
  const Loudness l = measure_loudness(normalised);
  std::cout << "flite speech: raw " << raw.integrated_lufs << " LUFS / " << raw.true_peak_dbtp
            << " dBTP; normalised " << l.integrated_lufs << " LUFS / " << l.true_peak_dbtp
            << " dBTP\n";
  EXPECT_NEAR(l.integrated_lufs, kTargetLufs, 0.5);
  EXPECT_LE(l.true_peak_dbtp, kEncodeCeilingDbtp);
}

TEST(PublishFilesTest, EncodedFilesMeasureInSpecByFfmpeg) {
  for (const fs::path& file : {published().mp3, published().opus}) {
    const std::string name = file.filename().string();
    const auto m = ffmpeg_loudness(file);
    std::cout << name << " by ffmpeg: " << m.integrated_lufs << " LUFS, " << m.true_peak_dbtp
              << " dBTP\n";
    // The bar is -16 ± 0.5 LUFS; the pipeline holds ±0.3, which also catches a silent level
    // change in an encoder (LAME's CBR presets scale by 0.95: -0.45 LU).
    EXPECT_NEAR(m.integrated_lufs, kTargetLufs, 0.3) << name;
    EXPECT_LE(m.true_peak_dbtp, kPublishedPeakDbtp) << name;
  }
}

void expect_chapters(const nlohmann::json& probe, const AudioTags& tags, double end_slack) {
  const auto& chapters = probe.at("chapters");
  ASSERT_EQ(chapters.size(), tags.chapters.size());
  for (std::size_t i = 0; i < chapters.size(); ++i) {
    EXPECT_EQ(chapters[i].at("tags").at("title"), tags.chapters[i].title);
    EXPECT_NEAR(std::stod(chapters[i].at("start_time").get<std::string>()), tags.chapters[i].start,
                0.001);
    EXPECT_NEAR(std::stod(chapters[i].at("end_time").get<std::string>()), tags.chapters[i].end,
                end_slack);
  }
}

nlohmann::json all_tags(const nlohmann::json& probe) {
  nlohmann::json tags = probe.at("format").value("tags", nlohmann::json::object());
  for (const auto& s : probe.at("streams")) tags.update(s.value("tags", nlohmann::json::object()));
  nlohmann::json lower;
  for (const auto& [k, v] : tags.items()) {
    std::string key = k;
    std::transform(key.begin(), key.end(), key.begin(), ::tolower);
    lower[key] = v;
  }
  return lower;
}

TEST(PublishFilesTest, Mp3TagsAndChaptersReadBackByFfprobe) {
  const fs::path& mp3 = published().mp3;
  const std::string bytes = testing::slurp(mp3);
  ASSERT_GT(bytes.size(), 10u);
  EXPECT_EQ(bytes.substr(0, 4), std::string("ID3\x04", 4));  // ID3v2.4
  EXPECT_NE(bytes.find("CTOC"), std::string::npos);
  EXPECT_NE(bytes.find("chp1"), std::string::npos);

  const auto probe = ffprobe(mp3, "-show_chapters");
  expect_chapters(probe, published().tags, 0.001);
  const auto tags = all_tags(probe);
  EXPECT_EQ(tags.value("title", ""), "GPU scheduling");
  EXPECT_EQ(tags.value("artist", ""), "Lena & Tom");
  EXPECT_EQ(tags.value("album", ""), "GPU notes");
  EXPECT_EQ(tags.value("date", ""), "2024-05-01");
  EXPECT_EQ(tags.value("comment", ""), "Made by Lectio");
  // The LAME Info frame lets decoders trim encoder delay and padding: exact duration.
  const auto& stream = probe.at("streams").at(0);
  EXPECT_EQ(stream.value("codec_name", ""), "mp3");
  EXPECT_EQ(stream.value("sample_rate", ""), "48000");
  EXPECT_EQ(stream.value("channels", 0), 1);
  EXPECT_EQ(stream.value("bit_rate", ""), "96000");
  EXPECT_NEAR(std::stod(probe.at("format").value("duration", "0")), published().seconds, 0.03);
}

TEST(PublishFilesTest, OpusTagsAndChaptersReadBackByFfprobe) {
  const fs::path& opus = published().opus;
  const auto probe = ffprobe(opus, "-show_chapters");
  // Ogg chapters carry only start times; ffprobe ends each at the next start or the end.
  expect_chapters(probe, published().tags, 0.05);
  const auto tags = all_tags(probe);
  EXPECT_EQ(tags.value("title", ""), "GPU scheduling");
  EXPECT_EQ(tags.value("artist", ""), "Lena & Tom");
  EXPECT_EQ(tags.value("album", ""), "GPU notes");
  EXPECT_EQ(tags.value("date", ""), "2024-05-01");
  const auto& stream = probe.at("streams").at(0);
  EXPECT_EQ(stream.value("codec_name", ""), "opus");
  EXPECT_EQ(stream.value("channels", 0), 1);
  EXPECT_NEAR(std::stod(probe.at("format").value("duration", "0")), published().seconds, 0.03);
}

TEST(PublishFilesTest, WebVttIsWellFormedAndFfmpegReadsIt) {
  const std::vector<Cue> cues = {
      {0.0, 2.5, "Lena", "Welcome back."},
      {2.5, 6.25, "Lena", "Bandwidth <not> arithmetic & friends\nsets the pace."},
      {6.9, 3725.004, "Tom", "Exactly — 瓦片."}};
  const std::string vtt = webvtt(cues);
  EXPECT_EQ(vtt,
            "WEBVTT\n\n"
            "1\n00:00:00.000 --> 00:00:02.500\n<v Lena>Welcome back.</v>\n\n"
            "2\n00:00:02.500 --> 00:00:06.250\n"
            "<v Lena>Bandwidth &lt;not&gt; arithmetic &amp; friends sets the pace.</v>\n\n"
            "3\n00:00:06.900 --> 01:02:05.004\n<v Tom>Exactly — 瓦片.</v>\n");

  // Structure, as the WebVTT parser sees it: a header, then blocks of id, timing, payload.
  std::istringstream in(vtt);
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line, "WEBVTT");
  const std::regex timing(
      R"((\d{2,}):(\d{2}):(\d{2})\.(\d{3}) --> (\d{2,}):(\d{2}):(\d{2})\.(\d{3}))");
  int blocks = 0;
  while (std::getline(in, line)) {
    ASSERT_TRUE(line.empty());
    std::string id, time, payload;
    ASSERT_TRUE(std::getline(in, id) && std::getline(in, time) && std::getline(in, payload));
    EXPECT_TRUE(std::regex_match(time, timing)) << time;
    EXPECT_EQ(payload.find("-->"), std::string::npos);
    EXPECT_TRUE(payload.starts_with("<v ") && payload.ends_with("</v>")) << payload;
    ++blocks;
  }
  EXPECT_EQ(blocks, 3);

  TempDir dir;
  const fs::path file = dir.path() / "lesson.vtt";
  write_file_atomic(file, vtt);
  const auto r =
      run_tool({"ffprobe", "-v", "error", "-show_packets", "-print_format", "json", file.string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto packets = nlohmann::json::parse(r.out).at("packets");
  ASSERT_EQ(packets.size(), 3u);
  EXPECT_NEAR(std::stod(packets[1].at("pts_time").get<std::string>()), 2.5, 1e-9);
  EXPECT_NEAR(std::stod(packets[2].at("duration_time").get<std::string>()), 3725.004 - 6.9, 1e-6);

  EXPECT_EQ(webvtt({}), "WEBVTT\n");
  EXPECT_THROW(webvtt({{3.0, 2.0, "Lena", "backwards"}}), InvalidInput);
}

// Found by fuzz/webvtt_fuzz.cpp: a speaker name ending in hyphens made "-->" with the voice
// tag's ">", which a WebVTT parser takes as the end of the payload.
TEST(PublishFilesTest, WebVttSpeakerEndingInHyphensMakesNoTimingArrow) {
  const std::string vtt = webvtt({{0.0, 1.0, "Anne--", "Hello."}, {1.0, 2.0, "-", ""}});
  EXPECT_EQ(vtt,
            "WEBVTT\n\n1\n00:00:00.000 --> 00:00:01.000\n<v Anne-- >Hello.</v>\n\n"
            "2\n00:00:01.000 --> 00:00:02.000\n<v - ></v>\n");
  std::size_t arrows = 0;
  for (std::size_t at = vtt.find("-->"); at != std::string::npos; at = vtt.find("-->", at + 1)) {
    ++arrows;
  }
  EXPECT_EQ(arrows, 2u);  // the two timing lines, nothing else
}

TEST(PublishFilesTest, ChaptersJsonFollowsPodcasting20) {
  const std::string text = chapters_json(lesson().tags.chapters);
  const auto doc = nlohmann::json::parse(text);
  EXPECT_EQ(doc.at("version"), "1.2.0");
  const auto& chapters = doc.at("chapters");
  ASSERT_EQ(chapters.size(), 2u);
  EXPECT_EQ(chapters[0].at("startTime"), 0.0);
  EXPECT_EQ(chapters[0].at("title"), "Threads and bandwidth");
  EXPECT_EQ(chapters[1].at("title"), "瓦片 Tiling");
  EXPECT_NEAR(chapters[1].at("startTime").get<double>(), lesson().tags.chapters[1].start, 0.0005);
  EXPECT_NEAR(chapters[1].at("endTime").get<double>(), lesson().tags.chapters[1].end, 0.0005);
  EXPECT_EQ(nlohmann::json::parse(chapters_json({})).at("chapters").size(), 0u);
  EXPECT_THROW(chapters_json({{"bad", -1.0, 2.0}}), InvalidInput);
}

TEST(PublishFilesTest, UnwritablePlacesThrowIoAndLeaveNoFile) {
  TempDir dir;
  const fs::path missing = dir.path() / "no-such-dir" / "lesson.mp3";
  EXPECT_THROW(write_mp3(lesson().tags, missing), Io);
  EXPECT_THROW(write_opus(lesson().tags, missing.parent_path() / "lesson.opus"), Io);
  EXPECT_FALSE(fs::exists(missing.parent_path()));

  // A regular file where the directory should be fails even for root.
  const fs::path file = dir.write("plain", "x");
  EXPECT_THROW(write_mp3(lesson().tags, file / "lesson.mp3"), Io);
  EXPECT_THROW(write_opus(lesson().tags, file / "lesson.opus"), Io);

  const fs::path ro = dir.path() / "read-only";
  fs::create_directory(ro);
  ::chmod(ro.c_str(), 0555);
  if (::access(ro.c_str(), W_OK) == 0) {
    std::cout << "read-only directory check skipped: running as root\n";
  } else {
    EXPECT_THROW(write_mp3(lesson().tags, ro / "lesson.mp3"), Io);
    EXPECT_THROW(write_opus(lesson().tags, ro / "lesson.opus"), Io);
  }
  EXPECT_TRUE(listing(ro).empty());
  ::chmod(ro.c_str(), 0755);

  // Bad input is refused before any file is created.
  const std::string none;
  EXPECT_THROW(write_mp3_units({&none}, lesson().tags, dir.path() / "a.mp3"), InvalidInput);
  EXPECT_THROW(write_opus_units({&none}, kUnitGrid, lesson().tags, dir.path() / "a.opus"),
               InvalidInput);
  EXPECT_THROW(
      write_opus_units({&units().opus}, 26 * kUnitGrid, lesson().tags, dir.path() / "a.opus"),
      InvalidInput);
  EXPECT_EQ(listing(dir.path()), (std::vector<std::string>{"plain", "read-only"}));
}

TEST(PublishFilesTest, ExistingFilesAreReplacedAtomically) {
  TempDir dir;
  for (const char* name : {"lesson.mp3", "lesson.opus"}) {
    const fs::path target = dir.write(name, "old contents");
    struct stat before {};
    ASSERT_EQ(::stat(target.c_str(), &before), 0);
    if (std::string(name).ends_with(".mp3")) {
      write_mp3(lesson().tags, target);
    } else {
      write_opus(lesson().tags, target);
    }
    struct stat after {};
    ASSERT_EQ(::stat(target.c_str(), &after), 0);
    // A new inode renamed over the old name: readers see the old file or the new, never a mix.
    EXPECT_NE(before.st_ino, after.st_ino) << name;
    EXPECT_GT(after.st_size, 10000) << name;
  }
  EXPECT_EQ(listing(dir.path()), (std::vector<std::string>{"lesson.mp3", "lesson.opus"}));
}

}  // namespace
}  // namespace lectio::speech
