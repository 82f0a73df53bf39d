#include "lectio/pipeline/make_lesson.h"

#include <fmt/format.h>

#include "lectio/compose/composer.h"
#include "lectio/core/error.h"
#include "lectio/pipeline/lesson_records.h"
#include "lectio/store/store.h"
#include "lectio/study/study_set.h"
#include "render_setup.h"

namespace lectio::pipeline {

namespace fs = std::filesystem;

namespace {

// Who the lesson is stored under. A creator may not take over a lesson someone else made
// (another creator's, or the library's own) by asking for the same one; the operator keeps
// a lesson's creator when rewriting it. Only called when the lesson is new, the creator's own,
// or the operator's to rewrite (see published_by_another).
std::string owner_to_store(store::ContentStore& store, const lesson::Lesson& lesson,
                           const std::string& owner) {
  const auto existing = store.record(store::RecordKind::kLesson, lesson.id);
  if (!existing) return owner;
  if (owner.empty()) return existing->owner;
  if (existing->owner != owner) {
    throw InvalidInput("the same lesson already exists in the library as another creator's draft");
  }
  return owner;
}

// The stored lesson with this id when a creator asks for a lesson someone else already made
// and published: it is theirs to listen to as it is, not to overwrite.
std::optional<lesson::Lesson> published_by_another(store::ContentStore& store,
                                                   const std::string& id,
                                                   const std::string& owner) {
  if (owner.empty()) return std::nullopt;
  const auto existing = store.record(store::RecordKind::kLesson, id);
  if (!existing || existing->owner == owner) return std::nullopt;
  std::optional<lesson::Lesson> stored = load_lesson(store, id);
  if (!stored || !stored->published) return std::nullopt;
  return stored;
}

void store_lesson(store::ContentStore& store, const LessonOptions& options,
                  const lesson::Lesson& lesson, const std::string& owner) {
  if (options.save) {
    options.save(lesson, owner);
    return;
  }
  save_lesson(store, lesson, owner);
}

// A lesson composed again from its brief after it was edited becomes its next version, so its
// history (the edits, and `lectio lesson revert` to them) stays; a version 1 would hide the
// edits and clash with the stored versions (issue 32). A lesson never edited has no stored
// versions: it is still version 1, replaced.
void continue_versions(store::ContentStore& store, lesson::Lesson& lesson,
                       const std::string& owner) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    const auto versions = store.lesson_versions(lesson.id);
    if (versions.empty()) return;
    lesson.version = versions.back().version + 1;
    const store::LessonVersion v{
        lesson.id, lesson.version, "composed again", owner, lesson::lesson_to_json(lesson), ""};
    if (store.add_lesson_version(v, versions.back().version)) return;
  }
  throw Io(fmt::format("lesson {}: its versions kept changing while it was stored", lesson.id));
}

}  // namespace

void report(const LessonOptions& options, Stage stage, int done, int total) {
  if (options.on_progress) options.on_progress({stage, done, total});
}

speech::RenderOptions render_options(const fs::path& data_dir, const LessonOptions& options) {
  speech::RenderOptions render;
  render.out_dir = options.audio_dir.empty() ? data_dir / "audio" : options.audio_dir;
  render.threads = options.render_threads;
  render.cache = options.render_cache;
  const fs::path lexicon = options.lexicon.empty() ? data_dir / "lexicon.yaml" : options.lexicon;
  std::error_code ec;
  if (!options.lexicon.empty() || fs::exists(lexicon, ec)) {
    render.lexicon = speech::Lexicon::load(lexicon);
  }
  render.on_progress = [&options](int done, int total) {
    report(options, Stage::kRendering, done, total);
  };
  return render;
}

// The render's files, published into the media store: what the lesson then records.
speech::RenderResult published(const speech::RenderResult& render, media::MediaStore& media) {
  auto put = [&media](const fs::path& file) {
    const std::string key = media.put_file(file, file.extension().string().substr(1));
    const auto path = media.local_path(key);
    if (!path) throw Unsupported(fmt::format("media object {}: no local file to record", key));
    return *path;
  };
  speech::RenderResult out = render;
  out.mp3 = put(render.mp3);
  out.opus = put(render.opus);
  out.vtt = put(render.vtt);
  out.chapters = put(render.chapters);
  return out;
}

LessonMaker::LessonMaker(fs::path data_dir, EngineSetup engines)
    : data_dir_(std::move(data_dir)),
      store_(store::open_content_store(data_dir_)),
      index_(search::open_index(*store_, data_dir_)),
      engines_(std::move(engines)) {}

LessonMaker::~LessonMaker() = default;

LessonResult LessonMaker::make(const lesson::Brief& asked, const LessonOptions& options) {
  const lesson::Brief brief = with_engine(asked, engines_);
  const std::unique_ptr<compose::Engine> engine = make_engine(brief, engines_);
  report(options, Stage::kComposing);
  // Loaded first: a bad lexicon fails the lesson before any work is done.
  std::optional<speech::RenderOptions> render;
  if (options.audio) render = render_options(data_dir_, options);

  LessonResult result;
  std::optional<lesson::Lesson> stored;
  if (options.find_stored) {
    if (const auto id =
            options.find_stored(compose::lesson_build_key(brief, *store_, engine->name()))) {
      stored = load_lesson(*store_, *id);
    }
  }
  if (stored) {
    result.lesson = std::move(*stored);
  } else {
    result.lesson = compose::compose_lesson(brief, *store_, *index_, *engine);
    result.lesson.published = options.published;
    result.composed = true;
  }
  if (auto theirs = published_by_another(*store_, result.lesson.id, options.owner)) {
    result.lesson = std::move(*theirs);
    result.composed = false;
    result.existing = true;
    report(options, Stage::kDone);
    return result;
  }
  // Cards and a quiz with every lesson; a stored lesson made before them gets them now.
  const bool add_study = !result.lesson.study.has_value();
  if (add_study) {
    const auto writer = make_card_writer(brief, engines_);
    study::add_study_set(result.lesson, *store_, writer.get());
  }
  // Before any audio is rendered: a refused lesson costs nothing.
  const std::string owner = owner_to_store(*store_, result.lesson, options.owner);
  if (result.composed) continue_versions(*store_, result.lesson, owner);
  bool unsaved = result.composed || add_study;
  if (unsaved && options.find_stored) {
    store_lesson(*store_, options, result.lesson, owner);
    unsaved = false;
  }
  if (render) {
    report(options, Stage::kRendering);
    result.audio = speech::render_lesson(result.lesson, *render);
    if (options.media) result.audio = published(*result.audio, *options.media);
    unsaved = speech::record_audio(result.lesson, *result.audio, data_dir_) || unsaved;
  }
  if (unsaved) {
    report(options, Stage::kSaving);
    store_lesson(*store_, options, result.lesson, owner);
  }
  report(options, Stage::kDone);
  return result;
}

LessonResult make_lesson(const lesson::Brief& brief, const fs::path& data_dir,
                         const LessonOptions& options) {
  LessonMaker maker(data_dir);
  return maker.make(brief, options);
}

}  // namespace lectio::pipeline
