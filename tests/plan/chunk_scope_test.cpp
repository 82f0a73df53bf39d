// The brief's `chunks` field, which drafted plans rely on to keep lessons on their own
// material: parsing, hashing, and compose_lesson drawing only on the named chunks.
#include <gtest/gtest.h>

#include "lectio/compose/composer.h"
#include "lectio/core/error.h"
#include "lectio/lesson/brief.h"
#include "lectio/search/index.h"
#include "lectio/store/store.h"
#include "plan_fixture.h"

namespace lectio::lesson {

TEST(ChunkScopeTest, ParsesIdsAndRanges) {
  auto r = parse_chunk_range("file_x:c0003");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->source_id, "file_x");
  EXPECT_EQ(r->first, 3);
  EXPECT_EQ(r->last, 3);
  r = parse_chunk_range("file_x:c0003..c0007");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->last, 7);
  r = parse_chunk_range("file_x:c0003..file_x:c0004");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->last, 4);
  EXPECT_FALSE(parse_chunk_range("file_x"));
  EXPECT_FALSE(parse_chunk_range("file_x:c0007..c0003"));
  EXPECT_FALSE(parse_chunk_range("file_x:c0003..file_y:c0004"));
  EXPECT_FALSE(parse_chunk_range("file_x@v1:c0003"));
}

TEST(ChunkScopeTest, BriefsCheckTheFieldAndHashItOnlyWhenSet) {
  const std::string base = "topic: T\ninsights: [a]\ndate: 2026-01-02\n";
  const Brief plain = parse_brief(base, "b.yaml");
  const Brief scoped = parse_brief(base + "chunks: [file_x:c0000..c0002]\n", "b.yaml");
  EXPECT_EQ(scoped.chunks, std::vector<std::string>{"file_x:c0000..c0002"});
  EXPECT_NE(brief_hash(plain), brief_hash(scoped));
  Brief copy = plain;
  EXPECT_EQ(brief_hash(copy), brief_hash(plain));
  try {
    (void)parse_brief(base + "chunks: [nonsense]\n", "b.yaml");
    ADD_FAILURE() << "expected an error";
  } catch (const InvalidInput& e) {
    EXPECT_NE(std::string(e.what()).find("b.yaml: field 'chunks': 'nonsense'"), std::string::npos)
        << e.what();
  }
}

TEST(ChunkScopeTest, ALessonCitesOnlyItsChunks) {
  lectio::testing::TempDir dir;
  const auto data = dir.path() / "data";
  plan::testing_support::add_example_notes(data);
  auto store = store::open_content_store(data);
  auto index = search::open_index(*store, data);
  auto engine = compose::make_extractive_engine();
  Brief brief = parse_brief(
      "topic: Parallelism\ninsights: [Data parallelism, All-reduce, PCIe and its limits]\n"
      "sources: [interconnects]\nchunks: [file_interconnects:c0005..c0007]\nminutes: 3\n"
      "date: 2026-01-02\n",
      "b.yaml");
  const Lesson lesson = compose::compose_lesson(brief, *store, *index, *engine);
  int content = 0;
  for (const ScriptSentence* s : script_sentences(lesson)) {
    for (const std::string& id : s->citations) {
      ++content;
      const auto ref = ChunkRef::parse(id);
      ASSERT_TRUE(ref);
      EXPECT_EQ(ref->source_id, "file_interconnects");
      EXPECT_GE(ref->ordinal, 5) << id;
      EXPECT_LE(ref->ordinal, 7) << id;
    }
  }
  EXPECT_GT(content, 3);
  // Scoping keeps the build key of the brief's sources, so compose::lesson_build_key() agrees.
  EXPECT_EQ(lesson.build_key, compose::lesson_build_key(brief, *store));

  brief.chunks = {"file_cost:c0000"};  // not one of the brief's sources
  EXPECT_THROW(compose::compose_lesson(brief, *store, *index, *engine), InvalidInput);
  brief.chunks = {"file_interconnects:c0100..c0200"};  // past the end
  EXPECT_THROW(compose::compose_lesson(brief, *store, *index, *engine), InvalidInput);
}

}  // namespace lectio::lesson
