// lectio migrate, lectio jobs and lectio worker: the store's schema (explicit for PostgreSQL),
// the job queue of the store named by the global --store (or $LECTIO_STORE), else of the data
// directory's SQLite file, and a worker that runs its jobs.
#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <thread>

#include "commands.h"
#include "lectio/core/error.h"
#include "lectio/jobs/jobs.h"
#include "lectio/media/media.h"
#include "lectio/pg/connection.h"
#include "lectio/queue/pg_queue.h"
#include "lectio/queue/queue.h"
#include "lectio/queue/worker.h"
#include "lectio/search/index.h"
#include "lectio/store/pg_store.h"
#include "lectio/store/store.h"

namespace lectio::cli {

namespace {

void run_migrate(const GlobalOptions& global) {
  if (store::store_url().empty()) {  // the SQLite file migrates itself when opened
    const int version = store::open_content_store(global.data())->schema_version();
    queue::open_queue(global.data());
    std::printf("store schema %d and job queue ready (%s)\n", version,
                (global.data() / "lectio.db").c_str());
    return;
  }
  pg::Connection db(store::store_url());
  const int version = store::migrate_pg_store(db);
  queue::migrate(db);
  std::printf("store schema %d and job queue ready (%s)\n", version, db.name().c_str());
}

nlohmann::ordered_json to_json(const queue::JobInfo& j) {
  return {
      {"id", j.id},
      {"kind", j.kind},
      {"state", queue::state_name(j.state)},
      {"attempt", j.attempt},
      {"max_attempts", j.max_attempts},
      {"worker", j.worker},
      {"progress",
       {{"done", j.progress_done}, {"total", j.progress_total}, {"message", j.progress_message}}},
      {"error", j.error},
      {"created_at", j.created_at},
      {"finished_at", j.finished_at}};
}

struct JobsArgs {
  bool json = false;
  int limit = 100;
};

void run_jobs(const GlobalOptions& global, const JobsArgs& args) {
  const auto jobs = queue::open_queue(global.data())->jobs(args.limit);
  if (args.json) {
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const auto& j : jobs) out.push_back(to_json(j));
    std::printf("%s\n", out.dump(2).c_str());
    return;
  }
  std::printf("%-8s %-10s %-10s %-8s %-24s %-10s %s\n", "ID", "KIND", "STATE", "ATTEMPT", "WORKER",
              "PROGRESS", "ERROR");
  for (const auto& j : jobs) {
    std::printf("%-8lld %-10s %-10s %-8s %-24s %-10s %s\n", static_cast<long long>(j.id),
                j.kind.c_str(), std::string(queue::state_name(j.state)).c_str(),
                fmt::format("{}/{}", j.attempt, j.max_attempts).c_str(), j.worker.c_str(),
                fmt::format("{}/{}", j.progress_done, j.progress_total).c_str(), j.error.c_str());
  }
}

struct WorkerArgs {
  int jobs = 1;
  bool until_idle = false;
  std::optional<std::string> media;
  int render_threads = 0;
  speech::CacheLimits cache;
};

// Set by SIGTERM and SIGINT: the worker finishes or gives back its jobs and exits.
std::atomic<bool> stop_requested{false};
void request_stop(int) {
  stop_requested = true;
}

void run_worker(const GlobalOptions& global, const WorkerArgs& args) {
  const std::filesystem::path data = global.data();
  {
    // The node's search index, brought up to date once before the job slots open theirs.
    auto store = store::open_content_store(data);
    search::open_index(*store, data);
    const int removed =
        jobs::remove_stale_uploads(data, *queue::open_queue(data), jobs::kStaleUploadAge);
    if (removed > 0) std::fprintf(stderr, "lectio worker: %d stale upload(s) removed\n", removed);
  }
  queue::WorkerOptions options;
  options.connect = [data](const queue::QueueOptions& q) { return queue::open_queue(data, q); };
  options.jobs = args.jobs;
  options.until_idle = args.until_idle;
  queue::Worker worker(options);
  const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  jobs::register_handlers(
      worker,
      {data, media::resolve_media_dir(args.media, data),
       args.render_threads > 0 ? args.render_threads : std::max(1, cores / args.jobs), args.cache});
  struct sigaction on_stop {};
  on_stop.sa_handler = request_stop;
  sigaction(SIGTERM, &on_stop, nullptr);
  sigaction(SIGINT, &on_stop, nullptr);
  const queue::WorkerStats stats = worker.run(stop_requested);
  std::fprintf(stderr, "lectio worker: %d done, %d failed, %d cancelled, %d given back, %d lost\n",
               stats.done, stats.failed, stats.cancelled, stats.released, stats.lost);
}

}  // namespace

void register_worker_commands(CLI::App& app, GlobalOptions& global) {
  app.add_subcommand("migrate", "Create or upgrade the store's schema (and the job queue's)")
      ->callback([&global] { run_migrate(global); });

  auto jobs_args = std::make_shared<JobsArgs>();
  CLI::App* jobs = app.add_subcommand("jobs", "List the job queue of the store");
  jobs->add_flag("--json", jobs_args->json, "JSON instead of a table");
  jobs->add_option("--limit", jobs_args->limit, "At most this many, newest first (default 100)")
      ->check(CLI::Range(1, 100000));
  jobs->callback([&global, jobs_args] { run_jobs(global, *jobs_args); });

  auto worker_args = std::make_shared<WorkerArgs>();
  CLI::App* worker =
      app.add_subcommand("worker", "Run jobs from the queue of the store until stopped");
  worker->add_option("--jobs", worker_args->jobs, "Jobs run at once (default 1)")
      ->check(CLI::Range(1, 256));
  worker->add_flag("--until-idle", worker_args->until_idle,
                   "Exit once the queue has nothing left for this worker");
  worker->add_option("--media", worker_args->media,
                     "Where published audio and uploads live (default: $LECTIO_MEDIA, else "
                     "<data>/audio); shared by the fleet");
  worker
      ->add_option("--render-threads", worker_args->render_threads,
                   "Synthesis threads per job (default: the cores shared out between the jobs)")
      ->check(CLI::Range(0, 256));
  add_cache_options(*worker, worker_args->cache);
  worker->callback([&global, worker_args] { run_worker(global, *worker_args); });
}

}  // namespace lectio::cli
