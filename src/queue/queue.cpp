// What both queue backends share: the state names, the retry delays, and the choice of backend.
#include "lectio/queue/queue.h"

#include <algorithm>
#include <cmath>
#include <random>

#include "lectio/core/error.h"
#include "lectio/queue/pg_queue.h"
#include "lectio/store/pg_store.h"
#include "random.h"

namespace lectio::queue {

std::string_view state_name(State state) {
  for (const auto& [s, name] : kStateNames) {
    if (s == state) return name;
  }
  return "?";
}

State parse_state(std::string_view name) {
  for (const auto& [s, n] : kStateNames) {
    if (n == name) return s;
  }
  throw Internal("unknown job state '" + std::string(name) + "'");
}

double unit_random() {
  thread_local std::mt19937_64 engine{std::random_device{}()};
  return std::uniform_real_distribution<double>(0.0, 1.0)(engine);
}

std::chrono::milliseconds retry_delay(int attempt, std::chrono::milliseconds base,
                                      std::chrono::milliseconds cap, double unit_random) {
  const double exponential =
      static_cast<double>(base.count()) * std::pow(2.0, std::clamp(attempt - 1, 0, 40));
  const double capped = std::min(exponential, static_cast<double>(cap.count()));
  return std::chrono::milliseconds(std::llround(capped * (0.5 + unit_random)));
}

std::unique_ptr<Queue> open_queue(const std::filesystem::path& data_dir, QueueOptions options) {
  if (!store::store_url().empty()) return open_pg_queue(store::store_url(), options);
  return open_sqlite_queue(data_dir / "lectio.db", options);
}

}  // namespace lectio::queue
