// A worker process for the queue's process tests: runs jobs of kind "test" whose payload is
// {"sleep_ms": N, "fail": "message", "check": bool}. A successful job stores a record named by
// (job id, attempt) and titled by the worker (test_output.h) in its completion transaction, so
// the tests can count how often each job's result was committed.
// Usage: lectio_queue_test_worker QUEUE NAME [--until-idle] [--jobs N] [--lease-ms N]
//        [--retry-base-ms N]
// QUEUE: a postgresql:// URL, or a SQLite file (a data directory's lectio.db).
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "lectio/queue/pg_queue.h"
#include "lectio/queue/worker.h"
#include "lectio/store/pg_store.h"
#include "test_output.h"

namespace {

std::atomic<bool> g_stop{false};

extern "C" void on_term(int) {
  g_stop = true;
}

lectio::queue::Outcome run_test_job(lectio::queue::JobContext& context, const std::string& name) {
  const auto payload = nlohmann::json::parse(context.job().payload);
  const int sleep_ms = payload.value("sleep_ms", 0);
  const bool check = payload.value("check", false);
  for (int slept = 0; slept < sleep_ms; slept += 10) {
    if (check) context.check();
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    context.progress(slept, sleep_ms, "sleeping");
  }
  const std::string fail = payload.value("fail", "");
  if (!fail.empty()) throw std::runtime_error(fail);
  const auto job = context.job();
  return {"by " + name, [job, name](lectio::store::ContentStore& store) {
            store.put_record(lectio::store::RecordKind::kLesson,
                             lectio::queue::output_record(job, name));
          }};
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s QUEUE NAME [options]\n", argv[0]);
    return 2;
  }
  lectio::queue::WorkerOptions options;
  const std::string target = argv[1];
  options.connect = [target](const lectio::queue::QueueOptions& q) {
    return lectio::store::is_pg_url(target) ? lectio::queue::open_pg_queue(target, q)
                                            : lectio::queue::open_sqlite_queue(target, q);
  };
  options.name = argv[2];
  options.poll = std::chrono::milliseconds(500);
  for (int i = 3; i < argc; ++i) {
    const std::string arg = argv[i];
    const auto next = [&] { return i + 1 < argc ? std::atoi(argv[++i]) : 0; };
    if (arg == "--until-idle")
      options.until_idle = true;
    else if (arg == "--jobs")
      options.jobs = next();
    else if (arg == "--lease-ms")
      options.queue.lease = std::chrono::milliseconds(next());
    else if (arg == "--retry-base-ms")
      options.queue.retry_base = std::chrono::milliseconds(next());
  }
  std::signal(SIGTERM, on_term);
  try {
    lectio::queue::Worker worker(options);
    const std::string name = options.name;
    worker.handle("test", [name](lectio::queue::JobContext& c) { return run_test_job(c, name); });
    worker.handle("empty", [](lectio::queue::JobContext&) { return lectio::queue::Outcome{}; });
    const auto stats = worker.run(g_stop);
    std::printf("done=%d failed=%d lost=%d cancelled=%d released=%d\n", stats.done, stats.failed,
                stats.lost, stats.cancelled, stats.released);
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "test worker: %s\n", e.what());
    return 1;
  }
}
