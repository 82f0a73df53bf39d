// render_lesson: plan → parallel synthesis → one timeline with pauses → loudness → files.
#include "lectio/speech/render.h"

#include <fmt/format.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <thread>

#include "lectio/core/data_dir.h"
#include "lectio/core/error.h"
#include "lectio/core/file.h"
#include "lectio/speech/audio.h"
#include "lectio/speech/publish_files.h"
#include "render_files.h"
#include "render_plan.h"
#include "synth_pool.h"

namespace lectio::speech {

namespace {

// A lesson is at most 120 minutes (the brief's limit); the program is held in memory as
// 32-bit samples at 48 kHz (11 MB a minute), so anything far longer is refused, not swapped.
constexpr double kMaxProgramSeconds = 4 * 3600;

// Wall and process CPU time of each stage on stderr when LECTIO_RENDER_TIMES is set: where a
// real render's time goes, threads included, without a profiler (docs/benchmarks.md).
class StageTimes {
 public:
  StageTimes() : on_(std::getenv("LECTIO_RENDER_TIMES") != nullptr) { mark(); }
  void lap(const char* stage) {
    if (!on_) return;
    const double wall = wall_;
    const double cpu = cpu_;
    mark();
    std::fprintf(stderr, "render: %-10s %6.2f s wall %6.2f s CPU\n", stage, wall_ - wall,
                 cpu_ - cpu);
  }

