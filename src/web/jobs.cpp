#include "jobs.h"

#include <fmt/format.h>

#include <charconv>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "http.h"
#include "lectio/core/error.h"
#include "lectio/jobs/jobs.h"
#include "lectio/llm/chat.h"
#include "lectio/media/media.h"
#include "lectio/queue/queue.h"
#include "lectio/queue/worker.h"
#include "lectio/store/pg_store.h"

namespace lectio::web {

namespace {

constexpr std::string_view kIdPrefix = "job_q";

// What the job page shows of a queued job.
std::string page_state(const queue::JobInfo& info) {
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

std::optional<std::int64_t> job_number(const std::string& id) {
  if (!id.starts_with(kIdPrefix)) return std::nullopt;
  std::int64_t number = 0;
  const std::string digits = id.substr(kIdPrefix.size());
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), number);
  if (error != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
  return number;
}

// Lesson jobs waiting to start; only `owner`'s when it is not empty.
std::size_t waiting_lessons(queue::Queue& queue, const std::string& owner = "") {
  std::size_t waiting = 0;
  // The newest jobs are enough: a backlog over the cap is refused before it grows older.
  for (const queue::JobInfo& j : queue.jobs(static_cast<int>(Jobs::kMaxQueued) * 8)) {
    if (j.kind != jobs::kLesson || j.state != queue::State::kAvailable) continue;
    waiting += owner.empty() || jobs::job_owner(j.payload) == owner;
  }
  return waiting;
}

void log_line(std::string_view line) {
  std::fprintf(stderr, "lectio serve: %.*s\n", static_cast<int>(line.size()), line.data());
}

}  // namespace

template <typename Use>
auto Jobs::with_queue(Use&& use) const {
  if (fleet_) {
    const std::unique_ptr<queue::Queue> queue = queue::open_queue(data_dir_);
    return use(*queue);
  }
  const std::lock_guard lock(mutex_);
  return use(*local_);
}

Jobs::Jobs(std::filesystem::path data_dir, pipeline::EngineSetup engines,
           std::filesystem::path media_dir)
    : data_dir_(std::move(data_dir)),
      engines_(std::move(engines)),
      media_dir_(std::move(media_dir)),
      fleet_(!store::store_url().empty()) {
  if (!fleet_) local_ = queue::open_queue(data_dir_);
  try {  // best effort: a store that cannot be reached now is reported by the first request
    with_queue([&](queue::Queue& queue) {
      const int removed = jobs::remove_stale_uploads(data_dir_, queue, jobs::kStaleUploadAge);
      if (removed > 0) log_line(fmt::format("{} stale upload(s) removed", removed));
      return 0;
    });
  } catch (const Error& e) {
    log_line(fmt::format("stale uploads not cleaned: {}", e.what()));
  }
  if (fleet_) return;
  queue::WorkerOptions options;
  const std::filesystem::path data = data_dir_;
  options.connect = [data](const queue::QueueOptions& q) { return queue::open_queue(data, q); };
  options.log = log_line;
  auto worker = std::make_shared<queue::Worker>(options);
  // The render caches' default bounds: a fleet's `lectio worker`s take flags for theirs.
  jobs::register_handlers(*worker, {data_dir_, media_dir_, 0, speech::CacheLimits{}});
  worker_ = std::thread([this, worker] {
    try {
      worker->run(stopping_);
    } catch (const std::exception& e) {  // the queue could not be opened: lessons wait
      log_line(fmt::format("job worker stopped: {}", e.what()));
    }
  });
}

Jobs::~Jobs() {
  stopping_ = true;
  if (worker_.joinable()) worker_.join();
}

std::optional<std::string> Jobs::submit(const std::string& owner, lesson::Brief brief, bool audio) {
  jobs::LessonRequest request{std::move(brief), owner, audio, /*published=*/false, {}};
  // The job carries the server the LLM engine writes with; the key stays here.
  if (request.brief.engine == "llm" && engines_.llm) request.llm = engines_.llm->options();
  return with_queue([&](queue::Queue& queue) -> std::optional<std::string> {
    if (!fleet_ && waiting_lessons(queue) >= kMaxQueued) return std::nullopt;
    const auto queued = queue.enqueue(jobs::lesson_job(request));
    return std::string(kIdPrefix) + std::to_string(queued.id);
  });
}

std::size_t Jobs::waiting_for(const std::string& owner) const {
  return with_queue([&](queue::Queue& queue) { return waiting_lessons(queue, owner); });
}

std::string Jobs::submit_upload(const std::string& owner, std::string_view bytes,
                                const std::string& file_name, const std::string& origin_url) {
  // The job keeps the file's name, which tells its format; the key needs no extension of it.
  const std::string key = media::open_media_dir(media_dir_)->put(bytes, "upload");
  return with_queue([&](queue::Queue& queue) {
    const auto queued = queue.enqueue(jobs::ingest_job({key, file_name, "", owner, origin_url}));
    return std::string(kIdPrefix) + std::to_string(queued.id);
  });
}

std::optional<JobStatus> Jobs::status(const std::string& id) const {
  const std::optional<std::int64_t> number = job_number(id);
  if (!number) return std::nullopt;
  const std::optional<queue::JobInfo> info =
      with_queue([&](queue::Queue& queue) { return queue.job(*number); });
  if (!info || (info->kind != jobs::kLesson && info->kind != jobs::kIngest)) return std::nullopt;
  JobStatus s;
  s.id = id;
  s.kind = info->kind;
  if (info->kind == jobs::kIngest) s.file_name = jobs::ingest_file_name(info->payload);
  if (info->kind == jobs::kLesson) {
    const nlohmann::json payload = nlohmann::json::parse(info->payload, nullptr, false);
    if (payload.is_object() && payload.contains("brief") && payload["brief"].is_object()) {
      try {
        s.brief = lesson::parse_brief_json(payload["brief"].dump(), "job brief");
      } catch (const InvalidInput&) {
        // A payload from another version: the form is then shown empty.
      }
    }
  }
  s.owner = jobs::job_owner(info->payload);
  s.state = page_state(*info);
  s.done = info->progress_done;
  s.total = info->progress_total;
  if (const auto output = jobs::lesson_output(info->output)) {
    s.lesson_id = output->lesson_id;
    s.existing = output->existing;
  }
  s.error = without_server_paths(data_dir_, info->error);
  return s;
}

}  // namespace lectio::web
