#pragma once
// Edits of a stored lesson (issue 32): each edit or revert is stored as a new version of the
// lesson, checked by the grounding verifier, and rendered again; only sentences whose spoken
// text changed are synthesised again (the renderer's sentence cache holds the others). The
// lesson's record (what pages, feeds and players read) is replaced only once the new version's
// audio is complete: a render that fails leaves the previous version published. Older
// versions' audio files stay where they are until the version is deleted.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lectio/core/error.h"
#include "lectio/grounding/edit_check.h"
#include "lectio/lesson/lesson.h"
#include "lectio/lesson/script_text.h"
#include "lectio/pipeline/make_lesson.h"
#include "lectio/speech/render.h"
#include "lectio/store/content_store.h"

namespace lectio::pipeline {

// Another editor stored a version first: what() names it. Nothing was written.
class VersionConflict : public InvalidInput {
 public:
  VersionConflict(const std::string& message, int current)
      : InvalidInput(message), current_(current) {}
  int current() const { return current_; }

 private:
  int current_;
};

// The newest version of a lesson: what an edit starts from.
struct CurrentLesson {
  lesson::Lesson lesson;
  int version = 1;
  std::string owner;      // the record's creator ("" for the library's)
  bool published = true;  // false: a newer version than the record's failed to render
};

// std::nullopt when there is no such lesson (by id or slug).
std::optional<CurrentLesson> current_lesson(store::ContentStore& store,
                                            std::string_view id_or_slug);

// Every version of a lesson, oldest first; a lesson never edited has its version 1 (the record).
std::vector<store::LessonVersion> lesson_versions(store::ContentStore& store,
                                                  const CurrentLesson& current);

struct EditOptions {
  std::string author;  // the editor's user id; "" for the command line
  std::string note = "edited";
  bool strict = false;   // store nothing when an edited sentence is unsupported
  LessonOptions render;  // audio, audio_dir, lexicon, render_threads, media, on_progress
};

struct EditResult {
  lesson::Lesson lesson;       // the new version (published when `stored` and rendered)
  grounding::EditCheck check;  // empty for a revert
  bool stored = false;         // false: refused under strict, nothing written
  std::optional<speech::RenderResult> audio;
};

// Checks `edit` (parse_script_text of `name`) and stores it as the next version of `base`.
// Throws VersionConflict when `edit` was printed from an older version or another editor
// stored one first, InvalidInput for a citation that does not exist (nothing written), and
// what rendering throws (the version is stored; the previous one stays published).
EditResult apply_edit(store::ContentStore& store, const std::filesystem::path& data_dir,
                      const CurrentLesson& base, lesson::ScriptEdit edit, const std::string& name,
                      const EditOptions& options);

// Stores version `version`'s content again as the next version, and publishes it. Throws
// NotFound for a version that does not exist, VersionConflict as apply_edit.
EditResult revert_lesson(store::ContentStore& store, const std::filesystem::path& data_dir,
                         const CurrentLesson& base, int version, const EditOptions& options);

struct DeletedVersion {
  std::vector<std::filesystem::path> files;  // removed from render.audio_dir
  std::vector<std::string> media_keys;       // removed from render.media
};

// Deletes version `version` of a lesson with the audio files rendered for it (named by its
// content under render.audio_dir, as render_lesson names them) that no other version uses: a
// revert renders the same content to the same names. With render.media, also the copies of
// those files published there (found by their content, so only while the rendered files
// exist) that no other version uses or records. Throws NotFound for a version that does not
// exist, InvalidInput for the published version (never deletable: publish another first with
// revert_lesson). Throws Io.
DeletedVersion delete_version(store::ContentStore& store, const std::filesystem::path& data_dir,
                              const CurrentLesson& base, int version, const LessonOptions& render);

// The lines of the script text that differ between two versions: "- line" removed,
// "+ line" added, each with the line number in the newer text.
std::vector<std::string> script_diff(const lesson::Lesson& older, const lesson::Lesson& newer);

}  // namespace lectio::pipeline
