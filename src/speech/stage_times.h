#pragma once
// Wall and process CPU time of each stage of a render on stderr when LECTIO_RENDER_TIMES is
// set: where a real render's time goes, threads included, without a profiler
// (docs/benchmarks.md; lectio_render_bench stages). Private to the speech module.
#include <time.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>

namespace lectio::speech {

class StageTimes {
 public:
  StageTimes() : on_(std::getenv("LECTIO_RENDER_TIMES") != nullptr) { mark(); }
  bool on() const { return on_; }
  // The time since the last lap (or the start), under `stage`.
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

}  // namespace lectio::speech
