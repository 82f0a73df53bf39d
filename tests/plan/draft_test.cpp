// draft_plan over real sources, built with the real composer: the drafted lessons cover
// different material, and each cites its own chapter's group.
#include "lectio/plan/draft.h"

#include <gtest/gtest.h>

#include <map>
#include <set>

#include "lectio/compose/composer.h"
#include "lectio/core/error.h"
#include "lectio/pipeline/lesson_records.h"
#include "lectio/plan/builder.h"
#include "lectio/plan/plan_file.h"
#include "lectio/store/store.h"
#include "plan_fixture.h"

namespace lectio::plan {

namespace {

using testing_support::add_example_notes;
using testing_support::add_source;

Draft draft_of(const std::filesystem::path& data, const std::string& goal, int chapters,
               std::vector<std::string> sources = {}) {
  auto store = store::open_content_store(data);
  DraftOptions options;
  options.goal = goal;
  options.chapters = chapters;
  options.source_ids = std::move(sources);
  return draft_plan(*store, options);
}

int count_sentences(const std::string& text) {
  int n = 0;
  for (std::size_t i = 0; i + 1 < text.size(); ++i) {
    n += (text[i] == '.' || text[i] == '?') && text[i + 1] == ' ' ? 1 : 0;
  }
  return n + 1;
}

// Builds the drafted plan (no audio) and checks the bars: every lesson cites only chunks of
// its own chapter's group, and few chunks are cited by two lessons.
void expect_lessons_keep_to_their_groups(const std::filesystem::path& data,
                                         const lectio::testing::TempDir& dir, const Draft& draft) {
  const auto path = dir.write("drafted.yaml", draft_to_yaml(draft));
  const PlanFile file = load_plan_file(path);
  ASSERT_EQ(file.chapters.size(), draft.chapters.size());
  BuildOptions options;
  options.data_dir = data;
  options.audio = false;
  const BuildResult built = build_plan(file, options);
  ASSERT_EQ(built.failed, 0);
  auto store = store::open_content_store(data);
  std::map<std::string, int> lessons_citing;
  int cited_total = 0;
  for (std::size_t c = 0; c < built.plan.chapters.size(); ++c) {
    const std::set<std::string> group(draft.chapters[c].chunk_ids.begin(),
                                      draft.chapters[c].chunk_ids.end());
    for (const PlanLesson& l : built.plan.chapters[c].lessons) {
      const auto lesson = pipeline::load_lesson(*store, l.id);
      ASSERT_TRUE(lesson.has_value());
      std::set<std::string> cited;
      for (const lesson::ScriptSentence* s : lesson::script_sentences(*lesson)) {
        cited.insert(s->citations.begin(), s->citations.end());
      }
      EXPECT_FALSE(cited.empty()) << l.title;
      for (const std::string& id : cited) {
        EXPECT_TRUE(group.count(id)) << l.title << " cites " << id << " outside its chapter";
        ++lessons_citing[id];
      }
      cited_total += static_cast<int>(cited.size());
    }
  }
  int shared = 0;
  for (const auto& [id, n] : lessons_citing) shared += n > 1 ? 1 : 0;
  EXPECT_LE(shared, std::max(1, cited_total / 20)) << "chunks cited by two lessons";
}

}  // namespace

TEST(PlanDraftTest, DraftsChaptersFromTheExampleNotes) {
  lectio::testing::TempDir dir;
  const auto data = dir.path() / "data";
  add_example_notes(data);
  const Draft draft = draft_of(data, "how does a GPU work", 4);
  EXPECT_EQ(draft.title, "How does a GPU work?");
  EXPECT_EQ(draft.language, "en");
  EXPECT_EQ(draft.host, "Lena");
  EXPECT_NE(draft.audience.find("how does a GPU work"), std::string::npos) << draft.audience;
  EXPECT_EQ(count_sentences(draft.description), 2) << draft.description;
  ASSERT_EQ(draft.chapters.size(), 4u);

  std::set<std::string> all;
  std::size_t total = 0;
  for (const DraftChapter& c : draft.chapters) {
    EXPECT_FALSE(c.title.empty());
    ASSERT_FALSE(c.lessons.empty());
    EXPECT_LE(c.lessons.size(), 3u);
    const std::set<std::string> group(c.chunk_ids.begin(), c.chunk_ids.end());
    for (const DraftLesson& l : c.lessons) {
      EXPECT_FALSE(l.topic.empty());
      EXPECT_GE(l.insights.size(), 2u) << l.topic;
      EXPECT_LE(l.insights.size(), 4u) << l.topic;
      EXPECT_GE(l.minutes, 2);
      for (const std::string& id : l.chunk_ids) {
        EXPECT_TRUE(group.count(id)) << id;
        EXPECT_TRUE(all.insert(id).second) << id << " is in two lessons";
      }
    }
    total += c.chunk_ids.size();
  }
  EXPECT_EQ(all.size(), total);
  // Every chunk of the material belongs to some lesson.
  auto store = store::open_content_store(data);
  std::size_t chunks = 0;
  for (const Source& s : store->sources()) chunks += static_cast<std::size_t>(s.chunk_count);
  EXPECT_EQ(total, chunks);
}

TEST(PlanDraftTest, DraftedLessonsCiteTheirOwnGroupsWhenBuilt) {
  lectio::testing::TempDir dir;
  const auto data = dir.path() / "data";
  add_example_notes(data);
  expect_lessons_keep_to_their_groups(data, dir, draft_of(data, "how does a GPU work", 4));
}

TEST(PlanDraftTest, SplitsOneDocumentAtItsHeadings) {
  lectio::testing::TempDir dir;
  const auto data = dir.path() / "data";
  add_example_notes(data);
  const Draft draft = draft_of(data, "interconnects", 3, {"interconnects"});
  ASSERT_EQ(draft.chapters.size(), 3u);
  EXPECT_EQ(draft.chapters[0].title, "Links Inside and Between Servers");
  EXPECT_EQ(draft.chapters[1].title, "Collective Communication");
  EXPECT_EQ(draft.chapters[2].title, "Ways to Split a Model");
  EXPECT_EQ(draft.chapters[0].lessons[0].insights[0], "PCIe");
  expect_lessons_keep_to_their_groups(data, dir, draft);
}

TEST(PlanDraftTest, ClustersMaterialWithoutHeadingsByTerms) {
  lectio::testing::TempDir dir;
  const auto data = dir.path() / "data";
  // Three topics, interleaved, and not a heading among them.
  const std::vector<std::string> topics[3] = {
      {"Sourdough bread rises because wild yeast in the starter ferments the flour slowly.",
       "A sourdough starter needs regular feeding with flour and water to stay active.",
       "Bread dough for sourdough loaves rests overnight so the yeast can ferment it."},
      {"Tomato plants in the garden need deep watering and plenty of sun every day.",
       "Garden soil for tomato plants should be rich in compost and drain well.",
       "Pruning the side shoots of tomato plants helps the garden crop ripen sooner."},
      {"A bicycle chain wears out and stretches after a few thousand kilometres of riding.",
       "Cleaning and oiling the bicycle chain keeps the gears shifting smoothly when riding.",
       "Worn bicycle brake pads should be replaced before long rides in the rain."}};
  std::string text;
  for (int round = 0; round < 4; ++round) {
    for (int t = 0; t < 3; ++t) {
      for (const std::string& s : topics[t]) text += s + " ";
      text += "\n\n";
    }
  }
  add_source(data, dir.write("mixed.txt", text), "mixed");
  const Draft draft = draft_of(data, "weekend hobbies", 3);
  ASSERT_EQ(draft.chapters.size(), 3u);
  EXPECT_EQ(draft.title, "Weekend hobbies");
  for (const DraftChapter& c : draft.chapters) EXPECT_FALSE(c.chunk_ids.empty());
}

TEST(PlanDraftTest, DraftsInChinese) {
  lectio::testing::TempDir dir;
  const auto data = dir.path() / "data";
  add_source(data, lectio::testing::source_dir() / "examples/gpu-tpu-zh/notes_zh.md", "zh");
  const Draft draft = draft_of(data, "GPU和TPU有什么区别", 2);
  EXPECT_EQ(draft.language, "zh");
  EXPECT_EQ(draft.host, "Mei");
  EXPECT_EQ(draft.title, "GPU和TPU有什么区别？");
  ASSERT_EQ(draft.chapters.size(), 2u);
  expect_lessons_keep_to_their_groups(data, dir, draft);
}

TEST(PlanDraftTest, RejectsBadRequests) {
  lectio::testing::TempDir dir;
  const auto data = dir.path() / "data";
  EXPECT_THROW(draft_of(data, "anything", 4), InvalidInput);  // no sources yet
  add_example_notes(data);
  EXPECT_THROW(draft_of(data, "  ", 4), InvalidInput);
  EXPECT_THROW(draft_of(data, "gpus", 0), InvalidInput);
  EXPECT_THROW(draft_of(data, "gpus", 13), InvalidInput);
  EXPECT_THROW(draft_of(data, "gpus", 4, {"file_nope"}), NotFound);
}

}  // namespace lectio::plan
