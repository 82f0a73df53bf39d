// The lesson pipeline with audio: real synthesis of a one-minute lesson.
#include <gtest/gtest.h>

#include "lectio/pipeline/lesson_records.h"
#include "lectio/pipeline/make_lesson.h"
#include "pipeline_fixture.h"

namespace lectio::pipeline {

TEST(MakeLessonAudioTest, RendersRecordsAndStoresTheAudioReportingProgress) {
  testing_support::DataDir d;
  d.dir.write("data/lexicon.yaml", "SIMT: single instruction, multiple threads\n");
  LessonOptions options;
  int last_done = 0;
  int last_total = 0;
  options.on_progress = [&](const LessonProgress& p) {
    if (p.stage != Stage::kRendering || p.total == 0) return;
    EXPECT_GE(p.done, last_done) << "progress never goes back";
    last_done = p.done;
    last_total = p.total;
  };
  const LessonResult made = make_lesson(testing_support::warps_brief(), d.data, options);
  ASSERT_TRUE(made.audio);
  EXPECT_FALSE(made.audio->reused);
  EXPECT_GT(last_total, 0);
  EXPECT_EQ(last_done, last_total);
  EXPECT_TRUE(std::filesystem::exists(made.audio->mp3));
  EXPECT_EQ(made.audio->mp3.parent_path(), d.data / "audio") << "the data directory's audio";
  auto store = store::open_content_store(d.data);
  const auto stored = load_lesson(*store, made.lesson.id);
  ASSERT_TRUE(stored);
  EXPECT_GT(stored->duration.measured_seconds, 0);

  // The same lesson again: nothing is synthesised twice.
  const LessonResult again = make_lesson(testing_support::warps_brief(), d.data, {});
  ASSERT_TRUE(again.audio);
  EXPECT_TRUE(again.audio->reused);
}

}  // namespace lectio::pipeline
