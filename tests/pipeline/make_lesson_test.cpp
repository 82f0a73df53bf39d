// The lesson pipeline without audio: a real store, index and composer over example notes.
#include "lectio/pipeline/make_lesson.h"

#include <gtest/gtest.h>

#include <vector>

#include "lectio/core/error.h"
#include "lectio/pipeline/lesson_records.h"
#include "pipeline_fixture.h"

namespace lectio::pipeline {

namespace {

using testing_support::DataDir;
using testing_support::warps_brief;

LessonOptions no_audio(const std::string& owner = "") {
  LessonOptions options;
  options.owner = owner;
  options.audio = false;
  return options;
}

std::string owner_of(const DataDir& d, const std::string& id) {
  auto store = store::open_content_store(d.data);
  return store->record(store::RecordKind::kLesson, id).value().owner;
}

}  // namespace

TEST(MakeLessonTest, ComposesAndStoresUnderItsCreator) {
  DataDir d;
  LessonOptions options = no_audio("user_a");
  options.published = false;
  std::vector<Stage> stages;
  options.on_progress = [&](const LessonProgress& p) { stages.push_back(p.stage); };
  const LessonResult made = make_lesson(warps_brief(), d.data, options);
  EXPECT_TRUE(made.composed);
  EXPECT_FALSE(made.audio);
  EXPECT_EQ(made.lesson.host, "Lena");
  EXPECT_EQ(made.lesson.date, "2026-04-22");
  EXPECT_EQ(stages, (std::vector<Stage>{Stage::kComposing, Stage::kSaving, Stage::kDone}));
  EXPECT_EQ(owner_of(d, made.lesson.id), "user_a");
  auto store = store::open_content_store(d.data);
  const auto stored = load_lesson(*store, made.lesson.id);
  ASSERT_TRUE(stored);
  EXPECT_FALSE(stored->published) << "a draft stays a draft";
  EXPECT_EQ(stored->script.size(), made.lesson.script.size());
}

TEST(MakeLessonTest, ACreatorCannotTakeOverAnotherCreatorsLessonAndNothingIsRendered) {
  DataDir d;
  LessonOptions draft = no_audio("user_a");
  draft.published = false;
  const LessonResult first = make_lesson(warps_brief(), d.data, draft);
  LessonOptions other;
  other.owner = "user_b";
  other.audio_dir = d.dir.path() / "audio";
  try {
    make_lesson(warps_brief(), d.data, other);
    FAIL() << "user_b took over user_a's lesson";
  } catch (const InvalidInput& e) {
    EXPECT_STREQ(e.what(),
                 "the same lesson already exists in the library as another creator's draft");
  }
  EXPECT_FALSE(std::filesystem::exists(other.audio_dir)) << "refused before any rendering";
  EXPECT_EQ(owner_of(d, first.lesson.id), "user_a");
}

// Issue 29: asking for a lesson another creator published is answered by that lesson, as it
// is: nothing composed into it, rendered or stored, and it stays theirs.
TEST(MakeLessonTest, ALessonAnotherCreatorPublishedIsReturnedAsItIs) {
  DataDir d;
  const LessonResult first = make_lesson(warps_brief(), d.data, no_audio("user_a"));
  ASSERT_TRUE(first.lesson.published);
  LessonOptions other;
  other.owner = "user_b";
  other.audio_dir = d.dir.path() / "audio";
  const LessonResult again = make_lesson(warps_brief(), d.data, other);
  EXPECT_TRUE(again.existing);
  EXPECT_FALSE(again.composed);
  EXPECT_FALSE(again.audio);
  EXPECT_EQ(again.lesson.id, first.lesson.id);
  EXPECT_FALSE(std::filesystem::exists(other.audio_dir)) << "nothing rendered";
  EXPECT_EQ(owner_of(d, first.lesson.id), "user_a");
}

TEST(MakeLessonTest, TheOperatorRewritesALessonAndKeepsItsCreator) {
  DataDir d;
  const LessonResult first = make_lesson(warps_brief(), d.data, no_audio("user_a"));
  const LessonResult again = make_lesson(warps_brief(), d.data, no_audio(""));
  EXPECT_EQ(again.lesson.id, first.lesson.id);
  EXPECT_EQ(owner_of(d, first.lesson.id), "user_a");
}

TEST(MakeLessonTest, AStoredLessonWithTheSameBuildKeyIsReused) {
  DataDir d;
  LessonMaker maker(d.data);
  const LessonResult first = maker.make(warps_brief(), no_audio());
  LessonOptions reuse = no_audio();
  std::string asked;
  reuse.find_stored = [&](const std::string& key) -> std::optional<std::string> {
    asked = key;
    return first.lesson.id;
  };
  const LessonResult second = maker.make(warps_brief(), reuse);
  EXPECT_FALSE(second.composed);
  EXPECT_EQ(asked, first.lesson.build_key);
  EXPECT_EQ(second.lesson.id, first.lesson.id);
}

TEST(MakeLessonTest, ABadLexiconFailsTheLessonAndStoresNothing) {
  DataDir d;
  LessonOptions options;
  options.lexicon = d.dir.write("lexicon.yaml", "GPU: [not, a, spoken, form]\n");
  EXPECT_THROW(make_lesson(warps_brief(), d.data, options), InvalidInput);
  auto store = store::open_content_store(d.data);
  EXPECT_TRUE(store->records(store::RecordKind::kLesson).empty());
}

TEST(MakeLessonTest, AnUnknownSourceIsRefusedNamingTheField) {
  DataDir d;
  lesson::Brief brief = warps_brief();
  brief.sources = {"file_nowhere"};
  try {
    make_lesson(brief, d.data, no_audio());
    FAIL() << "an unknown source was accepted";
  } catch (const InvalidInput& e) {
    EXPECT_NE(std::string(e.what()).find("field 'sources'"), std::string::npos) << e.what();
  }
}

}  // namespace lectio::pipeline
