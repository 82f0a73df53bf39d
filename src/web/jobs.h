#pragma once
// Lessons made in the browser are composed and rendered by one background worker, in the
// order they were asked for; the page that asked follows the job's progress. The lesson is
// stored as an unpublished draft owned by its creator. With a PostgreSQL store (a fleet) the
// jobs go to its queue instead, for `lectio worker`s to run, and any web server of the fleet
// reports them; uploads are then queued too (ingest jobs). Thread-safe.
#include <condition_variable>
#include <deque>
#include <filesystem>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "lectio/lesson/brief.h"
#include "lectio/pipeline/engines.h"

namespace lectio::web {

struct JobStatus {
  std::string id;
  std::string kind = "lesson";  // or "ingest": an uploaded file added to the sources
  std::string owner;            // user id
  std::string state;            // "queued", "composing", "rendering", "done", "failed"
  int done = 0;                 // sentences synthesised so far (while rendering)
  int total = 0;
  std::string lesson_id;  // once done: the stored lesson
  std::string file_name;  // an ingest job's uploaded file
  std::string error;      // one line, when failed
};

class Jobs {
 public:
  static constexpr std::size_t kMaxQueued = 16;

  // Lessons are written by the engine their brief names, among `engines`. media_dir: where
  // a fleet's uploads are handed to the workers (shared by the fleet).
  Jobs(std::filesystem::path data_dir, pipeline::EngineSetup engines,
       std::filesystem::path media_dir);
  ~Jobs();  // finishes the running job, drops the queued ones
  Jobs(const Jobs&) = delete;
  Jobs& operator=(const Jobs&) = delete;

  // Queues a lesson. Returns the job id, or std::nullopt when the queue is full.
  std::optional<std::string> submit(const std::string& owner, lesson::Brief brief, bool audio);
  std::optional<JobStatus> status(const std::string& id) const;

  // True when jobs go to a PostgreSQL store's queue: uploads are then ingested by the workers.
  bool queued() const { return !queue_url_.empty(); }
  // With a queue: keeps an uploaded file in the media store and queues its ingest job; returns
  // the job id. Throws Io, InvalidInput (over the media store's size limit).
  std::string submit_upload(const std::string& owner, std::string_view bytes,
                            const std::string& file_name, const std::string& origin_url);

 private:
  std::optional<JobStatus> queued_status(const std::string& id) const;
  struct Job {
    JobStatus status;
    lesson::Brief brief;
    bool audio = true;
  };
  void work();
  void run(const std::string& id);
  void update(const std::string& id, const std::function<void(JobStatus&)>& change);

  std::filesystem::path data_dir_;
  pipeline::EngineSetup engines_;
  std::filesystem::path media_dir_;
  std::string queue_url_;  // the PostgreSQL store whose queue takes the jobs; "" for none
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::string> queue_;
  std::map<std::string, Job> jobs_;
  bool stopping_ = false;
  std::thread worker_;  // last: started once everything it uses exists; none with a queue
};

}  // namespace lectio::web
