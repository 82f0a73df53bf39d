// The JSON payloads and outputs of the fleet's jobs.
#include "payloads.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "lectio/core/error.h"
#include "lectio/jobs/jobs.h"

namespace lectio::jobs {

namespace {

using nlohmann::json;

// Jobs made by people (the web, the command line) run before the bulk of a plan.
constexpr int kInteractivePriority = 0;
constexpr int kPlanPriority = 10;
// A lesson that failed this often (a voice server down for long) is left failed, with its
// error, for `lectio jobs` to show.
constexpr int kLessonAttempts = 5;

// Everything of the server's options but the API key, which stays out of the queue.
json chat_options_json(const llm::ChatOptions& o) {
  return {{"base_url", o.base_url},
          {"model", o.model},
          {"connect_timeout_seconds", o.connect_timeout_seconds},
          {"total_timeout_seconds", o.total_timeout_seconds},
          {"max_attempts", o.max_attempts},
          {"max_in_flight", o.max_in_flight},
          {"max_tokens", o.max_tokens},
          {"temperature", o.temperature},
          {"stream", o.stream}};
}

llm::ChatOptions chat_options_from(const json& j) {
  if (!j.is_object()) throw InvalidInput("lesson job: 'llm' is not a JSON object");
  llm::ChatOptions o;
  try {
    o.base_url = j.value("base_url", "");
    o.model = j.value("model", "");
    o.connect_timeout_seconds = j.value("connect_timeout_seconds", o.connect_timeout_seconds);
    o.total_timeout_seconds = j.value("total_timeout_seconds", o.total_timeout_seconds);
    o.max_attempts = j.value("max_attempts", o.max_attempts);
    o.max_in_flight = j.value("max_in_flight", o.max_in_flight);
    o.max_tokens = j.value("max_tokens", o.max_tokens);
    o.temperature = j.value("temperature", o.temperature);
    o.stream = j.value("stream", o.stream);
  } catch (const json::exception&) {
    throw InvalidInput("lesson job: 'llm' has a field of the wrong type");
  }
  llm::check_options(o);
  return o;
}

std::string lesson_payload(const LessonRequest& request) {
  json j{{"brief", json::parse(lesson::brief_to_json(request.brief))},
         {"base_dir", request.brief.base_dir.string()},
         {"owner", request.owner},
         {"audio", request.audio},
         {"published", request.published}};
  if (request.llm) j["llm"] = chat_options_json(*request.llm);
  return j.dump();
}

json parse_object(std::string_view payload, std::string_view kind) {
  json j = json::parse(payload, nullptr, false);
  if (!j.is_object()) {
    throw InvalidInput(fmt::format("{} job: the payload is not a JSON object", kind));
  }
  return j;
}

}  // namespace

queue::JobSpec lesson_job(const LessonRequest& request) {
  queue::JobSpec spec;
  spec.kind = std::string(kLesson);
  spec.payload = lesson_payload(request);
  spec.priority = kInteractivePriority;
  spec.max_attempts = kLessonAttempts;
  return spec;
}

queue::JobSpec plan_lesson_job(const LessonRequest& request, const std::string& build_key) {
  queue::JobSpec spec = lesson_job(request);
  spec.kind = std::string(kPlanLesson);
  spec.priority = kPlanPriority;
  spec.unique_key = "lesson:" + build_key;
  return spec;
}

queue::JobSpec ingest_job(const IngestRequest& request) {
  queue::JobSpec spec;
  spec.kind = std::string(kIngest);
  spec.payload = json{{"media_key", request.media_key},
                      {"file_name", request.file_name},
                      {"id", request.id},
                      {"owner", request.owner},
                      {"origin_url", request.origin_url}}
                     .dump();
  spec.priority = kInteractivePriority;
  spec.max_attempts = 3;
  // The same bytes uploaded again by the same person while the first is queued: one job.
  spec.unique_key = fmt::format("ingest:{}:{}", request.owner, request.media_key);
  return spec;
}

LessonRequest parse_lesson_request(std::string_view payload) {
  const json j = parse_object(payload, kLesson);
  if (!j.contains("brief") || !j["brief"].is_object()) {
    throw InvalidInput("lesson job: the payload has no brief");
  }
  LessonRequest request;
  request.brief = lesson::parse_brief_json(j["brief"].dump(), "lesson job brief");
  request.brief.base_dir = j.value("base_dir", "");
  request.owner = j.value("owner", "");
  request.audio = j.value("audio", true);
  request.published = j.value("published", true);
  if (j.contains("llm")) request.llm = chat_options_from(j["llm"]);
  return request;
}

IngestRequest parse_ingest_request(std::string_view payload) {
  const json j = parse_object(payload, kIngest);
  IngestRequest request{j.value("media_key", ""), j.value("file_name", ""), j.value("id", ""),
                        j.value("owner", ""), j.value("origin_url", "")};
  if (request.media_key.empty() || request.file_name.empty()) {
    throw InvalidInput("ingest job: the payload needs media_key and file_name");
  }
  return request;
}

std::string chat_options_text(const llm::ChatOptions& options) {
  return chat_options_json(options).dump();
}

std::string job_owner(std::string_view payload) {
  const json j = json::parse(payload, nullptr, false);
  if (!j.is_object() || !j.contains("owner") || !j["owner"].is_string()) return "";
  return j["owner"];
}

std::string ingest_file_name(std::string_view payload) {
  const json j = json::parse(payload, nullptr, false);
  if (!j.is_object() || !j.contains("file_name") || !j["file_name"].is_string()) return "";
  return j["file_name"];
}

std::string upload_folder(const IngestRequest& request) {
  return request.media_key.substr(0, 16);
}

std::string lesson_output_json(const LessonOutput& output) {
  return json{{"lesson_id", output.lesson_id},
              {"composed", output.composed},
              {"rendered", output.rendered},
              {"existing", output.existing}}
      .dump();
}

std::string ingest_output_json(const IngestRequest& request) {
  return json{{"media_key", request.media_key}, {"file_name", request.file_name}}.dump();
}

std::optional<LessonOutput> lesson_output(std::string_view output) {
  const json j = json::parse(output, nullptr, false);
  if (!j.is_object() || !j.contains("lesson_id") || !j["lesson_id"].is_string()) {
    return std::nullopt;
  }
  return LessonOutput{j["lesson_id"], j.value("composed", false), j.value("rendered", false),
                      j.value("existing", false)};
}

}  // namespace lectio::jobs
