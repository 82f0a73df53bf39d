#include "lectio/pipeline/lesson_edit.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <set>

#include "lectio/core/data_dir.h"
#include "lectio/core/file.h"
#include "lectio/media/media.h"
#include "lectio/pipeline/lesson_records.h"
#include "lectio/study/study_set.h"
#include "render_setup.h"

namespace lectio::pipeline {

namespace {

store::LessonVersion version_record(const lesson::Lesson& l, std::string note, std::string author) {
  return {l.id, l.version, std::move(note), std::move(author), lesson::lesson_to_json(l), ""};
}

// Stores r.lesson as the version after `base`, renders it and publishes it (replaces the
// record) once its audio is complete.
void publish_version(store::ContentStore& store, const std::filesystem::path& data_dir,
                     const CurrentLesson& base, EditResult& r, const EditOptions& options) {
  if (!options.author.empty() && options.author != base.owner) {
    throw InvalidInput(fmt::format("lesson {}: not yours to edit", base.lesson.id));
  }
  lesson::Lesson& l = r.lesson;
  l.version = base.version + 1;
  // Loaded first: a bad lexicon fails the edit before anything is written.
  std::optional<speech::RenderOptions> render;
  if (options.render.audio) render = render_options(data_dir, options.render);
  // A lesson edited for the first time: its version 1 is the composed one.
  if (base.version == 1 && store.lesson_versions(l.id).empty()) {
    (void)store.add_lesson_version(version_record(base.lesson, "composed", ""), 0);
  }
  if (!store.add_lesson_version(version_record(l, options.note, options.author), base.version)) {
    const auto now = store.lesson_versions(l.id);
    const store::LessonVersion& newest = now.back();
    throw VersionConflict(
        fmt::format("lesson {}: version {} was saved{} at {} while this edit was made on version "
                    "{}; nothing was saved: edit version {} again",
                    l.id, newest.version, newest.author.empty() ? "" : " by " + newest.author,
                    newest.created_at, base.version, newest.version),
        newest.version);
  }
  r.stored = true;
  if (render) {
    report(options.render, Stage::kRendering);
    r.audio = speech::render_lesson(l, *render);
    if (options.render.media) r.audio = published(*r.audio, *options.render.media);
    speech::record_audio(l, *r.audio, data_dir);
  } else {
    l.audio.reset();
    l.duration.measured_seconds.reset();
  }
  report(options.render, Stage::kSaving);
  save_lesson(store, l, base.owner);
  report(options.render, Stage::kDone);
}

std::vector<int> version_numbers(const std::vector<store::LessonVersion>& versions) {
  std::vector<int> out;
  for (const auto& v : versions) out.push_back(v.version);
  return out;
}

std::vector<std::string> text_lines(const lesson::Lesson& l) {
  const std::string text = lesson::script_to_text(l, l.version);
  std::vector<std::string> out;
  std::size_t at = 0;
  while (at < text.size()) {
    const auto end = std::min(text.find('\n', at), text.size());
    std::string line = text.substr(at, end - at);
    if (!line.empty() && line.rfind("<!--", 0) != 0) out.push_back(std::move(line));
    at = end + 1;
  }
  return out;
}

}  // namespace

std::optional<CurrentLesson> current_lesson(store::ContentStore& store,
                                            std::string_view id_or_slug) {
  const auto record = store.record(store::RecordKind::kLesson, id_or_slug);
  if (!record) return std::nullopt;
  CurrentLesson current;
  current.owner = record->owner;
  current.lesson = lesson::lesson_from_json(record->body);
  current.version = current.lesson.version;
  const auto versions = store.lesson_versions(record->id);
  if (!versions.empty() && versions.back().version != current.version) {
    current.lesson = lesson::lesson_from_json(versions.back().body);
    current.version = versions.back().version;
    current.published = false;
  }
  return current;
}

std::vector<store::LessonVersion> lesson_versions(store::ContentStore& store,
                                                  const CurrentLesson& current) {
  auto versions = store.lesson_versions(current.lesson.id);
  if (versions.empty()) versions.push_back(version_record(current.lesson, "composed", ""));
  return versions;
}

EditResult apply_edit(store::ContentStore& store, const std::filesystem::path& data_dir,
                      const CurrentLesson& base, lesson::ScriptEdit edit, const std::string& name,
                      const EditOptions& options) {
  if (edit.base_version != 0 && edit.base_version != base.version) {
    throw VersionConflict(
        fmt::format("{}: lesson {} is at version {}, this script was printed from version {}: "
                    "print it again (lectio lesson script {}) and edit that",
                    name, base.lesson.id, base.version, edit.base_version, base.lesson.id),
        base.version);
  }
  EditResult r;
  r.check = grounding::check_edit(edit, base.lesson, name, store);
  r.lesson = std::move(edit.lesson);
  if (options.strict && !r.check.unsupported.empty()) return r;
  // The cards and quiz follow the edited script: made again (by the built-in engine) from the
  // sentences it now cites, so that none tests a sentence the edit removed or changed.
  study::add_study_set(r.lesson, store);
  publish_version(store, data_dir, base, r, options);
  return r;
}

EditResult revert_lesson(store::ContentStore& store, const std::filesystem::path& data_dir,
                         const CurrentLesson& base, int version, const EditOptions& options) {
  const auto versions = lesson_versions(store, base);
  const auto it = std::find_if(versions.begin(), versions.end(),
                               [&](const store::LessonVersion& v) { return v.version == version; });
  if (it == versions.end()) {
    throw NotFound(fmt::format("lesson {}: no version {} (versions {}-{})", base.lesson.id, version,
                               versions.front().version, versions.back().version));
  }
  EditResult r;
  r.lesson = lesson::lesson_from_json(it->body);
  EditOptions revert = options;
  revert.note = fmt::format("revert to {}", version);
  publish_version(store, data_dir, base, r, revert);
  return r;
}

namespace {

// The files render_lesson writes for a version's content; none for a lesson it cannot render
// (a version stored without sentences).
std::vector<std::filesystem::path> audio_files(const lesson::Lesson& l,
                                               const speech::RenderOptions& options) {
  try {
    return speech::render_files(l, options);
  } catch (const InvalidInput&) {
    return {};
  }
}

// The media keys of those of `files` that exist: what publishing them stored them under.
std::set<std::string> media_keys(const std::vector<std::filesystem::path>& files) {
  std::set<std::string> keys;
  for (const auto& f : files) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(f, ec)) continue;
    const std::string bytes = read_file(f, media::kMaxObjectBytes);
    keys.insert(media::content_key(bytes, f.extension().string().substr(1)));
  }
  return keys;
}

