#pragma once
// The one way a brief becomes a stored lesson, for the command line, the web jobs, the plan
// builder and queue workers alike: resolve the sources, compose (or reuse a stored lesson
// built from the same brief and source versions), check that the creator may write the
// lesson, render the audio with the data directory's lexicon, record it, save. Free of
// command-line and web types: callers follow it through the progress callback.
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "lectio/compose/engine.h"
#include "lectio/lesson/brief.h"
#include "lectio/lesson/lesson.h"
#include "lectio/media/media.h"
#include "lectio/pipeline/engines.h"
#include "lectio/search/index.h"
#include "lectio/speech/render.h"
#include "lectio/store/content_store.h"

namespace lectio::pipeline {

enum class Stage { kComposing, kRendering, kSaving, kDone };

struct LessonProgress {
  Stage stage = Stage::kComposing;
  int done = 0;   // while rendering: sentences synthesised so far
  int total = 0;  // while rendering: sentences in the script
};

struct LessonOptions {
  // The creator's user id. A creator may write only a lesson that is new or already theirs;
  // "" is the library's operator (the command line, plans), who may rewrite any lesson and
  // leaves its creator as it was.
  std::string owner;
  bool audio = true;
  bool published = true;             // of a newly composed lesson; web lessons start as drafts
  std::filesystem::path audio_dir;   // default <data_dir>/audio
  std::filesystem::path lexicon;     // default <data_dir>/lexicon.yaml when that exists
  int render_threads = 0;            // 0 = all cores
  speech::CacheLimits render_cache;  // the bounds of audio_dir's render caches
  // The id of a stored lesson with this build key, to reuse instead of composing again.
  // When set, a composed lesson is also stored before its audio is rendered, so that a
  // failed render does not cost the composition on the next run. Unset: always compose,
  // and store only a lesson whose every step succeeded.
  std::function<std::optional<std::string>(const std::string& build_key)> find_stored;
  // Called on the calling thread as the lesson moves on; must not throw.
  std::function<void(const LessonProgress&)> on_progress;
  // When set, the rendered files are published here under their content keys (temporary
  // name, fsync, rename) and the lesson records those files; the render's own files stay in
  // audio_dir as its cache. A fleet's shared media directory.
  media::MediaStore* media = nullptr;
  // When set, called with the lesson and its owner wherever it would be stored, instead of
  // storing it: a queue worker stores it in the transaction that completes its job.
  std::function<void(const lesson::Lesson&, const std::string& owner)> save;
};

struct LessonResult {
  lesson::Lesson lesson;  // as stored
  bool composed = false;  // false: reused from the store
  // The lesson is another creator's (or the library's), published: returned as stored,
  // nothing composed, rendered or saved. A request for it is answered by it.
  bool existing = false;
  std::optional<speech::RenderResult> audio;  // when audio was asked for
};

// What lessons are made with, opened once: a store connection, the search index (brought up
// to date) and the engines. None of them is thread-safe: one LessonMaker per thread.
class LessonMaker {
 public:
  // Opens the data directory's stores and index; `engines` default to the extractive engine
  // alone. Throws Io when the store or index cannot be opened.
  explicit LessonMaker(std::filesystem::path data_dir, EngineSetup engines = {});
  ~LessonMaker();
  LessonMaker(const LessonMaker&) = delete;
  LessonMaker& operator=(const LessonMaker&) = delete;

  // Makes and stores one lesson, written by the engine with_engine() chooses; a lesson
  // another creator already published is returned as it is (LessonResult::existing). Throws
  // InvalidInput (unknown sources, an engine that is not configured, another creator's draft:
  // refused before any audio is rendered), Io, or what rendering throws; nothing is
  // stored then, except a composition kept for reuse (see find_stored).
  LessonResult make(const lesson::Brief& brief, const LessonOptions& options);

  // The engines of the lessons made from now on (a queue worker's job brings its own).
  void use_engines(EngineSetup engines) { engines_ = std::move(engines); }

  store::ContentStore& store() { return *store_; }

 private:
  std::filesystem::path data_dir_;
  std::unique_ptr<store::ContentStore> store_;
  std::unique_ptr<search::Index> index_;  // after store_: closed first
  EngineSetup engines_;
};

// One lesson with a LessonMaker of its own.
LessonResult make_lesson(const lesson::Brief& brief, const std::filesystem::path& data_dir,
                         const LessonOptions& options);

}  // namespace lectio::pipeline
