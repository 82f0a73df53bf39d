// build_plan: a fixed pool of workers builds the plan's lessons; the calling thread collects
// the outcomes, reports them and stores the plan.
#include "lectio/plan/builder.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <thread>

#include "lectio/core/clock.h"
#include "lectio/core/error.h"
#include "lectio/pipeline/make_lesson.h"
#include "lectio/plan/totals.h"
#include "lectio/search/index.h"
#include "lectio/store/store.h"
#include "lectio/text/strings.h"

namespace lectio::plan {

namespace {

struct Job {
  std::size_t position = 0;  // in plan order
  int chapter = 0;
  int lesson = 0;
  const LessonSpec* spec = nullptr;
};

LessonOutcome failed(const Job& job, std::string error) {
  LessonOutcome out;
  out.chapter = job.chapter;
  out.lesson = job.lesson;
  out.entry.label = job.spec->label;
  out.entry.topic = job.spec->brief.topic;
  out.entry.status = LessonStatus::kFailed;
  out.entry.error = std::move(error);
  return out;
}

// A built lesson's entry in the plan and its tags.
void describe(const lesson::Lesson& lesson, LessonOutcome& out) {
  out.entry.id = lesson.id;
  out.entry.title = lesson.title;
  out.entry.measured_seconds = lesson.duration.measured_seconds;
  out.entry.estimated_minutes = lesson.duration.estimated_minutes;
  out.tags = lesson.tags;
}

// The lessons in plan order.
std::vector<Job> plan_jobs(const PlanFile& file) {
  std::vector<Job> jobs;
  for (std::size_t c = 0; c < file.chapters.size(); ++c) {
    for (std::size_t l = 0; l < file.chapters[c].lessons.size(); ++l) {
      jobs.push_back(
          {jobs.size(), static_cast<int>(c), static_cast<int>(l), &file.chapters[c].lessons[l]});
    }
  }
  return jobs;
}

// The plan keeps the date of its first build, so that rebuilding reuses its lessons.
std::string plan_date(const PlanFile& file, store::ContentStore& store) {
  const auto earlier = load_plan(store, plan_id(file.title, file.language));
  return earlier && !earlier->date.empty() ? earlier->date : utc_date();
}

lesson::Brief brief_of(const PlanFile& file, const LessonSpec& spec, const std::string& date,
                       const pipeline::EngineSetup& engines) {
  lesson::Brief brief = spec.brief;
  // An undated brief would otherwise get today's date, and so a new build key every day.
  if (!spec.dated) brief.date = date;
  const std::string name = file.path.empty() ? file.title : file.path.string();
  return pipeline::with_engine(std::move(brief), engines, fmt::format("{}: {}", name, spec.label));
}

// Everything one worker thread needs of its own: a LessonMaker (store, index, engine) is not
// thread-safe.
class Worker {
 public:
  Worker(const BuildOptions& options, const std::map<std::string, std::string>& stored)
      : options_(options), stored_(stored), maker_(options.data_dir, options.engines) {}

  LessonOutcome build(const Job& job, const lesson::Brief& brief, int render_threads) {
    LessonOutcome out = failed(job, "");
    try {
      build_into(brief, render_threads, out);
      out.entry.status =
          out.composed || out.rendered ? LessonStatus::kBuilt : LessonStatus::kReused;
    } catch (const Error& e) {
      out.entry.error = e.what();
    } catch (const std::exception& e) {
      out.entry.error = fmt::format("internal error: {}", e.what());
    }
    return out;
  }

 private:
  void build_into(const lesson::Brief& brief, int render_threads, LessonOutcome& out) {
    pipeline::LessonOptions lesson_options;
    lesson_options.audio = options_.audio;
    lesson_options.audio_dir = options_.audio_dir;
    lesson_options.lexicon = options_.lexicon;
    lesson_options.render_threads = render_threads;
    lesson_options.render_cache = options_.render_cache;
    lesson_options.find_stored = [this](const std::string& key) -> std::optional<std::string> {
      const auto it = stored_.find(key);
      if (it == stored_.end()) return std::nullopt;
      return it->second;
    };
    const pipeline::LessonResult made = maker_.make(brief, lesson_options);
    out.composed = made.composed;
    if (made.composed) out.warnings = made.lesson.warnings;
    out.rendered = made.audio && !made.audio->reused;
    describe(made.lesson, out);
  }

