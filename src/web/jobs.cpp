#include "jobs.h"

#include <fmt/format.h>

#include <charconv>
#include <functional>

#include "lectio/core/error.h"
#include "lectio/core/password.h"
#include "lectio/jobs/jobs.h"
#include "lectio/llm/chat.h"
#include "lectio/media/media.h"
#include "lectio/pg/connection.h"
#include "lectio/pipeline/make_lesson.h"
#include "lectio/queue/queue.h"
#include "lectio/store/pg_store.h"

namespace lectio::web {

namespace {

constexpr std::string_view kQueuedPrefix = "job_q";

// What the job page shows of a queued job.
std::string queued_state(const queue::JobInfo& info) {
  switch (info.state) {
    case queue::State::kAvailable:
      return "queued";
    case queue::State::kRunning:
      return info.progress_message == "rendering" ? "rendering" : "composing";
    case queue::State::kDone:
      return "done";
    case queue::State::kFailed:
    case queue::State::kCancelled:
      return "failed";
  }
  return "failed";
}

}  // namespace

Jobs::Jobs(std::filesystem::path data_dir, pipeline::EngineSetup engines,
           std::filesystem::path media_dir)
    : data_dir_(std::move(data_dir)),
      engines_(std::move(engines)),
      media_dir_(std::move(media_dir)),
      queue_url_(store::store_url()) {
  if (queue_url_.empty()) worker_ = std::thread([this] { work(); });
}

Jobs::~Jobs() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    queue_.clear();
  }
  wake_.notify_all();
  if (worker_.joinable()) worker_.join();
}

std::optional<std::string> Jobs::submit(const std::string& owner, lesson::Brief brief,
                                        bool audio) {
  if (!queue_url_.empty()) {
    // A connection per request: the server's threads share no connection.
    jobs::LessonRequest request{std::move(brief), owner, audio, /*published=*/false, {}};
    // The job carries the server the LLM engine writes with; the key stays here.
    if (request.brief.engine == "llm" && engines_.llm) request.llm = engines_.llm->options();
    pg::Connection db(queue_url_);
    const auto queued = queue::Queue(db).enqueue(jobs::lesson_job(request));
    return std::string(kQueuedPrefix) + std::to_string(queued.id);
  }
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

std::string Jobs::submit_upload(const std::string& owner, std::string_view bytes,
                                const std::string& file_name, const std::string& origin_url) {
  // The job keeps the file's name, which tells its format; the key needs no extension of it.
  const std::string key = media::open_media_dir(media_dir_)->put(bytes, "upload");
  pg::Connection db(queue_url_);
  const auto queued =
      queue::Queue(db).enqueue(jobs::ingest_job({key, file_name, "", owner, origin_url}));
  return std::string(kQueuedPrefix) + std::to_string(queued.id);
}

std::optional<JobStatus> Jobs::status(const std::string& id) const {
  if (!queue_url_.empty()) return queued_status(id);
  std::lock_guard lock(mutex_);
  const auto it = jobs_.find(id);
  if (it == jobs_.end()) return std::nullopt;
  return it->second.status;
}

std::optional<JobStatus> Jobs::queued_status(const std::string& id) const {
  if (!id.starts_with(kQueuedPrefix)) return std::nullopt;
  std::int64_t number = 0;
  const std::string digits = id.substr(kQueuedPrefix.size());
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), number);
  if (error != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
  pg::Connection db(queue_url_);
  const std::optional<queue::JobInfo> info = queue::Queue(db).job(number);
  if (!info || (info->kind != jobs::kLesson && info->kind != jobs::kIngest)) return std::nullopt;
  JobStatus s;
  s.id = id;
  s.kind = info->kind;
  if (info->kind == jobs::kIngest) s.file_name = jobs::ingest_file_name(info->payload);
  s.owner = jobs::job_owner(info->payload);
  s.state = queued_state(*info);
  s.done = info->progress_done;
  s.total = info->progress_total;
  if (const auto output = jobs::lesson_output(info->output)) s.lesson_id = output->lesson_id;
  s.error = info->error;
  return s;
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
  lesson::Brief brief;
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
  pipeline::LessonMaker maker(data_dir_, engines_);
  const pipeline::LessonResult made = maker.make(brief, options);
  // Named only once it is stored: a failed job names no lesson.
  update(id, [&](JobStatus& s) {
    s.lesson_id = made.lesson.id;
    s.state = "done";
  });
}

}  // namespace lectio::web
