// render_lesson: plan → parallel synthesis → units of lines with pauses → loudness and
// encoding per unit (cached) → files.
#include "lectio/speech/render.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <set>
#include <thread>

#include "clip_cache.h"
#include "lectio/core/data_dir.h"
#include "lectio/core/error.h"
#include "lectio/core/file.h"
#include "lectio/speech/audio.h"
#include "lectio/speech/publish_files.h"
#include "program_units.h"
#include "render_files.h"
#include "render_plan.h"
#include "sentence_cache.h"
#include "stage_times.h"
#include "synth_pool.h"
#include "unit_render.h"

namespace lectio::speech {

namespace {

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

std::filesystem::path unit_cache_dir(const std::filesystem::path& out_dir) {
  return out_dir / "units";
}

// What this render used, by cache: the entries trim_caches keeps.
struct UsedEntries {
  std::set<std::string> clips;
  std::set<std::string> sentences;
  std::set<std::string> units;
};

// Keeps the caches within options.cache once the set is written: what this render used stays.
void trim_caches(const RenderOptions& options, const UsedEntries& used, const StageTimes& times) {
  const std::uintmax_t clip_bytes =
      ClipCache(options.out_dir).trim(options.cache.clip_bytes, used.clips);
  const std::uintmax_t unit_bytes =
      SentenceCache(unit_cache_dir(options.out_dir)).trim(options.cache.unit_bytes, used.units);
  // The answers grow only in a render that asks a server (a clip missing), so only such a
  // render walks them: one of built-in voices never does.
  std::uintmax_t sentence_bytes = 0;
  if (!used.sentences.empty()) {
    sentence_bytes = SentenceCache(sentence_cache_dir(options))
                         .trim(options.cache.sentence_bytes, used.sentences);
  }
  if (times.on()) {
    std::fprintf(stderr, "render: caches hold %ju bytes of clips, %ju of units, %ju of answers\n",
                 clip_bytes, unit_bytes, sentence_bytes);
  }
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

std::vector<std::filesystem::path> render_files(const lesson::Lesson& lesson,
                                                const RenderOptions& options) {
  const RenderPaths p = render_paths(options.out_dir, lesson, audio_key(lesson, options));
  return {p.mp3, p.opus, p.vtt, p.chapters, p.record};
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
  SynthesizedPlan clips = synthesize_plan(plan, options);
  times.lap("synthesis");  // with text normalisation, trimming and resampling
  UsedEntries used;
  used.clips.insert(clips.keys.begin(), clips.keys.end());
  used.sentences = std::move(clips.sentence_keys);
  const UnitLayout layout = lay_out_units(plan, clips, options);
  clips = {};
  times.lap("layout");
  const AudioTags tags = make_tags(lesson, plan, layout.chapters);

  PublishedFiles written;  // removed again unless the whole set is written
  for (const auto* p : {&paths.mp3, &paths.opus, &paths.vtt, &paths.chapters, &paths.record}) {
    written.add(*p);
  }
  // An edited lesson keeps its gain (and so its unchanged units) from its previous render.
  const UnitFiles files{paths.mp3, paths.opus, unit_cache_dir(options.out_dir),
                        lesson.id.empty() ? lesson.slug : lesson.id, options.threads};
  const UnitRender units = render_units(layout, tags, files, &times);
  if (times.on()) {
    std::fprintf(stderr, "render: %zu of %zu units encoded, gain %.2f dB%s\n", units.units_encoded,
                 layout.units.size(), units.gain_db, units.gain_kept ? " (kept)" : "");
  }
  write_file_atomic(paths.vtt, webvtt(layout.cues));
  write_file_atomic(paths.chapters, chapters_json(layout.chapters));
  times.lap("transcript");

  RenderResult result{paths.mp3, paths.opus, paths.vtt, paths.chapters};
  result.seconds = layout.seconds();
  result.integrated_lufs = units.loudness.integrated_lufs;
  result.true_peak_dbtp = units.loudness.true_peak_dbtp;
  write_record(paths, result);  // last: its presence marks a complete set
  written.keep();
  used.units = units.cache_keys;
  trim_caches(options, used, times);
  times.lap("cache trim");
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
