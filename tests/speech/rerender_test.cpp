// An edited lesson rendered again (issue 32), with real voices, checked on the decoded files:
// only the edited line's unit is encoded again, its neighbours' bytes are the full render's,
// and every cue sits on its sentence in the decoded MP3 and Opus.
// Labelled "audio": needs flite and ffmpeg.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "lectio/speech/render.h"
#include "speech/audio_support.h"

namespace lectio::speech {
namespace {

namespace fs = std::filesystem;
using lesson::Lesson;
using lesson::ScriptSection;
using lesson::ScriptSentence;
using testing::TempDir;

ScriptSentence line(std::string text) {
  ScriptSentence s;
  s.text = std::move(text);
  return s;
}

// Three sections, eleven lines: several units.
Lesson lesson_of_units() {
  Lesson l;
  l.slug = "units";
  l.id = "lesson_units_0000abcd";
  l.title = "GPUs and TPUs";
  l.host = "Lena";
  l.language = "en";
  l.format = "monologue";
  l.script.push_back({lesson::SectionKind::kIntro,
                      "Introduction",
                      -1,
                      "",
                      {line("Hello, I'm Lena."), line("Today we compare GPUs and TPUs."),
                       line("Both run neural networks.")}});
  l.script.push_back(
      {lesson::SectionKind::kInsight,
       "Why GPUs won",
       0,
       "",
       {line("GPUs run thousands of threads at once."), line("CUDA made them easy to program."),
        line("Games paid for the first chips."), line("Researchers found them by accident.")}});
  l.script.push_back({lesson::SectionKind::kOutro,
                      "Recap",
                      -1,
                      "",
                      {line("TPUs do one thing very well."), line("GPUs do many things well."),
                       line("Choose by your workload."), line("Thanks for listening.")}});
  return l;
}

RenderOptions options_for(const fs::path& dir) {
  RenderOptions o;
  o.out_dir = dir;
  return o;
}

std::vector<fs::path> with_extension(const fs::path& dir, const std::string& ext) {
  std::vector<fs::path> out;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, ec); it != fs::end(it); ++it) {
    if (it->path().extension() == ext) out.push_back(it->path());
  }
  return out;
}

std::vector<float> decode(const fs::path& file, const fs::path& dir) {
  const fs::path wav = dir / (file.filename().string() + ".wav");
  const auto r = testing::run_tool({"ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-i",
                                    file.string(), "-ac", "1", "-c:a", "pcm_s16le", wav.string()});
  if (r.exit_code != 0) throw std::runtime_error("ffmpeg failed: " + r.err);
  const Pcm pcm = testing::read_wav(wav);
  EXPECT_EQ(pcm.sample_rate, kRenderRate);
  return pcm.samples;
}

// Where sound starts at or after `from` and where it last ends before `to` (5 ms windows
// over -60 dBFS), in seconds.
std::pair<double, double> sound_between(const std::vector<float>& x, double from, double to) {
  constexpr std::size_t kWindow = 240;
  const auto loud = [&](std::size_t at) {
    double sum = 0;
    for (std::size_t i = at; i < at + kWindow && i < x.size(); ++i) sum += x[i] * x[i];
    return 10 * std::log10(sum / kWindow + 1e-20) > -60;
  };
  const auto first = static_cast<std::size_t>(std::max(0.0, from) * kRenderRate);
  const auto last = std::min(x.size(), static_cast<std::size_t>(to * kRenderRate));
  double start = -1;
  double end = -1;
  for (std::size_t at = first; at + kWindow <= last; at += kWindow) {
    if (!loud(at)) continue;
    if (start < 0) start = static_cast<double>(at) / kRenderRate;
    end = static_cast<double>(at + kWindow) / kRenderRate;
  }
  return {start, end};
}

void expect_cues_on_the_sentences(const RenderResult& r, const fs::path& dir) {
  const auto cues = testing::read_vtt(r.vtt);
  ASSERT_EQ(cues.size(), 11u);
  for (const fs::path& file : {r.mp3, r.opus}) {
    const std::vector<float> audio = decode(file, dir);
    EXPECT_NEAR(static_cast<double>(audio.size()) / kRenderRate, r.seconds, 0.001) << file;
    for (std::size_t i = 0; i < cues.size(); ++i) {
      // Search from the middle of the pause before the cue to the middle of the one after.
      const double from = i == 0 ? 0.0 : (cues[i - 1].end + cues[i].start) / 2;
      const double to = i + 1 < cues.size() ? (cues[i].end + cues[i + 1].start) / 2 : r.seconds;
      const auto [start, end] = sound_between(audio, from, to);
      // The sentence's sound lies within its cue, give or take 50 ms, and fills it: the
      // renderer keeps 30 ms before the voice and 80 ms after it in each clip (synth_pool),
      // where a soft onset or decay may fall under the threshold.
      EXPECT_GE(start, cues[i].start - 0.05) << file << " cue " << i;
      EXPECT_LE(start, cues[i].start + 0.1) << file << " cue " << i;
      EXPECT_LE(end, cues[i].end + 0.05) << file << " cue " << i;
      EXPECT_GE(end, cues[i].end - 0.2) << file << " cue " << i;
    }
  }
}

TEST(RerenderTest, AnEditEncodesOnlyItsUnitAndTheRestIsTheFullRendersBytes) {
  TempDir dir;
  const fs::path partial = dir.path() / "partial";
  const Lesson v1 = lesson_of_units();
  render_lesson(v1, options_for(partial));
  const std::size_t units_v1 = with_extension(partial / "units", ".unit").size();
  EXPECT_GE(units_v1, 4u);

  Lesson v2 = v1;
  v2.script[1].sentences[1].text = "CUDA made them easy to program, and cheap.";
  const RenderResult second = render_lesson(v2, options_for(partial));
  const std::size_t added = with_extension(partial / "units", ".unit").size() - units_v1;
  EXPECT_GE(added, 1u);
  EXPECT_LE(added, 2u) << "the edited line's unit, and its neighbour if the edit moved a join";
  EXPECT_NEAR(second.integrated_lufs, -16.0, 0.5) << "the first render's gain, kept";
  EXPECT_LE(second.true_peak_dbtp, -1.0);
  EXPECT_NEAR(testing::ffmpeg_loudness(second.mp3).integrated_lufs, -16.0, 1.0);

  // The same version from nothing but the kept gain: every byte the same.
  const fs::path full = dir.path() / "full";
  fs::create_directories(full / "units");
  for (const fs::path& memo : with_extension(partial / "units", ".gain")) {
    const fs::path to = full / "units" / fs::relative(memo, partial / "units");
    fs::create_directories(to.parent_path());
    fs::copy_file(memo, to);
  }
  const RenderResult fresh = render_lesson(v2, options_for(full));
  EXPECT_FALSE(fresh.reused);
  EXPECT_EQ(testing::slurp(fresh.mp3), testing::slurp(second.mp3));
  EXPECT_EQ(testing::slurp(fresh.opus), testing::slurp(second.opus));
  EXPECT_EQ(testing::slurp(fresh.vtt), testing::slurp(second.vtt));
  EXPECT_EQ(testing::slurp(fresh.chapters), testing::slurp(second.chapters));
  expect_cues_on_the_sentences(second, dir.path());
}

}  // namespace
}  // namespace lectio::speech
