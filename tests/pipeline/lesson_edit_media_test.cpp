// Deleting a version of a lesson published to a media store (the media directory, as a fleet
// uses it): the version's copies there go with its rendered files, unless another version uses
// them. Real renders: labelled "audio".
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "lectio/lesson/script_text.h"
#include "lectio/media/media.h"
#include "lectio/pipeline/lesson_edit.h"
#include "lectio/pipeline/lesson_records.h"
#include "lectio/pipeline/make_lesson.h"
#include "pipeline_fixture.h"

namespace lectio::pipeline {
namespace {

namespace fs = std::filesystem;

// The media keys a lesson records as its audio: the published files' names.
std::set<std::string> recorded_keys(const lesson::Lesson& l) {
  std::set<std::string> keys;
  if (!l.audio) return keys;
  for (const std::string* f : {&l.audio->mp3, &l.audio->opus, &l.audio->vtt, &l.audio->chapters}) {
    keys.insert(fs::path(*f).filename().string());
  }
  return keys;
}

// The script with its first uncited line (the host's greeting) spoken differently.
std::string edited(std::string script) {
  std::size_t at = 0;
  while (at < script.size()) {
    const std::size_t end = script.find('\n', at);
    const std::string line = script.substr(at, end - at);
    const std::size_t colon = line.find(": ");
    if (line.rfind("- ", 0) == 0 && colon != std::string::npos &&
        line.find("[cite:") == std::string::npos) {
      return script.replace(at + colon + 2, line.size() - colon - 2, "Hello, and welcome back.");
    }
    at = end + 1;
  }
  ADD_FAILURE() << "no uncited line in\n" << script;
  return script;
}

TEST(LessonEditMediaTest, DeletingAVersionRemovesItsMediaCopiesThatNoOtherVersionUses) {
  testing_support::DataDir d;
  const auto media = media::open_media_dir(d.dir.path() / "media");
  LessonOptions options;
  options.media = media.get();
  const LessonResult made = make_lesson(testing_support::warps_brief(), d.data, options);
  const std::set<std::string> v1 = recorded_keys(made.lesson);
  ASSERT_EQ(v1.size(), 4u);
  for (const std::string& key : v1) ASSERT_TRUE(media->exists(key)) << key;

  auto store = store::open_content_store(d.data);
  EditOptions edit;
  edit.render.media = media.get();
  const CurrentLesson base = *current_lesson(*store, made.lesson.id);
  const std::string script = edited(lesson::script_to_text(base.lesson, base.version));
  const EditResult r2 = apply_edit(
      *store, d.data, base, lesson::parse_script_text(script, "edit", base.lesson), "edit", edit);
  ASSERT_TRUE(r2.stored);
  const std::set<std::string> v2 = recorded_keys(r2.lesson);
  ASSERT_NE(v2, v1);
  // Version 3 is version 1 again: the same files, the same media objects.
  const EditResult r3 =
      revert_lesson(*store, d.data, *current_lesson(*store, made.lesson.id), 1, edit);
  EXPECT_EQ(recorded_keys(r3.lesson), v1);

  const DeletedVersion first =
      delete_version(*store, d.data, *current_lesson(*store, made.lesson.id), 1, edit.render);
  EXPECT_TRUE(first.files.empty()) << "version 3 uses them";
  EXPECT_TRUE(first.media_keys.empty());
  for (const std::string& key : v1) EXPECT_TRUE(media->exists(key)) << key;

  const DeletedVersion second =
      delete_version(*store, d.data, *current_lesson(*store, made.lesson.id), 2, edit.render);
  std::set<std::string> only_v2;
  for (const std::string& key : v2) {
    if (v1.count(key) == 0) only_v2.insert(key);
  }
  ASSERT_FALSE(only_v2.empty());
  EXPECT_EQ(std::set<std::string>(second.media_keys.begin(), second.media_keys.end()), only_v2);
  EXPECT_EQ(second.files.size(), 5u) << "its four files and its render record";
  for (const std::string& key : only_v2) EXPECT_FALSE(media->exists(key)) << key;
  for (const std::string& key : v1) EXPECT_TRUE(media->exists(key)) << key << ": published";
}

}  // namespace
}  // namespace lectio::pipeline
