// The handlers a `lectio worker` runs: lessons through pipeline::LessonMaker, uploads through
// ingest::add_file, each job's output written in the transaction that completes it.
#include <fmt/format.h>

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "lectio/core/data_dir.h"
#include "lectio/core/error.h"
#include "lectio/core/file.h"
#include "lectio/ingest/ingest.h"
#include "lectio/jobs/jobs.h"
#include "lectio/media/media.h"
#include "lectio/pg/connection.h"
#include "lectio/pipeline/lesson_records.h"
#include "lectio/pipeline/make_lesson.h"
#include "lectio/store/content_store.h"
#include "payloads.h"

namespace lectio::jobs {

namespace fs = std::filesystem;

namespace {

// One LessonMaker per worker thread (none is thread-safe), made again when the library changed
// since it was made, so that its search index knows every chunk. Makers are made one at a
// time: opening brings the node's index up to date, and the index has one writer.
class Makers {
 public:
  explicit Makers(fs::path data_dir) : data_dir_(std::move(data_dir)) {}

  pipeline::LessonMaker& for_this_thread() {
    std::unique_lock lock(mutex_);
    Entry& entry = makers_[std::this_thread::get_id()];
    lock.unlock();
    if (entry.maker && entry.maker->store().generation() == entry.generation) return *entry.maker;
    const std::lock_guard opening(open_mutex_);
    entry.maker.reset();
    entry.maker = std::make_unique<pipeline::LessonMaker>(data_dir_);
    entry.generation = entry.maker->store().generation();
    return *entry.maker;
  }

 private:
  struct Entry {
    std::unique_ptr<pipeline::LessonMaker> maker;
    std::int64_t generation = -1;
  };
  fs::path data_dir_;
  std::mutex mutex_;       // guards makers_ (not the entries: each is its thread's own)
  std::mutex open_mutex_;  // one maker opens at a time
  std::map<std::thread::id, Entry> makers_;
};

// One client per model server that jobs name, shared by the worker's job slots so that its cap
// on requests in flight holds across them. The key is the worker's own (its environment).
class Clients {
 public:
  std::shared_ptr<llm::ChatClient> for_options(const llm::ChatOptions& options) {
    const std::string key = chat_options_text(options);
    const std::lock_guard lock(mutex_);
    auto& client = clients_[key];
    if (!client) {
      llm::ChatOptions own = options;
      own.api_key.clear();
      client = std::make_shared<llm::ChatClient>(llm::with_environment(own));
    }
    return client;
  }

