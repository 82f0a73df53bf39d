// lectio migrate and lectio jobs: the store's schema (explicit for PostgreSQL) and the job
// queue of the store named by the global --store (or $LECTIO_STORE); without one, migrate
// works on the data directory's SQLite file.
#include <fmt/format.h>

#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "lectio/core/error.h"
#include "lectio/pg/connection.h"
#include "lectio/queue/queue.h"
#include "lectio/store/pg_store.h"
#include "lectio/store/store.h"

namespace lectio::cli {

namespace {

pg::Connection connect(std::string_view command) {
  const std::string& url = store::store_url();
  if (url.empty()) {
    throw InvalidInput(fmt::format(
        "lectio {}: needs a PostgreSQL store (--store postgresql://… or LECTIO_STORE)", command));
  }
  return pg::Connection(url);
}

void run_migrate(const GlobalOptions& global) {
  if (store::store_url().empty()) {  // the SQLite file migrates itself when opened
    const int version = store::open_content_store(global.data())->schema_version();
    std::printf("store schema %d (%s)\n", version, (global.data() / "lectio.db").c_str());
    return;
  }
  pg::Connection db = connect("migrate");
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

void run_jobs(const JobsArgs& args) {
  pg::Connection db = connect("jobs");
  queue::Queue queue(db);
  const auto jobs = queue.jobs(args.limit);
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

}  // namespace

void register_worker_commands(CLI::App& app, GlobalOptions& global) {
  app.add_subcommand("migrate", "Create or upgrade the store's schema (and the job queue's)")
      ->callback([&global] { run_migrate(global); });

  auto jobs_args = std::make_shared<JobsArgs>();
  CLI::App* jobs = app.add_subcommand("jobs", "List the job queue of a PostgreSQL store");
  jobs->add_flag("--json", jobs_args->json, "JSON instead of a table");
  jobs->add_option("--limit", jobs_args->limit, "At most this many, newest first (default 100)")
      ->check(CLI::Range(1, 100000));
  jobs->callback([jobs_args] { run_jobs(*jobs_args); });
}

}  // namespace lectio::cli
