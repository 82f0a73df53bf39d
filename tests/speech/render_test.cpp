// render_lesson end to end with real voices (flite, espeak-ng), checked by independent tools:
// ffprobe reads the MP3 back, ffmpeg's ebur128 filter measures loudness and true peak.
// Labelled "audio": needs the ffmpeg and ffprobe commands.
#include "lectio/speech/render.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <nlohmann/json.hpp>
#include <regex>
#include <thread>

#include "lectio/core/error.h"
#include "speech/audio_support.h"
#include "support/unprivileged.h"

namespace lectio::speech {
namespace {

namespace fs = std::filesystem;
using lesson::Lesson;
using lesson::ScriptSection;
using lesson::ScriptSentence;
using testing::read_vtt;
using testing::run_tool;
using testing::TempDir;
using testing::VttCue;

ScriptSentence line(std::string text, std::string speaker = "") {
  ScriptSentence s;
  s.text = std::move(text);
  s.speaker = std::move(speaker);
  return s;
}

Lesson base_lesson(std::string slug, std::string host, std::string language) {
  Lesson l;
  l.slug = std::move(slug);
  l.id = "lesson_" + l.slug + "_0000abcd";
  l.title = "GPUs and TPUs in brief";
  l.plan = "AI hardware fundamentals";
  l.date = "2026-04-22";
  l.host = std::move(host);
  l.language = std::move(language);
  l.format = "monologue";
  return l;
}

// Two sections, Lena alone.
Lesson monologue() {
  Lesson l = base_lesson("gpu_brief", "Lena", "en");
  l.script.push_back({lesson::SectionKind::kIntro,
                      "Introduction",
                      -1,
                      "",
                      {line("Hello, I'm Lena."), line("Today we compare GPUs and TPUs.")}});
  ScriptSection why{lesson::SectionKind::kInsight, "Why GPUs won", 0, "Why GPUs won", {}};
  why.sentences = {line("GPUs run thousands of threads at once, about 3.5x more than in 2016."),
                   line("CUDA made them easy to program.")};
  why.sentences[0].citations = {"file_gpu001:c0001"};
  l.script.push_back(std::move(why));
  return l;
}

// Three sections, Marcus asks and Lena explains.
Lesson dialogue() {
  Lesson l = base_lesson("gpu_dialogue", "Lena", "en");
  l.cohost = "Marcus";
  l.format = "dialogue";
  l.script.push_back({lesson::SectionKind::kIntro,
                      "Introduction",
                      -1,
                      "",
                      {line("Hello, I'm Lena.", "Lena"), line("And I'm Marcus.", "Marcus")}});
  l.script.push_back({lesson::SectionKind::kInsight,
                      "Where TPUs are strongest",
                      0,
                      "",
                      {line("So where do TPUs shine?", "Marcus"),
                       line("On large matrix multiplications at scale.", "Lena")}});
  l.script.push_back({lesson::SectionKind::kOutro,
                      "Recap",
                      -1,
                      "",
                      {line("Let's recap.", "Marcus"), line("Thanks for listening.", "Lena")}});
  return l;
}

Lesson mandarin() {
  Lesson l = base_lesson("gpu_zh", "Mei", "zh");
  l.title = "GPU和TPU";
  l.script.push_back({lesson::SectionKind::kIntro, "开场", -1, "", {line("大家好，我是Mei。")}});
  l.script.push_back({lesson::SectionKind::kInsight,
                      "区别",
                      0,
                      "",
                      {line("GPU有成千上万个核心。"), line("TPU专门用于矩阵运算。")}});
  return l;
}

RenderOptions options_for(const fs::path& dir) {
  RenderOptions o;
  o.out_dir = dir;
  return o;
}

std::vector<fs::path> files_in(const fs::path& dir) {
  std::vector<fs::path> out;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec)) out.push_back(e.path());
  return out;
}

