// lectio plan build --queue: the plan's lessons as jobs for `lectio worker`s, on the store's
// queue (PostgreSQL for a fleet, else the data directory's SQLite file).
#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <memory>
#include <optional>
#include <thread>
#include <vector>

#include "lectio/compose/composer.h"
#include "lectio/core/error.h"
#include "lectio/core/progress.h"
#include "lectio/jobs/jobs.h"
#include "lectio/pipeline/lesson_records.h"
#include "lectio/queue/queue.h"
#include "lectio/store/store.h"
#include "plan_build.h"

namespace lectio::cli {

namespace {

// One lesson of the plan: a stored lesson reused as it is, or a job.
struct Queued {
  std::optional<lesson::Lesson> stored;
  std::int64_t job = 0;
  queue::JobInfo ended;  // once the job ended
};

// The stored lesson built from this build key, usable as it is (with audio when asked for).
std::optional<lesson::Lesson> reusable(store::ContentStore& store, const std::string& key,
                                       bool audio) {
  for (const store::Record& r : store.records(store::RecordKind::kLesson)) {
    if (r.build_key != key) continue;
    auto lesson = pipeline::load_lesson(store, r.id);
    if (lesson && (!audio || lesson->audio)) return lesson;
  }
  return std::nullopt;
}

// Waits for the jobs to end (done, failed or cancelled), with a progress bar on a terminal.
void follow(queue::Queue& queue, std::vector<Queued>& lessons) {
  std::size_t left = 0;
  for (const Queued& q : lessons) left += q.stored ? 0 : 1;
  Progress progress("Building lessons", static_cast<std::int64_t>(left), 0);
  std::vector<bool> over(lessons.size(), false);
  while (left > 0) {
    for (std::size_t i = 0; i < lessons.size(); ++i) {
      if (lessons[i].stored || over[i]) continue;
      const auto info = queue.job(lessons[i].job);
      if (!info) throw NotFound(fmt::format("job {}: gone from the queue", lessons[i].job));
      if (info->state == queue::State::kAvailable || info->state == queue::State::kRunning) {
        continue;
      }
      lessons[i].ended = *info;
      over[i] = true;
      --left;
      progress.advance(1, 0);
    }
    if (left > 0) std::this_thread::sleep_for(std::chrono::milliseconds(500));
  }
  progress.finish();
}

// What became of each lesson, in plan order.
std::vector<plan::LessonOutcome> outcomes_of(const plan::PlanFile& file, store::ContentStore& store,
                                             const std::vector<Queued>& lessons) {
  std::vector<plan::LessonOutcome> out;
  for (std::size_t i = 0; i < lessons.size(); ++i) {
    const Queued& q = lessons[i];
    if (q.stored) {
      out.push_back(plan::lesson_outcome(file, i, &*q.stored, ""));
      continue;
    }
    const auto output = jobs::lesson_output(q.ended.output);
    std::optional<lesson::Lesson> lesson;
    if (q.ended.state == queue::State::kDone && output) {
      lesson = pipeline::load_lesson(store, output->lesson_id);
    }
    std::string error = q.ended.error;
    if (error.empty()) error = fmt::format("job {} {}", q.job, queue::state_name(q.ended.state));
    out.push_back(plan::lesson_outcome(file, i, lesson ? &*lesson : nullptr, error,
                                       output && output->composed, output && output->rendered));
  }
  return out;
}

}  // namespace

// --queue: the plan's lessons become jobs for `lectio worker`s, each unique by its build key,
// so a lesson already queued or being built is not queued again, and a stored one is reused.
// Without --no-wait the command follows the jobs, then stores the plan from their lessons.
void run_queued_build(const BuildArgs& args, const plan::PlanFile& file, GlobalOptions& global) {
  const auto start = std::chrono::steady_clock::now();
  const pipeline::EngineSetup engines = engine_setup(args.engine);
  auto store = store::open_content_store(global.data());
  // Every lesson's engine is checked (and chosen) before any job is queued.
  const std::vector<lesson::Brief> briefs = plan::lesson_briefs(file, *store, engines);
  const std::unique_ptr<queue::Queue> queue = queue::open_queue(global.data());
  std::vector<Queued> lessons;
  int queued = 0;
  for (const lesson::Brief& brief : briefs) {
    const std::string key =
        compose::lesson_build_key(brief, *store, pipeline::engine_name(brief, engines));
    Queued q;
    q.stored = reusable(*store, key, !args.no_audio);
    if (!q.stored) {
      // The brief names its engine; the job carries the server the LLM engine writes with.
      jobs::LessonRequest request{brief, "", !args.no_audio, true, {}};
      if (brief.engine == "llm") request.llm = engines.llm->options();
      q.job = queue->enqueue(jobs::plan_lesson_job(request, key)).id;
      ++queued;
    }
    lessons.push_back(std::move(q));
  }
  std::fprintf(stderr, "lectio: %s: %d lesson jobs queued, %zu lessons reused\n", args.file.c_str(),
               queued, lessons.size() - static_cast<std::size_t>(queued));
  if (args.no_wait) {
    for (const Queued& q : lessons) {
      if (!q.stored) std::printf("%lld\n", static_cast<long long>(q.job));
    }
    return;
  }
  follow(*queue, lessons);
  for (const Queued& q : lessons) {
    if (q.stored || q.ended.state == queue::State::kDone) continue;
    std::fprintf(stderr, "lectio: error: %s: job %lld %s: %s\n", args.file.c_str(),
                 static_cast<long long>(q.job),
                 std::string(queue::state_name(q.ended.state)).c_str(), q.ended.error.c_str());
  }
  report_build(args, file, plan::store_plan(file, *store, outcomes_of(file, *store, lessons)),
               start, global);
}

}  // namespace lectio::cli
