#pragma once
// What a test job writes in its completion transaction: a lesson record named by the job and
// the attempt, titled by the worker, so that a test counts how often each result was committed
// and by whom.
#include <string>

#include "lectio/queue/queue.h"
#include "lectio/store/content_store.h"

namespace lectio::queue {

inline store::Record output_record(const Job& job, const std::string& worker) {
  store::Record r;
  r.id = "out-" + std::to_string(job.id) + "-" + std::to_string(job.attempt);
  r.slug = r.id;
  r.title = worker;
  r.body = "{\"attempt\": " + std::to_string(job.attempt) + "}";
  return r;
}

}  // namespace lectio::queue