TEST(RenderTest, WritesContentAddressedFilesAndReusesThem) {
  TempDir dir;
  const Lesson lesson = monologue();
  const RenderOptions options = options_for(dir.path() / "audio");
  const std::string stem = "gpu_brief-" + audio_key(lesson, options).substr(0, 12);

  const RenderResult first = render_lesson(lesson, options);
  EXPECT_FALSE(first.reused);
  EXPECT_EQ(first.mp3, options.out_dir / (stem + ".mp3"));
  EXPECT_EQ(first.opus, options.out_dir / (stem + ".opus"));
  EXPECT_EQ(first.vtt, options.out_dir / (stem + ".vtt"));
  EXPECT_EQ(first.chapters, options.out_dir / (stem + ".chapters.json"));
  for (const auto& p : {first.mp3, first.opus, first.vtt, first.chapters}) {
    EXPECT_GT(fs::file_size(p), 100u) << p;
  }
  EXPECT_GT(first.seconds, 5.0);
  EXPECT_LT(first.seconds, 30.0);
  EXPECT_NEAR(first.integrated_lufs, -16.0, 0.5);
  EXPECT_LE(first.true_peak_dbtp, -1.0);

  const auto mtime = fs::last_write_time(first.mp3);
  const RenderResult again = render_lesson(lesson, options);
  EXPECT_TRUE(again.reused);
  EXPECT_EQ(again.mp3, first.mp3);
  EXPECT_DOUBLE_EQ(again.seconds, first.seconds);
  EXPECT_EQ(fs::last_write_time(first.mp3), mtime);
  for (const auto& p : files_in(options.out_dir)) {
    EXPECT_NE(p.filename().string().front(), '.') << "a temporary file was left: " << p;
  }

  // A changed sentence is a different lesson: new names, a new render.
  Lesson edited = lesson;
  edited.script[1].sentences[1].text = "CUDA made them easy to program, and fast.";
  const RenderResult other = render_lesson(edited, options);
  EXPECT_FALSE(other.reused);
  EXPECT_NE(other.mp3, first.mp3);
}

TEST(RenderTest, KeyFollowsWhatIsHeardAndPublished) {
  const Lesson lesson = monologue();
  const RenderOptions options = options_for("unused");
  const std::string key = audio_key(lesson, options);
  EXPECT_EQ(key.size(), 64u);
  EXPECT_EQ(audio_key(lesson, options), key);

  Lesson cited = lesson;  // citations are not heard
  cited.script[1].sentences[1].citations = {"file_gpu001:c0002"};
  EXPECT_EQ(audio_key(cited, options), key);

  Lesson voice = lesson;
  voice.script[1].sentences[1].speaker = "Marcus";
  EXPECT_NE(audio_key(voice, options), key);
  Lesson retitled = lesson;
  retitled.script[1].title = "Why GPUs became the default";
  EXPECT_NE(audio_key(retitled, options), key);
  RenderOptions slower = options;
  slower.sentence_pause = 0.6;
  EXPECT_NE(audio_key(lesson, slower), key);
  RenderOptions raw = options;
  raw.normalize_text = false;
  EXPECT_NE(audio_key(lesson, raw), key);
  RenderOptions lexicon = options;
  lexicon.lexicon.entries["CUDA"] = "cooda";
  EXPECT_NE(audio_key(lesson, lexicon), key);
  RenderOptions threads = options;  // how it is rendered is not what is heard
  threads.threads = 1;
  EXPECT_EQ(audio_key(lesson, threads), key);
}

