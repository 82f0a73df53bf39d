#pragma once
// Lessons made in the browser are jobs on the store's queue (queue/queue.h): with a PostgreSQL
// store (a fleet) `lectio worker`s run them and any web server of the fleet reports them, and
// uploads are queued too (ingest jobs); with the SQLite store the queue is a table in
// lectio.db and this server runs its jobs itself, on one in-process worker thread with the
// handlers `lectio worker` has. Either way a job outlives the process: after a crash its lease
// expires and the next worker resumes it, or it ends failed with the reason, and its page
// still shows it. Uploads older than jobs::kStaleUploadAge left under <data>/uploads are
// removed at start. The lesson is stored as an unpublished draft owned by its creator.
// Thread-safe.
#include <atomic>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "lectio/lesson/brief.h"
#include "lectio/pipeline/engines.h"

namespace lectio::queue {
class Queue;
}

namespace lectio::web {

struct JobStatus {
  std::string id;
  std::string kind = "lesson";  // or "ingest": an uploaded file added to the sources
  std::string owner;            // user id
  std::string state;            // "queued", "composing", "rendering", "done", "failed"
  int done = 0;                 // sentences synthesised so far (while rendering)
  int total = 0;
  std::string lesson_id;  // once done: the stored lesson
  bool existing = false;  // the lesson was already published by someone else: shown as is
  std::string file_name;  // an ingest job's uploaded file
  std::string error;      // one line, when failed
  std::optional<lesson::Brief> brief;  // a lesson job's brief, to fill the form again
};

class Jobs {
 public:
  // With the SQLite store, at most this many lessons wait for the in-process worker.
  static constexpr std::size_t kMaxQueued = 16;
  // Lessons one account may have waiting (not yet started), so that one account cannot fill
  // the queue for everyone else.
  static constexpr std::size_t kMaxQueuedPerAccount = 4;

  // Lessons are written by the engine their brief names, among `engines`. media_dir: where
  // published audio and a fleet's uploads live (shared by the fleet).
  Jobs(std::filesystem::path data_dir, pipeline::EngineSetup engines,
       std::filesystem::path media_dir);
  ~Jobs();  // stops the in-process worker: a running job finishes or goes back to the queue
  Jobs(const Jobs&) = delete;
  Jobs& operator=(const Jobs&) = delete;

  // Queues a lesson. Returns the job id, or std::nullopt when the queue is full.
  std::optional<std::string> submit(const std::string& owner, lesson::Brief brief, bool audio);
  // The owner's lessons waiting to start.
  std::size_t waiting_for(const std::string& owner) const;
  std::optional<JobStatus> status(const std::string& id) const;

  // True when uploads are ingested by queued jobs (a PostgreSQL store's fleet of workers);
  // with the SQLite store the request adds them itself.
  bool queued() const { return fleet_; }
  // With a fleet: keeps an uploaded file in the media store and queues its ingest job; returns
  // the job id. Throws Io, InvalidInput (over the media store's size limit).
  std::string submit_upload(const std::string& owner, std::string_view bytes,
                            const std::string& file_name, const std::string& origin_url);

 private:
  // Runs `use` on a queue connection: a new one per call with PostgreSQL (the server's threads
  // share none), the one SQLite connection (under a mutex) otherwise.
  template <typename Use>
  auto with_queue(Use&& use) const;

  std::filesystem::path data_dir_;
  pipeline::EngineSetup engines_;
  std::filesystem::path media_dir_;
  bool fleet_ = false;  // a PostgreSQL store: `lectio worker`s run the jobs
  mutable std::mutex mutex_;
  std::unique_ptr<queue::Queue> local_;  // the SQLite queue; guarded by mutex_
  std::atomic<bool> stopping_{false};
  std::thread worker_;  // last: started once everything it uses exists; none with a fleet
};

}  // namespace lectio::web
