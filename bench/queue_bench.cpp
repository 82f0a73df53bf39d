// The job queue's claim latency and throughput with empty jobs.
//   lectio_queue_bench URL [--jobs N] [--workers W]
// Empties the queue, enqueues N empty jobs one statement each (timed), then W threads, each
// with its own connection, claim one job at a time and complete it until none is left. Prints
// one JSON line: enqueue rate, wall time, jobs per second, claim and complete latency.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "lectio/queue/pg_queue.h"

namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[static_cast<std::size_t>(p * static_cast<double>(v.size() - 1))];
}

struct Timings {
  std::vector<double> claim;
  std::vector<double> complete;
};

Timings drain(const std::string& url, int worker) {
  lectio::pg::Connection db(url);
  lectio::queue::PgQueue queue(db);
  const std::string name = fmt::format("bench{}", worker);
  Timings t;
  for (;;) {
    const auto start = Clock::now();
    const auto jobs = queue.claim(name, 1);
    t.claim.push_back(ms_since(start));
    if (jobs.empty()) return t;
    const auto done = Clock::now();
    queue.complete(jobs.front(), "");
    t.complete.push_back(ms_since(done));
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: lectio_queue_bench URL [--jobs N] [--workers W]\n");
    return 2;
  }
  const std::string url = argv[1];
  int jobs = 10'000;
  int workers = 1;
  for (int i = 2; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--jobs") jobs = std::atoi(argv[i + 1]);
    if (flag == "--workers") workers = std::atoi(argv[i + 1]);
  }
  try {
    lectio::pg::Connection db(url);
    lectio::queue::migrate(db);
    db.exec("TRUNCATE lectio_jobs");
    lectio::queue::PgQueue queue(db);
    const auto enqueue_start = Clock::now();
    lectio::queue::JobSpec empty;
    empty.kind = "empty";
    empty.payload = "{}";
    for (int i = 0; i < jobs; ++i) queue.enqueue(empty);
    const double enqueue_ms = ms_since(enqueue_start);
    db.exec("VACUUM ANALYZE lectio_jobs");

    std::vector<Timings> results(static_cast<std::size_t>(workers));
    std::vector<std::thread> threads;
    const auto start = Clock::now();
    for (int w = 0; w < workers; ++w) {
      threads.emplace_back([&, w] { results[static_cast<std::size_t>(w)] = drain(url, w); });
    }
    for (auto& t : threads) t.join();
    const double wall_ms = ms_since(start);
    Timings all;
    for (const auto& r : results) {
      all.claim.insert(all.claim.end(), r.claim.begin(), r.claim.end());
      all.complete.insert(all.complete.end(), r.complete.begin(), r.complete.end());
    }
    const auto done = db.exec("SELECT count(*) FROM lectio_jobs WHERE state = 'done'").int64(0, 0);
    std::printf(
        "%s\n",
        fmt::format(R"({{"jobs":{},"workers":{},"done":{},"enqueue_per_s":{:.0f},"wall_s":{:.3f},)"
                    R"("jobs_per_s":{:.0f},"claim_p50_ms":{:.3f},"claim_p99_ms":{:.3f},)"
                    R"("complete_p50_ms":{:.3f},"complete_p99_ms":{:.3f}}})",
                    jobs, workers, done, jobs / (enqueue_ms / 1000), wall_ms / 1000,
                    done / (wall_ms / 1000), percentile(all.claim, 0.5),
                    percentile(all.claim, 0.99), percentile(all.complete, 0.5),
                    percentile(all.complete, 0.99))
            .c_str());
    return done == jobs ? 0 : 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "lectio_queue_bench: %s\n", e.what());
    return 1;
  }
}