 private:
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<llm::ChatClient>> clients_;
};

// The stored lesson built from this build key, if any (a plan lesson is then reused).
std::optional<std::string> stored_with_key(store::ContentStore& store, const std::string& key) {
  for (const store::Record& r : store.records(store::RecordKind::kLesson)) {
    if (r.build_key == key) return r.id;
  }
  return std::nullopt;
}

std::string_view stage_name(pipeline::Stage stage) {
  switch (stage) {
    case pipeline::Stage::kComposing:
      return "composing";
    case pipeline::Stage::kRendering:
      return "rendering";
    case pipeline::Stage::kSaving:
      return "saving";
    case pipeline::Stage::kDone:
      return "done";
  }
  return "";
}

// Runs `work`, turning refusals that no retry can fix into permanent failures.
template <typename Work>
auto refusals_are_final(Work&& work) {
  try {
    return work();
  } catch (const InvalidInput& e) {
    throw queue::PermanentFailure(e.what());
  } catch (const NotFound& e) {
    throw queue::PermanentFailure(e.what());
  }
}

struct Saved {
  lesson::Lesson lesson;
  std::string owner;
};

queue::Outcome run_lesson(queue::JobContext& ctx, Makers& makers, Clients& clients,
                          media::MediaStore& media, const WorkerSetup& setup, bool reuse) {
  ctx.check();  // a stopping worker gives the job back before starting it
  const LessonRequest request =
      refusals_are_final([&] { return parse_lesson_request(ctx.job().payload); });
  pipeline::LessonMaker& maker = makers.for_this_thread();
  // The brief names its engine; the job brings the server the LLM engine writes with.
  pipeline::EngineSetup engines;
  if (request.llm) engines.llm = clients.for_options(*request.llm);
  maker.use_engines(std::move(engines));
  auto saved = std::make_shared<std::optional<Saved>>();
  pipeline::LessonOptions options;
  options.owner = request.owner;
  options.audio = request.audio;
  options.published = request.published;
  options.render_threads = setup.render_threads;
  options.render_cache = setup.render_cache;
  options.media = &media;
  options.save = [saved](const lesson::Lesson& lesson, const std::string& owner) {
    *saved = Saved{lesson, owner};
  };
  if (reuse) {
    options.find_stored = [&maker](const std::string& key) {
      return stored_with_key(maker.store(), key);
    };
  }
  options.on_progress = [&ctx](const pipeline::LessonProgress& p) {
    try {
      ctx.progress(p.done, p.total, stage_name(p.stage));
    } catch (const Error&) {  // progress is for show; the heartbeat keeps the lease
    }
  };
  const pipeline::LessonResult made =
      refusals_are_final([&] { return maker.make(request.brief, options); });
  queue::Outcome outcome;
  outcome.output = lesson_output_json(
      {made.lesson.id, made.composed, made.audio && !made.audio->reused, made.existing});
  outcome.commit = [saved](store::ContentStore& store) {
    if (*saved) pipeline::save_lesson(store, (*saved)->lesson, (*saved)->owner);
  };
  return outcome;
}

queue::Outcome run_ingest(queue::JobContext& ctx, media::MediaStore& media,
                          const WorkerSetup& setup) {
  ctx.check();
  const IngestRequest request =
      refusals_are_final([&] { return parse_ingest_request(ctx.job().payload); });
  const fs::path name = fs::path(request.file_name).filename();
  if (name.empty() || name == "." || name == "..") {
    throw queue::PermanentFailure(
        fmt::format("ingest job: '{}' is not a file name", request.file_name));
  }
  const std::optional<std::string> bytes =
      refusals_are_final([&] { return media.get(request.media_key); });
  if (!bytes) {
    throw queue::PermanentFailure(
        fmt::format("ingest job: no uploaded file {} in the media store", request.media_key));
  }
  // A folder per upload, named by its content: the file keeps its name (which tells its
  // format) and a re-run of the job finds the same path.
  const fs::path file = setup.data_dir / "uploads" / upload_folder(request) / name;
  ensure_dir(file.parent_path());
  write_file_atomic(file, *bytes);
  ingest::AddOptions options;
  if (!request.id.empty()) options.id = request.id;
  options.origin_url = request.origin_url;
  options.owner = request.owner;
  options.is_private = !request.owner.empty();  // a web upload (see ingest::AddOptions)
  queue::Outcome outcome;
  outcome.output = ingest_output_json(request);
  outcome.commit = [file, options, shown = name.string()](store::ContentStore& store) {
    // add_file names the worker's copy; the uploader knows the file by its own name.
    const auto as_uploaded = [&](const Error& e) {
      std::string message = e.what();
      for (std::size_t at = message.find(file.string()); at != std::string::npos;
           at = message.find(file.string(), at)) {
        message.replace(at, file.string().size(), shown);
      }
      return message;
    };
    try {
      ingest::add_file(store, file, options);
    } catch (const pg::QueryError&) {
      throw;  // the database's, not the file's: the worker tells a broken connection apart
    } catch (const Io& e) {
      throw Io(as_uploaded(e));  // may pass: retried
    } catch (const Error& e) {
      throw queue::PermanentFailure(as_uploaded(e));  // the file itself is refused
    }
  };
  return outcome;
}

}  // namespace

void register_handlers(queue::Worker& worker, const WorkerSetup& setup) {
  auto makers = std::make_shared<Makers>(setup.data_dir);
  auto clients = std::make_shared<Clients>();
  std::shared_ptr<media::MediaStore> media = media::open_media_dir(setup.media_dir);
  worker.handle(std::string(kLesson), [=](queue::JobContext& ctx) {
    return run_lesson(ctx, *makers, *clients, *media, setup, false);
  });
  worker.handle(std::string(kPlanLesson), [=](queue::JobContext& ctx) {
    return run_lesson(ctx, *makers, *clients, *media, setup, true);
  });
  worker.handle(std::string(kIngest),
                [=](queue::JobContext& ctx) { return run_ingest(ctx, *media, setup); });
}

}  // namespace lectio::jobs