 private:
  void mark() {
    using namespace std::chrono;
    wall_ = duration<double>(steady_clock::now().time_since_epoch()).count();
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    cpu_ = static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
  }
  bool on_;
  double wall_ = 0;
  double cpu_ = 0;
};

struct Timeline {
  Pcm program{kRenderRate, {}};
  std::vector<Cue> cues;
  std::vector<Chapter> chapters;
};

// Joins the clips: a lead-in, sentence_pause between lines, section_pause where a section
// starts, a tail. Cues span each line's audio; chapters run from the first line of a section
// (the first from 0) to the next chapter, so together they cover the whole file.
Timeline lay_out(const RenderPlan& plan, std::vector<Pcm>& clips, const RenderOptions& options) {
  Timeline t;
  std::size_t speech = 0;
  for (const Pcm& c : clips) speech += c.samples.size();
  const double pauses = static_cast<double>(plan.lines.size()) *
                            std::max(options.sentence_pause, options.section_pause) +
                        kLeadIn + kTail;
  const auto total = speech + static_cast<std::size_t>(pauses * kRenderRate) + 1;
  if (total > static_cast<std::size_t>(kMaxProgramSeconds * kRenderRate)) {
    throw InvalidInput(fmt::format("lesson: {:.0f} minutes of audio is over the limit of {:.0f}",
                                   static_cast<double>(total) / kRenderRate / 60,
                                   kMaxProgramSeconds / 60));
  }
  t.program.samples.reserve(total);
  append_silence(t.program, kLeadIn);
  for (std::size_t i = 0; i < plan.lines.size(); ++i) {
    const PlannedLine& line = plan.lines[i];
    const bool new_section = i == 0 || plan.lines[i - 1].section != line.section;
    if (i > 0)
      append_silence(t.program, new_section ? options.section_pause : options.sentence_pause);
    const double start = t.program.seconds();
    if (new_section) {
      t.chapters.push_back(
          {plan.sections[line.section].title, t.chapters.empty() ? 0.0 : start, 0});
    }
    t.program.samples.insert(t.program.samples.end(), clips[i].samples.begin(),
                             clips[i].samples.end());
    std::vector<float>().swap(clips[i].samples);  // the program holds it now
    t.cues.push_back({start, t.program.seconds(), plan.voices[line.voice].name, line.text});
  }
  append_silence(t.program, kTail);
  for (std::size_t c = 0; c < t.chapters.size(); ++c) {
    t.chapters[c].end = c + 1 < t.chapters.size() ? t.chapters[c + 1].start : t.program.seconds();
  }
  return t;
}

AudioTags make_tags(const lesson::Lesson& lesson, const RenderPlan& plan,
                    std::vector<Chapter> chapters) {
  AudioTags tags;
  tags.title = lesson.title;
  for (const voices::Host& h : plan.voices)
    tags.artist += (tags.artist.empty() ? "" : " & ") + h.name;
  tags.album = lesson.plan;
  tags.date = lesson.date;
  tags.comment = lesson.description;
  tags.chapters = std::move(chapters);
  return tags;
}

void check_options(const RenderOptions& options) {
  const auto pause_ok = [](double s) { return s >= 0 && s <= 10; };
  if (!pause_ok(options.sentence_pause) || !pause_ok(options.section_pause)) {
    throw InvalidInput(fmt::format("render: pauses {} s / {} s must be 0-10 s",
                                   options.sentence_pause, options.section_pause));
  }
  if (options.threads < 0) throw InvalidInput(fmt::format("render: {} threads", options.threads));
}

}  // namespace

std::string audio_key(const lesson::Lesson& lesson, const RenderOptions& options) {
  check_options(options);
  return render_key(lesson, make_render_plan(lesson), options);
}

RenderResult render_lesson(const lesson::Lesson& lesson, const RenderOptions& options) {
  check_options(options);
  const RenderPlan plan = make_render_plan(lesson);
  const RenderPaths paths =
      render_paths(options.out_dir, lesson, render_key(lesson, plan, options));
  prepare_out_dir(options.out_dir);
  if (auto earlier = find_render(paths)) return *earlier;
  // A render of this set that was killed while writing left staged files: not ours to keep.
  for (const auto* p : {&paths.mp3, &paths.opus, &paths.vtt, &paths.chapters, &paths.record}) {
    remove_abandoned_staged(*p);
  }

  StageTimes times;
  std::vector<Pcm> clips = synthesize_plan(plan, options);
  times.lap("synthesis");  // with text normalisation, trimming and resampling
  Timeline t = lay_out(plan, clips, options);
  const Loudness loudness = normalize_loudness(t.program);
  times.lap("loudness");
  const AudioTags tags = make_tags(lesson, plan, t.chapters);

  PublishedFiles written;  // removed again unless the whole set is written
  for (const auto* p : {&paths.mp3, &paths.opus, &paths.vtt, &paths.chapters, &paths.record}) {
    written.add(*p);
  }
  // The encoders are independent and single-threaded: run them side by side.
  std::exception_ptr opus_error;
  {
    std::jthread opus([&] {
      try {
        write_opus(t.program, tags, paths.opus);
      } catch (...) {
        opus_error = std::current_exception();
      }
    });
    write_mp3(t.program, tags, paths.mp3);
  }
  if (opus_error) std::rethrow_exception(opus_error);
  times.lap("encoders");  // MP3 and Opus side by side
  write_file_atomic(paths.vtt, webvtt(t.cues));
  write_file_atomic(paths.chapters, chapters_json(t.chapters));
  times.lap("transcript");

  RenderResult result{paths.mp3, paths.opus, paths.vtt, paths.chapters};
  result.seconds = t.program.seconds();
  result.integrated_lufs = loudness.integrated_lufs;
  result.true_peak_dbtp = loudness.true_peak_dbtp;
  write_record(paths, result);  // last: its presence marks a complete set
  written.keep();
  return result;
}

bool record_audio(lesson::Lesson& lesson, const RenderResult& result,
                  const std::filesystem::path& data_dir) {
  const lesson::LessonAudio audio{
      relative_to_data_dir(result.mp3, data_dir), relative_to_data_dir(result.opus, data_dir),
      relative_to_data_dir(result.vtt, data_dir), relative_to_data_dir(result.chapters, data_dir)};
  const bool same = lesson.duration.measured_seconds == result.seconds && lesson.audio &&
                    lesson.audio->mp3 == audio.mp3 && lesson.audio->opus == audio.opus &&
                    lesson.audio->vtt == audio.vtt && lesson.audio->chapters == audio.chapters;
  lesson.duration.measured_seconds = result.seconds;
  lesson.audio = audio;
  return !same;
}

}  // namespace lectio::speech
