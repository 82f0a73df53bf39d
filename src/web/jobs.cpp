#include "jobs.h"

#include <fmt/format.h>

#include <functional>

#include "lectio/core/error.h"
#include "lectio/core/password.h"
#include "lectio/pipeline/make_lesson.h"

namespace lectio::web {

Jobs::Jobs(std::filesystem::path data_dir)
    : data_dir_(std::move(data_dir)), worker_([this] { work(); }) {}

Jobs::~Jobs() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    queue_.clear();
  }
  wake_.notify_all();
  if (worker_.joinable()) worker_.join();
}

std::optional<std::string> Jobs::submit(const std::string& owner, compose::Brief brief,
                                        bool audio) {
  std::lock_guard lock(mutex_);
  if (queue_.size() >= kMaxQueued) return std::nullopt;
  const std::string id = "job_" + random_token(12);
  Job job;
  job.status.id = id;
  job.status.owner = owner;
  job.status.state = "queued";
  job.brief = std::move(brief);
  job.audio = audio;
  jobs_.emplace(id, std::move(job));
  queue_.push_back(id);
  wake_.notify_one();
  return id;
}

std::optional<JobStatus> Jobs::status(const std::string& id) const {
  std::lock_guard lock(mutex_);
  const auto it = jobs_.find(id);
  if (it == jobs_.end()) return std::nullopt;
  return it->second.status;
}

void Jobs::update(const std::string& id, const std::function<void(JobStatus&)>& change) {
  std::lock_guard lock(mutex_);
  const auto it = jobs_.find(id);
  if (it != jobs_.end()) change(it->second.status);
}

void Jobs::work() {
  for (;;) {
    std::string id;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;
      id = queue_.front();
      queue_.pop_front();
    }
    try {
      run(id);
    } catch (const Error& e) {
      const std::string message = e.what();
      update(id, [&](JobStatus& s) {
        s.state = "failed";
        s.error = message;
      });
    } catch (const std::exception& e) {
      const std::string message = fmt::format("internal error: {}", e.what());
      update(id, [&](JobStatus& s) {
        s.state = "failed";
        s.error = message;
      });
    }
  }
}

void Jobs::run(const std::string& id) {
  compose::Brief brief;
  std::string owner;
  bool audio = true;
  {
    std::lock_guard lock(mutex_);
    Job& job = jobs_.at(id);
    brief = job.brief;
    owner = job.status.owner;
    audio = job.audio;
    job.status.state = "composing";
  }
  pipeline::LessonOptions options;
  options.owner = owner;
  options.audio = audio;
  options.published = false;  // a draft until its creator publishes it
  options.on_progress = [&](const pipeline::LessonProgress& p) {
    update(id, [&](JobStatus& s) {
      if (p.stage == pipeline::Stage::kRendering) {
        s.state = "rendering";
        s.done = p.done;
        s.total = p.total;
      }
    });
  };
  const pipeline::LessonResult made = pipeline::make_lesson(brief, data_dir_, options);
  // Named only once it is stored: a failed job names no lesson.
  update(id, [&](JobStatus& s) {
    s.lesson_id = made.lesson.id;
    s.state = "done";
  });
}

}  // namespace lectio::web