TEST(RenderTest, DialogueTranscriptAndChapters) {
  TempDir dir;
  const RenderResult r = render_lesson(dialogue(), options_for(dir.path()));
  const std::vector<VttCue> cues = read_vtt(r.vtt);
  ASSERT_EQ(cues.size(), 6u);
  const std::vector<std::string> speakers = {"Lena", "Marcus", "Marcus", "Lena", "Marcus", "Lena"};
  for (std::size_t i = 0; i < cues.size(); ++i) {
    EXPECT_EQ(cues[i].payload.rfind("<v " + speakers[i] + ">", 0), 0u) << cues[i].payload;
    EXPECT_LT(cues[i].start, cues[i].end);
    if (i > 0) {
      EXPECT_GE(cues[i].start, cues[i - 1].end + 0.3) << "a pause between sentences";
    }
  }
  EXPECT_LE(cues.back().end, r.seconds);

  const auto chapters = nlohmann::json::parse(testing::slurp(r.chapters));
  EXPECT_EQ(chapters["version"], "1.2.0");
  const auto& list = chapters["chapters"];
  ASSERT_EQ(list.size(), 3u);
  EXPECT_EQ(list[0]["title"], "Introduction");
  EXPECT_EQ(list[1]["title"], "Where TPUs are strongest");
  EXPECT_DOUBLE_EQ(list[0]["startTime"].get<double>(), 0.0);
  for (std::size_t i = 1; i < list.size(); ++i) {
    EXPECT_GT(list[i]["startTime"].get<double>(), list[i - 1]["startTime"].get<double>());
  }
  // A chapter starts where its section's first sentence does; sections are further apart.
  EXPECT_NEAR(list[1]["startTime"].get<double>(), cues[2].start, 0.002);
  EXPECT_GE(cues[2].start - cues[1].end, 1.0);
}

TEST(RenderTest, Mp3ReadBackByFfprobeAndMeasuredByFfmpeg) {
  TempDir dir;
  const RenderResult r = render_lesson(dialogue(), options_for(dir.path()));
  const auto probe = run_tool({"ffprobe", "-v", "error", "-show_chapters", "-show_format",
                               "-print_format", "json", r.mp3.string()});
  ASSERT_EQ(probe.exit_code, 0) << probe.err;
  const auto info = nlohmann::json::parse(probe.out);
  EXPECT_NEAR(std::stod(info["format"]["duration"].get<std::string>()), r.seconds, 0.1);
  EXPECT_EQ(info["format"]["tags"]["artist"], "Lena & Marcus");
  EXPECT_EQ(info["format"]["tags"]["album"], "AI hardware fundamentals");
  const auto& chapters = info["chapters"];
  ASSERT_EQ(chapters.size(), 3u);
  EXPECT_EQ(chapters[2]["tags"]["title"], "Recap");
  EXPECT_NEAR(std::stod(chapters[2]["end_time"].get<std::string>()), r.seconds, 0.05);

  for (const auto& file : {r.mp3, r.opus}) {
    const auto loud = testing::ffmpeg_loudness(file);
    EXPECT_NEAR(loud.integrated_lufs, -16.0, 1.0) << file;
    EXPECT_LE(loud.true_peak_dbtp, -1.0) << file;
  }
}

TEST(RenderTest, SpeaksMandarinWithEspeak) {
  TempDir dir;
  const RenderResult r = render_lesson(mandarin(), options_for(dir.path()));
  EXPECT_GT(r.seconds, 3.0);
  const std::vector<VttCue> cues = read_vtt(r.vtt);
  ASSERT_EQ(cues.size(), 3u);
  EXPECT_EQ(cues[0].payload, "<v Mei>大家好，我是Mei。</v>");
  const auto loud = testing::ffmpeg_loudness(r.mp3);
  EXPECT_NEAR(loud.integrated_lufs, -16.0, 1.0);
}

TEST(RenderTest, OrderDoesNotDependOnThreads) {
  // Kai (flite's diphone voice) is bit-for-bit deterministic, so one worker and four must
  // produce the same timeline.
  Lesson lesson = monologue();
  lesson.host = "Kai";
  TempDir one;
  TempDir four;
  RenderOptions serial = options_for(one.path());
  serial.threads = 1;
  RenderOptions parallel = options_for(four.path());
  parallel.threads = 4;
  std::vector<std::pair<int, int>> calls;
  const auto caller = std::this_thread::get_id();
  parallel.on_progress = [&](int done, int total) {
    EXPECT_EQ(std::this_thread::get_id(), caller);
    calls.emplace_back(done, total);
  };
  const RenderResult a = render_lesson(lesson, serial);
  const RenderResult b = render_lesson(lesson, parallel);
  EXPECT_EQ(testing::slurp(a.vtt), testing::slurp(b.vtt));
  EXPECT_DOUBLE_EQ(a.seconds, b.seconds);
  ASSERT_FALSE(calls.empty());
  EXPECT_EQ(calls.back(), std::make_pair(4, 4));
  for (std::size_t i = 1; i < calls.size(); ++i) EXPECT_GT(calls[i].first, calls[i - 1].first);
}