  const BuildOptions& options_;
  const std::map<std::string, std::string>& stored_;
  pipeline::LessonMaker maker_;
};

// The stored lessons by build key; the newest wins when two share one.
std::map<std::string, std::string> stored_lessons(store::ContentStore& store) {
  std::map<std::string, std::string> out;
  for (const store::Record& r : store.records(store::RecordKind::kLesson)) {
    if (!r.build_key.empty()) out.try_emplace(r.build_key, r.id);
  }
  return out;
}

std::vector<std::string> top_tags(const std::vector<LessonOutcome>& outcomes) {
  std::vector<std::pair<std::string, int>> counts;  // first-seen order breaks ties
  for (const LessonOutcome& o : outcomes) {
    for (const std::string& tag : o.tags) {
      auto it = std::find_if(counts.begin(), counts.end(), [&](auto& c) { return c.first == tag; });
      if (it == counts.end()) {
        counts.emplace_back(tag, 1);
      } else {
        ++it->second;
      }
    }
  }
  std::stable_sort(counts.begin(), counts.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  std::vector<std::string> out;
  for (std::size_t i = 0; i < counts.size() && i < 6; ++i) out.push_back(counts[i].first);
  return out;
}

Plan assemble(const PlanFile& file, const std::string& date,
              const std::vector<LessonOutcome>& outcomes) {
  Plan p;
  p.id = plan_id(file.title, file.language);
  p.slug = text::slugify(file.title, 60);
  p.title = file.title;
  p.description = file.description;
  p.audience = file.audience;
  p.language = file.language;
  p.host = file.host;
  p.style = file.style;
  p.date = date;
  if (!file.path.empty()) p.file = std::filesystem::absolute(file.path).lexically_normal().string();
  p.tags = file.tags.empty() ? top_tags(outcomes) : file.tags;
  std::size_t i = 0;
  for (const ChapterSpec& c : file.chapters) {
    PlanChapter chapter{c.title, {}};
    for (std::size_t l = 0; l < c.lessons.size(); ++l)
      chapter.lessons.push_back(outcomes[i++].entry);
    p.chapters.push_back(std::move(chapter));
  }
  p.totals = compute_totals(p.chapters, p.language);
  return p;
}

// Counts the outcomes, assembles the plan and stores it.
BuildResult store_dated_plan(const PlanFile& file, store::ContentStore& store,
                             const std::string& date, std::vector<LessonOutcome> outcomes) {
  BuildResult result;
  for (const LessonOutcome& o : outcomes) {
    if (o.entry.status == LessonStatus::kFailed) {
      ++result.failed;
      continue;
    }
    result.composed += o.composed ? 1 : 0;
    result.rendered += o.rendered ? 1 : 0;
    result.reused += o.composed || o.rendered ? 0 : 1;
  }
  result.plan = assemble(file, date, outcomes);
  save_plan(store, result.plan);
  result.outcomes = std::move(outcomes);
  return result;
}

}  // namespace

BuildResult build_plan(const PlanFile& file, const BuildOptions& options) {
  if (options.jobs < 0)
    throw InvalidInput(fmt::format("--jobs must be 0 or more, not {}", options.jobs));
  const std::vector<Job> jobs = plan_jobs(file);
  // Opened here first so that the index is brought up to date once, before the workers open
  // their own read handles on it.
  auto store = store::open_content_store(options.data_dir);
  search::open_index(*store, options.data_dir);
  const std::map<std::string, std::string> stored = stored_lessons(*store);
  const std::string date = plan_date(file, *store);
  // Every lesson's engine checked before any is built.
  const std::vector<lesson::Brief> briefs = lesson_briefs(file, *store, options.engines);

  const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  const int workers =
      std::max(1, std::min(options.jobs > 0 ? options.jobs : cores, static_cast<int>(jobs.size())));
  const int render_threads =
      options.render_threads > 0 ? options.render_threads : std::max(1, cores / workers);

  std::vector<LessonOutcome> outcomes(jobs.size());
  std::atomic<std::size_t> next{0};
  std::mutex mutex;  // guards finished
  std::condition_variable ready;
  std::deque<std::pair<std::size_t, LessonOutcome>> finished;
  {
    std::vector<std::jthread> pool;
    for (int w = 0; w < workers; ++w) {
      pool.emplace_back([&] {
        std::optional<Worker> worker;
        std::string open_error;
        try {
          worker.emplace(options, stored);
        } catch (const std::exception& e) {
          open_error = e.what();  // every lesson this worker takes then fails with it
        }
        for (std::size_t i = next++; i < jobs.size(); i = next++) {
          LessonOutcome o = worker ? worker->build(jobs[i], briefs[i], render_threads)
                                   : failed(jobs[i], open_error);
          {
            const std::lock_guard lock(mutex);
            finished.emplace_back(i, std::move(o));
          }
          ready.notify_one();
        }
      });
    }
    // Reports from this thread only, so that callbacks (a progress bar) need no locking.
    for (std::size_t done = 0; done < jobs.size();) {
      std::deque<std::pair<std::size_t, LessonOutcome>> batch;
      {
        std::unique_lock lock(mutex);
        ready.wait(lock, [&] { return !finished.empty(); });
        batch.swap(finished);
      }
      for (auto& [i, o] : batch) {
        outcomes[i] = std::move(o);
        ++done;
        if (options.on_lesson) {
          options.on_lesson(outcomes[i], static_cast<int>(done), static_cast<int>(jobs.size()));
        }
      }
    }
  }

  return store_dated_plan(file, *store, date, std::move(outcomes));
}

std::vector<lesson::Brief> lesson_briefs(const PlanFile& file, store::ContentStore& store,
                                         const pipeline::EngineSetup& engines) {
  const std::string date = plan_date(file, store);
  std::vector<lesson::Brief> out;
  for (const Job& job : plan_jobs(file)) out.push_back(brief_of(file, *job.spec, date, engines));
  return out;
}

LessonOutcome lesson_outcome(const PlanFile& file, std::size_t position,
                             const lesson::Lesson* lesson, const std::string& error, bool composed,
                             bool rendered) {
  const std::vector<Job> jobs = plan_jobs(file);
  if (position >= jobs.size()) {
    throw Internal(fmt::format("plan {}: no lesson at position {}", file.title, position));
  }
  LessonOutcome out = failed(jobs[position], error);
  if (!lesson) return out;
  out.entry.status = composed || rendered ? LessonStatus::kBuilt : LessonStatus::kReused;
  out.entry.error.clear();
  out.composed = composed;
  out.rendered = rendered;
  if (composed) out.warnings = lesson->warnings;
  describe(*lesson, out);
  return out;
}

BuildResult store_plan(const PlanFile& file, store::ContentStore& store,
                       std::vector<LessonOutcome> outcomes) {
  return store_dated_plan(file, store, plan_date(file, store), std::move(outcomes));
}

}  // namespace lectio::plan
