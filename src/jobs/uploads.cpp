// Removing what uploads leave under <data>/uploads: a web request killed mid-ingest leaves its
// folder, and an ingest job's copy stays after the job.
#include <set>
#include <system_error>

#include "lectio/jobs/jobs.h"
#include "payloads.h"

namespace lectio::jobs {

namespace fs = std::filesystem;

namespace {

// How many of the newest jobs are looked at for ingest jobs still waiting or running.
constexpr int kJobsLookedAt = 10'000;

// The upload folders that waiting or running ingest jobs write to (run_ingest names them).
std::set<std::string> folders_in_use(queue::Queue& queue) {
  std::set<std::string> out;
  for (const queue::JobInfo& j : queue.jobs(kJobsLookedAt)) {
    if (j.kind != kIngest) continue;
    if (j.state != queue::State::kAvailable && j.state != queue::State::kRunning) continue;
    try {
      out.insert(upload_folder(parse_ingest_request(j.payload)));
    } catch (const Error&) {  // a payload no handler can read: that job will fail anyway
    }
  }
  return out;
}

}  // namespace

int remove_stale_uploads(const fs::path& data_dir, queue::Queue& queue,
                         std::chrono::seconds older_than) {
  const fs::path dir = data_dir / "uploads";
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return 0;
  const std::set<std::string> in_use = folders_in_use(queue);
  const auto cutoff = fs::file_time_type::clock::now() - older_than;
  int removed = 0;
  for (const fs::directory_entry& entry : fs::directory_iterator(dir, ec)) {
    if (in_use.contains(entry.path().filename().string())) continue;
    const auto written = entry.last_write_time(ec);
    if (ec || written > cutoff) continue;
    if (fs::remove_all(entry.path(), ec) > 0 && !ec) ++removed;
  }
  return removed;
}

}  // namespace lectio::jobs
