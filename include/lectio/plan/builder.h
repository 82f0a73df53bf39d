#pragma once
// Builds every lesson of a plan file, in parallel, and stores the plan.
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "lectio/lesson/brief.h"
#include "lectio/lesson/lesson.h"
#include "lectio/pipeline/engines.h"
#include "lectio/plan/plan.h"
#include "lectio/plan/plan_file.h"
#include "lectio/speech/render.h"
#include "lectio/store/content_store.h"

namespace lectio::plan {

// What happened to one lesson; reported as each lesson finishes.
struct LessonOutcome {
  int chapter = 0;  // 0-based
  int lesson = 0;   // 0-based within the chapter
  PlanLesson entry;
  bool composed = false;              // the script was composed (not taken from the store)
  bool rendered = false;              // audio was synthesised (not found already rendered)
  std::vector<std::string> warnings;  // the composer's, when it composed
  std::vector<std::string> tags;
};

struct BuildOptions {
  std::filesystem::path data_dir;
  int jobs = 0;                     // lessons built at once; 0 = one per core
  bool audio = true;                // false: compose only; totals then use estimates
  std::filesystem::path audio_dir;  // default <data_dir>/audio
  std::filesystem::path lexicon;    // default <data_dir>/lexicon.yaml when that exists
  // Synthesis threads per lesson; 0 = the cores shared out between the lessons built at once.
  int render_threads = 0;
  speech::CacheLimits render_cache;  // the bounds of audio_dir's render caches
  // Who writes the lessons (each brief's `engine` unless `engines.choice` overrides it); every
  // lesson's engine is checked before any is built.
  pipeline::EngineSetup engines;
  // Called on the calling thread as each lesson finishes (done so far, total).
  std::function<void(const LessonOutcome&, int done, int total)> on_lesson;
};

struct BuildResult {
  Plan plan;                            // as stored
  std::vector<LessonOutcome> outcomes;  // in plan order
  int composed = 0;
  int rendered = 0;
  int reused = 0;  // neither composed nor rendered
  int failed = 0;
};

// Builds each lesson on a fixed pool of workers, each with its own pipeline::LessonMaker
// (store connection, index and engines). A stored lesson is reused when its build key (brief,
// source versions, engine) matches and, with audio, its audio files still exist (otherwise they are
// rendered again). Each lesson is stored as soon as it is built, so a failure loses none of the
// others and a re-run resumes; failures are reported in the result (status kFailed), not thrown.
// The plan is stored at the end, also when some lessons failed. Throws only when the store or index
// cannot be opened, or (InvalidField naming `engine`, before any lesson is built) when a lesson
// asks for an engine that `options.engines` does not have.
BuildResult build_plan(const PlanFile& file, const BuildOptions& options);

// For lessons built elsewhere (queued for a fleet of workers), the two ends of build_plan:

// The brief of every lesson in plan order, as build_plan builds it: an undated brief gets the
// plan's date (that of the stored plan, else today), so that its build key stays the same, and
// each its engine (pipeline::with_engine, which throws as build_plan does).
std::vector<lesson::Brief> lesson_briefs(const PlanFile& file, store::ContentStore& store,
                                         const pipeline::EngineSetup& engines = {});

// What became of the lesson at `position` (plan order): built (`lesson` as stored; `composed`
// and `rendered` as its builder reported), or failed with `error` when `lesson` is null.
LessonOutcome lesson_outcome(const PlanFile& file, std::size_t position,
                             const lesson::Lesson* lesson, const std::string& error,
                             bool composed = false, bool rendered = false);

// Counts the outcomes (in plan order), assembles the plan and stores it.
BuildResult store_plan(const PlanFile& file, store::ContentStore& store,
                       std::vector<LessonOutcome> outcomes);

}  // namespace lectio::plan
