#pragma once
// The jobs a fleet of `lectio worker` processes runs from the queue: a lesson (a brief from the
// command line or the web), a plan's lesson (reused when one with its build key is stored; the
// build key is its unique key, so the same lesson is never built twice at once) and the ingest
// of an uploaded file kept in the media store. Enqueueing and running both go through here, so
// payloads have one format (JSON). A job's output (the lesson, the source) is written in the
// transaction that marks the job done.
#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "lectio/lesson/brief.h"
#include "lectio/llm/chat.h"
#include "lectio/queue/queue.h"
#include "lectio/queue/worker.h"
#include "lectio/speech/render.h"

namespace lectio::jobs {

inline constexpr std::string_view kLesson = "lesson";
inline constexpr std::string_view kPlanLesson = "plan_lesson";
inline constexpr std::string_view kIngest = "ingest";

struct LessonRequest {
  lesson::Brief brief;  // base_dir travels with it, for relative source paths
  std::string owner;    // the creator's user id; "" for the library's operator
  bool audio = true;
  bool published = true;
  // The model server of a brief whose engine is llm, as the enqueuer configured it. The API
  // key never enters the queue: a worker sends its own (LECTIO_LLM_API_KEY, else
  // OPENAI_API_KEY).
  std::optional<llm::ChatOptions> llm;
};

// A lesson job. Throws InvalidInput for a brief that does not serialise.
queue::JobSpec lesson_job(const LessonRequest& request);
// A plan's lesson, unique by its build key (compose::lesson_build_key).
queue::JobSpec plan_lesson_job(const LessonRequest& request, const std::string& build_key);

struct IngestRequest {
  std::string media_key;   // the uploaded bytes in the media store
  std::string file_name;   // as uploaded: its extension tells the format
  std::string id;          // the source id to use; "" for the default
  std::string owner;       // who uploaded it (the web's user id); "" from the command line
  std::string origin_url;  // shown beside citations, never fetched
};
queue::JobSpec ingest_job(const IngestRequest& request);

// The owner named in a lesson or ingest job's payload; "" when there is none.
std::string job_owner(std::string_view payload);

// What a finished lesson job reports (its output).
struct LessonOutput {
  std::string lesson_id;
  bool composed = false;
  bool rendered = false;
  bool existing = false;  // the lesson was already published by another creator: shown as is
};
// std::nullopt for an output that is not a lesson job's.
std::optional<LessonOutput> lesson_output(std::string_view output);

// The uploaded file's name in an ingest job's payload; "" when there is none.
std::string ingest_file_name(std::string_view payload);

struct WorkerSetup {
  std::filesystem::path data_dir;    // the node's search index and render cache
  std::filesystem::path media_dir;   // where published audio and uploads live
  int render_threads = 0;            // per job; 0 = the cores shared out between the jobs
  speech::CacheLimits render_cache;  // the bounds of the render caches under data_dir/audio
};

// Registers a handler for every job kind above. The store is the process's (store.h).
void register_handlers(queue::Worker& worker, const WorkerSetup& setup);

// How old an upload left under <data>/uploads must be before a starting server or worker
// removes it (remove_stale_uploads): far longer than any upload request or ingest job takes.
inline constexpr std::chrono::hours kStaleUploadAge{1};

// Removes what lies under <data_dir>/uploads, last written more than `older_than` ago, that no
// waiting or running ingest job of `queue` needs (among its newest 10,000 jobs): folders left by
// a web upload cut off mid-ingest, and ingest jobs' copies of files already added. Returns how
// many folders (or files) went. Never throws for a file it cannot remove.
int remove_stale_uploads(const std::filesystem::path& data_dir, queue::Queue& queue,
                         std::chrono::seconds older_than);

}  // namespace lectio::jobs
