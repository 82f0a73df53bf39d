// The pieces an edited lesson's re-render reuses (issue 32), on real speech: loudness from
// cached 10 ms cells against libebur128, MP3 units under one Info frame against LAME's own
// file, Ogg Opus units read by ffprobe, both decoded by ffmpeg and lined up against the
// input, and the gain kept or found again by render_units.
// Labelled "audio": needs flite, ffmpeg and ffprobe.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "lectio/core/error.h"
#include "lectio/speech/audio.h"
#include "lectio/speech/publish_files.h"
#include "loudness_cells.h"
#include "mp3_units.h"
#include "opus_units.h"
#include "speech/audio_support.h"
#include "speech/lame_reference.h"
#include "unit_render.h"

namespace lectio::speech {
namespace {

namespace fs = std::filesystem;
using testing::TempDir;

// Real speech at 48 kHz: flite's voice resampled, `copies` times with a pause between.
Pcm speech(const fs::path& dir, int copies = 1) {
  const Pcm one =
      resample(testing::flite_speech(dir, "Graphics processors run thousands of threads at once."),
               kRenderRate);
  Pcm out{kRenderRate, {}};
  for (int i = 0; i < copies; ++i) {
    append_silence(out, 0.4);
    out.samples.insert(out.samples.end(), one.samples.begin(), one.samples.end());
  }
  return out;
}

// `pcm` zero-filled to a whole number of `unit` samples.
void fill_to(Pcm& pcm, std::size_t unit) {
  pcm.samples.resize((pcm.samples.size() + unit - 1) / unit * unit, 0.0f);
}

std::string without_id3(const fs::path& mp3) {
  const std::string b = testing::slurp(mp3);
  if (b.compare(0, 3, "ID3") != 0) return b;
  const auto size = (static_cast<std::size_t>(b[6] & 0x7f) << 21) |
                    (static_cast<std::size_t>(b[7] & 0x7f) << 14) |
                    (static_cast<std::size_t>(b[8] & 0x7f) << 7) |
                    static_cast<std::size_t>(b[9] & 0x7f);
  return b.substr(10 + size);
}

TEST(LoudnessCellsTest, AgreesWithLibebur128OnSpeech) {
  TempDir dir;
  Pcm pcm = speech(dir.path(), 3);
  fill_to(pcm, kCellSamples);
  const double cells =
      integrated_from_cells(loudness_cells(pcm.samples.data(), pcm.samples.size()));
  EXPECT_NEAR(cells, measure_loudness(pcm).integrated_lufs, 0.01);
  // Split in two where the speech pauses: the lists joined measure the same.
  const std::size_t half = (pcm.samples.size() / 2) / kCellSamples * kCellSamples;
  auto a = loudness_cells(pcm.samples.data(), half);
  const auto b = loudness_cells(pcm.samples.data() + half, pcm.samples.size() - half);
  a.insert(a.end(), b.begin(), b.end());
  EXPECT_NEAR(integrated_from_cells(a), cells, 0.05);
  EXPECT_NEAR(integrated_from_cells(a, 3.0), integrated_from_cells(a) + 3.0, 1e-9);
  EXPECT_TRUE(std::isinf(integrated_from_cells(std::vector<double>(100, 0.0))));
}

TEST(Mp3UnitsTest, OneUnitIsTheFileLameWritesItself) {
  TempDir dir;
  Pcm pcm = speech(dir.path(), 2);
  append_silence(pcm, 30);  // over 400 frames: LAME's seek table halves its samples
  fill_to(pcm, kMp3FrameSamples);
  const std::string unit = encode_mp3_unit(pcm.samples.data(), pcm.samples.size());
  const AudioTags tags{"Title", "Lena", "", "", "", {}};
  write_mp3_units({&unit}, tags, dir.path() / "units.mp3");
  const std::string ours = without_id3(dir.path() / "units.mp3");
  const std::string lame = testing::lame_reference_stream(pcm.samples.data(), pcm.samples.size());
  ASSERT_EQ(ours.size(), lame.size());
  for (std::size_t i = 0; i < ours.size(); ++i) {
    ASSERT_EQ(ours[i], lame[i]) << "byte " << i;
  }
}

// Decodes a file with ffmpeg to 48 kHz mono float samples.
std::vector<float> ffmpeg_decode(const fs::path& file, const fs::path& dir) {
  const fs::path wav = dir / (file.filename().string() + ".wav");
  const auto r =
      testing::run_tool({"ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-i", file.string(),
                         "-ac", "1", "-ar", "48000", "-c:a", "pcm_s16le", wav.string()});
  if (r.exit_code != 0) throw std::runtime_error("ffmpeg failed: " + r.err);
  return testing::read_wav(wav).samples;
}

// Where `part` sits in `whole` near `expected` (the lag with the best correlation, searched
// 100 ms each way), in samples from `expected`.
long best_lag(const std::vector<float>& whole, const float* part, std::size_t n,
              std::size_t expected) {
  long best = 0;
  double best_score = -1e300;
  for (long lag = -4800; lag <= 4800; lag += 1) {
    const long at = static_cast<long>(expected) + lag;
    if (at < 0 || static_cast<std::size_t>(at) + n > whole.size()) continue;
    double score = 0;
    for (std::size_t i = 0; i < n; i += 4) score += part[i] * whole[at + i];
    if (score > best_score) {
      best_score = score;
      best = lag;
    }
  }
  return best;
}

double rms_db(const float* x, std::size_t n) {
  double sum = 0;
  for (std::size_t i = 0; i < n; ++i) sum += static_cast<double>(x[i]) * x[i];
  return 10 * std::log10(sum / static_cast<double>(n) + 1e-20);
}

// Three units on the 120 ms grid, each starting with silence, as the renderer lays them out.
struct ThreeUnits {
  Pcm program{kRenderRate, {}};
  std::vector<std::size_t> starts;  // of each unit's speech
};

ThreeUnits three_units(const fs::path& dir) {
  ThreeUnits t;
  const Pcm one = speech(dir, 1);  // 0.4 s of silence, then speech
  for (int u = 0; u < 3; ++u) {
    t.starts.push_back(t.program.samples.size() + 19200);
    t.program.samples.insert(t.program.samples.end(), one.samples.begin(), one.samples.end());
    t.program.samples.resize(t.program.samples.size() + 1152, 0.0f);
    fill_to(t.program, 5760);
  }
  return t;
}

TEST(OpusUnitsTest, UnitsDecodeToOneTimelineWithoutGaps) {
  TempDir dir;
  const ThreeUnits t = three_units(dir.path());
  std::vector<std::string> units;
  std::size_t at = 0;
  for (std::size_t u = 0; u < 3; ++u) {
    const std::size_t end = u + 1 < 3 ? t.starts[u + 1] - 19200 : t.program.samples.size();
    units.push_back(encode_opus_unit(t.program.samples.data() + at, end - at));
    at = end;
  }
  const std::size_t audible = t.program.samples.size() - 1152;
  const fs::path opus = dir.path() / "units.opus";
  write_opus_units({&units[0], &units[1], &units[2]}, audible,
                   {"Title", "Lena", "", "", "", {{"One", 0, 1}, {"Two", 1, 2}}}, opus);
  const auto probe =
      testing::run_tool({"ffprobe", "-v", "error", "-show_entries",
                         "format=duration:stream=codec_name", "-of", "csv=p=0", opus.string()});
  ASSERT_EQ(probe.exit_code, 0) << probe.err;
  EXPECT_NE(probe.out.find("opus"), std::string::npos) << probe.out;
  const auto decoded = ffmpeg_decode(opus, dir.path());
  EXPECT_EQ(decoded.size(), audible);
  for (const std::size_t s : t.starts) {
    EXPECT_EQ(best_lag(decoded, t.program.samples.data() + s, 24000, s), 0) << "unit at " << s;
  }
  // A fresh encoder after other units' packets: the decoder follows at once (its state after
  // silence is the state a fresh encoder assumes), so each unit's first half second of speech
  // comes out as loud as it went in.
  for (const std::size_t s : t.starts) {
    EXPECT_NEAR(rms_db(decoded.data() + s, 24000), rms_db(t.program.samples.data() + s, 24000), 1.0)
        << "unit at " << s;
  }
  EXPECT_THROW(encode_opus_unit(t.program.samples.data(), 1000), InvalidInput);
}

TEST(Mp3UnitsTest, UnitsDecodeToOneTimelineWithoutGaps) {
  TempDir dir;
  const ThreeUnits t = three_units(dir.path());
  std::vector<std::string> units;
  std::size_t at = 0;
  for (std::size_t u = 0; u < 3; ++u) {
    const std::size_t end = u + 1 < 3 ? t.starts[u + 1] - 19200 : t.program.samples.size();
    units.push_back(encode_mp3_unit(t.program.samples.data() + at, end - at - 1152));
    at = end;
  }
  const fs::path mp3 = dir.path() / "units.mp3";
  write_mp3_units({&units[0], &units[1], &units[2]}, {"Title", "Lena", "", "", "", {}}, mp3);
  const auto decoded = ffmpeg_decode(mp3, dir.path());
  EXPECT_EQ(decoded.size(), t.program.samples.size() - 1152);
  for (const std::size_t s : t.starts) {
    EXPECT_EQ(best_lag(decoded, t.program.samples.data() + s, 24000, s), 0) << "unit at " << s;
  }
  EXPECT_THROW(encode_mp3_unit(t.program.samples.data(), 1000), InvalidInput);
}

// Three units of speech, laid out as the renderer would (keys name their content).
UnitLayout layout_of(const ThreeUnits& t, float louder_last = 1.0f) {
  UnitLayout layout;
  std::size_t at = 0;
  for (std::size_t u = 0; u < 3; ++u) {
    const std::size_t end = u + 1 < 3 ? t.starts[u + 1] - 19200 : t.program.samples.size();
    ProgramUnit unit{{t.program.samples.begin() + static_cast<std::ptrdiff_t>(at),
                      t.program.samples.begin() + static_cast<std::ptrdiff_t>(end)},
                     "unit " + std::to_string(u)};
    if (u == 2 && louder_last != 1.0f) {
      for (float& x : unit.samples) x *= louder_last;
      unit.key += " x" + std::to_string(louder_last);
    }
    layout.units.push_back(std::move(unit));
    at = end;
  }
  layout.audible = t.program.samples.size() - kUnitDecoderGap;
  return layout;
}

// The gain is found once, kept while the program stays within 0.5 LU of the target, and
// found again (every unit encoded again) when an edit moves it further.
TEST(UnitRenderTest, KeepsTheGainWithinTheToleranceAndFindsItAgainBeyond) {
  TempDir dir;
  const ThreeUnits t = three_units(dir.path());
  const UnitFiles files{dir.path() / "a.mp3", dir.path() / "a.opus", dir.path() / "units",
                        "lesson_a"};
  const AudioTags tags{"Title", "Lena", "", "", "", {}};
  const UnitRender first = render_units(layout_of(t), tags, files);
  EXPECT_FALSE(first.gain_kept);
  EXPECT_EQ(first.units_encoded, 3u);
  EXPECT_NEAR(first.loudness.integrated_lufs, kTargetLufs, 0.05);
  EXPECT_LE(first.loudness.true_peak_dbtp, kEncodeCeilingDbtp);
  EXPECT_NEAR(testing::ffmpeg_loudness(files.mp3).integrated_lufs, kTargetLufs, 0.5);

  const UnitRender again = render_units(layout_of(t), tags, files);
  EXPECT_TRUE(again.gain_kept);
  EXPECT_EQ(again.units_encoded, 0u);
  EXPECT_EQ(again.gain_db, first.gain_db);

  // The last unit 0.5 dB louder: the program moves about 0.2 LU, within the tolerance.
  const UnitRender nudged = render_units(layout_of(t, 1.06f), tags, files);
  EXPECT_TRUE(nudged.gain_kept);
  EXPECT_EQ(nudged.units_encoded, 1u);
  EXPECT_NEAR(nudged.loudness.integrated_lufs, kTargetLufs, kKeepGainLu);

  // 6 dB louder: about 3 LU over, so the gain is found again and every unit encoded at it.
  const UnitRender louder = render_units(layout_of(t, 2.0f), tags, files);
  EXPECT_FALSE(louder.gain_kept);
  EXPECT_EQ(louder.units_encoded, 3u);
  EXPECT_LT(louder.gain_db, first.gain_db - 1.0);
  EXPECT_NEAR(louder.loudness.integrated_lufs, kTargetLufs, 0.05);
  EXPECT_LE(louder.loudness.true_peak_dbtp, kEncodeCeilingDbtp);
}

}  // namespace
}  // namespace lectio::speech
