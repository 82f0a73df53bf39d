#pragma once
// Renders a composed lesson to podcast-grade audio: every sentence normalised and synthesised
// (in parallel, in deterministic order), joined with natural pauses, resampled to one rate,
// loudness-normalised, and written as MP3, Opus, WebVTT and chapters JSON. File names are
// content-addressed: an unchanged lesson is not rendered again.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "lectio/lesson/lesson.h"
#include "lectio/speech/normalize.h"
#include "lectio/text/speaking_rate.h"

namespace lectio::speech {

// Bounds on the caches a render keeps (under its out_dir unless told otherwise), in bytes. After
// each render the least recently used entries (by mtime; a render that reads an entry marks it
// used) are removed until each cache is within its bound. What the render itself used always stays,
// so a lesson larger than a bound leaves that cache over it until a later render; the rendered
// files beside the caches are never removed.
struct CacheLimits {
  // clips/: each sentence's synthesised samples, float32 (3.6 MB a minute of the example
  // lesson with a built-in voice): about 280 minutes of lessons.
  std::uintmax_t clip_bytes = std::uintmax_t{1} << 30;
  // units/: each unit's loudness cells, MP3 and Opus at its gain (1.1 MB a minute): about
  // 230 minutes.
  std::uintmax_t unit_bytes = std::uintmax_t{256} << 20;
  // sentences/ (or RenderOptions::sentence_cache): a speech server's answers as it sent them
  // (WAV at 24 kHz is 2.9 MB a minute): about 370 minutes. Generous, because a miss is a
  // request to a server that may be slow or paid, and these outlive a renderer change that
  // makes every clip again.
  std::uintmax_t sentence_bytes = std::uintmax_t{1} << 30;
};

struct RenderOptions {
  std::filesystem::path out_dir;  // created when missing
  int threads = 0;                // 0 = all cores, or more for speech-server voices
  // Speech-server voices' sentence cache; empty: <out_dir>/sentences.
  std::filesystem::path sentence_cache;
  Lexicon lexicon;
  bool normalize_text = true;  // off only to measure what normalisation buys
  double sentence_pause = text::kSentencePauseSeconds;
  double section_pause = text::kSectionPauseSeconds;
  CacheLimits cache;
  // Called after each sentence is synthesised (done, total); for a progress bar.
  std::function<void(int, int)> on_progress;
};

struct RenderResult {
  std::filesystem::path mp3;
  std::filesystem::path opus;
  std::filesystem::path vtt;
  std::filesystem::path chapters;
  double seconds = 0;  // measured duration
  double integrated_lufs = 0;
  double true_peak_dbtp = 0;
  bool reused = false;  // the files already existed for this exact content
};

// The content key of a lesson's audio: changes when anything that is heard changes.
std::string audio_key(const lesson::Lesson& lesson, const RenderOptions& options);

// The files render_lesson writes for this lesson and options, whether or not they exist: MP3,
// Opus, WebVTT, chapters JSON and the render record. Throws like audio_key.
std::vector<std::filesystem::path> render_files(const lesson::Lesson& lesson,
                                                const RenderOptions& options);

// Throws InvalidInput for an empty script or an unknown voice, Io when the output directory
// cannot be written.
RenderResult render_lesson(const lesson::Lesson& lesson, const RenderOptions& options);

// Records a render in the lesson: the measured duration and the files, relative to data_dir
// when inside it (relative_to_data_dir). Returns whether the lesson changed, so that callers
// store it only then.
bool record_audio(lesson::Lesson& lesson, const RenderResult& result,
                  const std::filesystem::path& data_dir);

}  // namespace lectio::speech