// The media keys a lesson records as its audio (the files' names when published).
void add_recorded_keys(const lesson::Lesson& l, std::set<std::string>& keys) {
  if (!l.audio) return;
  for (const std::string* f : {&l.audio->mp3, &l.audio->opus, &l.audio->vtt, &l.audio->chapters}) {
    const std::string name = std::filesystem::path(*f).filename().string();
    if (media::is_key(name)) keys.insert(name);
  }
}

}  // namespace

DeletedVersion delete_version(store::ContentStore& store, const std::filesystem::path& data_dir,
                              const CurrentLesson& base, int version, const LessonOptions& render) {
  const speech::RenderOptions options = render_options(data_dir, render);
  const auto versions = lesson_versions(store, base);
  const auto it = std::find_if(versions.begin(), versions.end(),
                               [&](const store::LessonVersion& v) { return v.version == version; });
  if (it == versions.end()) {
    throw NotFound(fmt::format("lesson {}: no version {} (versions: {})", base.lesson.id, version,
                               fmt::join(version_numbers(versions), ", ")));
  }
  const auto record = load_lesson(store, base.lesson.id);
  if (record && record->version == version) {
    throw InvalidInput(fmt::format(
        "lesson {}: version {} is the published version and cannot be deleted; publish another "
        "first (lectio lesson revert {} VERSION)",
        base.lesson.id, version, base.lesson.id));
  }
  // Files and media objects another version (a revert renders the same content to the same
  // names) still uses stay. A version records the audio it was edited from, so what another
  // version records counts as used too: that keeps more, never less.
  std::set<std::filesystem::path> used;
  std::set<std::string> used_keys;
  const auto note_used = [&](const lesson::Lesson& l) {
    auto files = audio_files(l, options);
    if (render.media) {
      used_keys.merge(media_keys(files));
      add_recorded_keys(l, used_keys);
    }
    used.insert(files.begin(), files.end());
  };
  if (record) note_used(*record);
  for (const store::LessonVersion& v : versions) {
    if (v.version != version) note_used(lesson::lesson_from_json(v.body));
  }
  const auto files = audio_files(lesson::lesson_from_json(it->body), options);
  // Named by the content of the files, so found before the files go.
  const auto keys = render.media ? media_keys(files) : std::set<std::string>{};
  if (!store.delete_lesson_version(base.lesson.id, version)) {
    throw NotFound(fmt::format("lesson {}: no version {}", base.lesson.id, version));
  }
  DeletedVersion removed;
  for (const auto& f : files) {
    if (used.count(f) == 0 && remove_regular_file(f)) removed.files.push_back(f);
  }
  for (const std::string& key : keys) {
    if (used_keys.count(key) == 0 && render.media->remove(key)) removed.media_keys.push_back(key);
  }
  return removed;
}

std::vector<std::string> script_diff(const lesson::Lesson& older, const lesson::Lesson& newer) {
  const auto a = text_lines(older);
  const auto b = text_lines(newer);
  // Longest common subsequence: scripts are a few hundred lines.
  std::vector<std::vector<int>> lcs(a.size() + 1, std::vector<int>(b.size() + 1, 0));
  for (std::size_t i = a.size(); i-- > 0;) {
    for (std::size_t j = b.size(); j-- > 0;) {
      lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : std::max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  std::vector<std::string> out;
  std::size_t i = 0;
  std::size_t j = 0;
  while (i < a.size() || j < b.size()) {
    if (i < a.size() && j < b.size() && a[i] == b[j]) {
      ++i;
      ++j;
    } else if (j < b.size() && (i == a.size() || lcs[i][j + 1] > lcs[i + 1][j])) {
      out.push_back("+ " + b[j++]);
    } else {
      out.push_back("- " + a[i++]);
    }
  }
  return out;
}

}  // namespace lectio::pipeline