TEST(RenderTest, BadInputFailsClearlyAndLeavesNoFiles) {
  TempDir dir;
  const RenderOptions options = options_for(dir.path());
  Lesson empty = monologue();
  for (auto& sec : empty.script) sec.sentences.clear();
  EXPECT_THROW(render_lesson(empty, options), InvalidInput);

  Lesson stranger = monologue();
  stranger.script[1].sentences[0].speaker = "Zed";
  try {
    render_lesson(stranger, options);
    ADD_FAILURE() << "an unknown speaker was accepted";
  } catch (const InvalidInput& e) {
    EXPECT_NE(std::string(e.what()).find("'Zed'"), std::string::npos) << e.what();
  }
  Lesson french = monologue();
  french.language = "fr";
  EXPECT_THROW(render_lesson(french, options), InvalidInput);
  Lesson mixed = mandarin();
  mixed.script[1].sentences[0].speaker = "Lena";  // an English voice in a Chinese lesson
  EXPECT_THROW(render_lesson(mixed, options), InvalidInput);
  EXPECT_TRUE(files_in(dir.path()).empty());

  const fs::path file = dir.write("not_a_dir", "x");
  EXPECT_THROW(render_lesson(monologue(), options_for(file)), Io);
  EXPECT_THROW(render_lesson(monologue(), options_for(dir.path() / "no" / "such")), Io);
  EXPECT_EQ(files_in(dir.path()).size(), 1u);

  EXPECT_THROW(render_lesson(monologue(), options_for("/proc/self")), Io);  // even for root

  const fs::path locked = dir.path() / "locked";
  fs::create_directory(locked);
  fs::permissions(locked, fs::perms::owner_read | fs::perms::owner_exec);
  // Root can write anywhere; the render is tried without that privilege.
  const int child = lectio::testing::run_unprivileged([&] {
    try {
      render_lesson(monologue(), options_for(locked));
      ADD_FAILURE() << "an unwritable directory was accepted";
    } catch (const Io& e) {
      EXPECT_NE(std::string(e.what()).find(locked.string()), std::string::npos) << e.what();
    }
  });
  EXPECT_EQ(child, 0);
  EXPECT_TRUE(files_in(locked).empty());
  fs::permissions(locked, fs::perms::owner_all);
}

TEST(RenderTest, AFailedWriteRemovesTheWholeSet) {
  TempDir dir;
  const Lesson lesson = monologue();
  const RenderOptions options = options_for(dir.path());
  const std::string stem = "gpu_brief-" + audio_key(lesson, options).substr(0, 12);
  // The transcript's name is taken by a directory, so its rename fails after both encoders
  // have finished: the MP3 and Opus files must go again, with every temporary file.
  const fs::path blocker = dir.write(stem + ".vtt/keep", "x").parent_path();
  EXPECT_THROW(render_lesson(lesson, options), Io);
  // The sentence clips and the encoded units stay: caches (issue 32), so that the next
  // attempt does not synthesise or encode again; none of the set's files does.
  EXPECT_TRUE(fs::is_directory(dir.path() / "clips"));
  EXPECT_TRUE(fs::is_directory(dir.path() / "units"));
  std::vector<fs::path> left = files_in(dir.path());
  std::sort(left.begin(), left.end());
  std::vector<fs::path> expected = {blocker, dir.path() / "clips", dir.path() / "units"};
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(left, expected);
}

}  // namespace
}  // namespace lectio::speech
