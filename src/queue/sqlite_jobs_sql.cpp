#include "sqlite_jobs_sql.h"

#include <fmt/format.h>

namespace lectio::queue::sqlite_jobs {

std::string state_list() {
  std::string out;
  for (const auto& [state, name] : kStateNames) {
    if (!out.empty()) out += ", ";
    out += fmt::format("'{}'", name);
  }
  return out;
}

JobInfo info_of(const sqlite::Statement& r) {
  JobInfo j;
  j.id = r.int64(0);
  j.kind = r.text(1);
  j.state = parse_state(r.text(2));
  j.attempt = static_cast<int>(r.int64(3));
  j.max_attempts = static_cast<int>(r.int64(4));
  j.worker = r.text(5);
  j.progress_done = static_cast<int>(r.int64(6));
  j.progress_total = static_cast<int>(r.int64(7));
  j.progress_message = r.text(8);
  j.error = r.text(9);
  j.output = r.text(10);
  j.unique_key = r.text(11);
  j.cancel_requested = r.int64(12) != 0;
  j.created_at = r.text(13);
  j.finished_at = r.text(14);
  j.payload = r.text(15);
  return j;
}

}  // namespace lectio::queue::sqlite_jobs
