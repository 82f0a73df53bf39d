// Content-store behaviour every backend must have; runs once per backend in store_backends.h.
#include <gtest/gtest.h>

#include "lectio/core/error.h"
#include "store_backends.h"

namespace lectio::store {

class ContentStoreTest : public StoreBackendTest {};

INSTANTIATE_TEST_SUITE_P(Backends, ContentStoreTest, ::testing::ValuesIn(store_backends()),
                         backend_name);

TEST_P(ContentStoreTest, StoresSourceAndChunksAndReadsThemBack) {
  {
    auto store = open_content();
    const PutResult r = store->put_source(make_source("file_a", "h1"), make_chunks(3, "one"));
    EXPECT_EQ(r.source_id, "file_a");
    EXPECT_EQ(r.version, 1);
    EXPECT_EQ(r.outcome, PutOutcome::kAdded);
  }
  auto store = open_content();  // reopened: the data is on disk
  const auto sources = store->sources();
  ASSERT_EQ(sources.size(), 1u);
  EXPECT_EQ(sources[0].id, "file_a");
  EXPECT_EQ(sources[0].chunk_count, 3);
  EXPECT_EQ(sources[0].origin_url, "https://example.com/notes");
  EXPECT_EQ(sources[0].format, Format::kMarkdown);
  EXPECT_FALSE(sources[0].added_at.empty());

  const auto chunks = store->chunks("file_a", std::nullopt);
  ASSERT_EQ(chunks.size(), 3u);
  EXPECT_EQ(chunks[2].id(), "file_a:c0002");
  EXPECT_EQ(chunks[2].page_start, 2);
  EXPECT_EQ(chunks[2].heading_path, (std::vector<std::string>{"Title", "Section \"2\""}));
  EXPECT_EQ(chunks[2].text, "one chunk 2");
  EXPECT_EQ(store->source_id_for_path("/docs/notes.md"), "file_a");
  EXPECT_FALSE(store->source_id_for_path("/elsewhere.md"));
}

TEST_P(ContentStoreTest, KeepsWhereAChunkWasCutMidSentence) {
  auto chunks = make_chunks(3, "cut");
  chunks[0].closes_mid_sentence = true;
  chunks[1].opens_mid_sentence = true;
  chunks[1].closes_mid_sentence = true;
  chunks[2].opens_mid_sentence = true;
  open_content()->put_source(make_source("file_cut", "h1"), chunks);
  const auto back = open_content()->chunks("file_cut", std::nullopt);
  ASSERT_EQ(back.size(), 3u);
  EXPECT_FALSE(back[0].opens_mid_sentence);
  EXPECT_TRUE(back[0].closes_mid_sentence);
  EXPECT_TRUE(back[1].opens_mid_sentence);
  EXPECT_TRUE(back[1].closes_mid_sentence);
  EXPECT_TRUE(back[2].opens_mid_sentence);
  EXPECT_FALSE(back[2].closes_mid_sentence);
  const auto one = open_content()->chunk(*ChunkRef::parse("file_cut:c0002"));
  ASSERT_TRUE(one);
  EXPECT_TRUE(one->opens_mid_sentence);
}

TEST_P(ContentStoreTest, SameContentIsANoOpAndNewContentANewVersion) {
  auto store = open_content();
  store->put_source(make_source("file_a", "h1"), make_chunks(2, "old"));
  const auto gen = store->generation();
  const PutResult same = store->put_source(make_source("file_a", "h1"), make_chunks(5, "x"));
  EXPECT_EQ(same.outcome, PutOutcome::kUnchanged);
  EXPECT_EQ(same.version, 1);
  EXPECT_EQ(store->generation(), gen);
  EXPECT_EQ(store->chunks("file_a", std::nullopt).size(), 2u);

  const PutResult changed = store->put_source(make_source("file_a", "h2"), make_chunks(3, "new"));
  EXPECT_EQ(changed.outcome, PutOutcome::kNewVersion);
  EXPECT_EQ(changed.version, 2);
  EXPECT_GT(store->generation(), gen);

  // The current id names the new text; the pinned id still resolves the old one.
  auto current = store->chunk(*ChunkRef::parse("file_a:c0001"));
  ASSERT_TRUE(current);
  EXPECT_EQ(current->text, "new chunk 1");
  EXPECT_EQ(current->version, 2);
  auto old = store->chunk(*ChunkRef::parse("file_a@v1:c0001"));
  ASSERT_TRUE(old);
  EXPECT_EQ(old->text, "old chunk 1");
  EXPECT_FALSE(store->chunk(*ChunkRef::parse("file_a@v1:c0002")));
  EXPECT_TRUE(store->chunk(*ChunkRef::parse("file_a:c0002")));

  EXPECT_EQ(store->sources().size(), 1u);
  EXPECT_EQ(store->source("file_a", std::nullopt)->version, 2);
  EXPECT_EQ(store->source("file_a", 1)->content_hash, "h1");
  EXPECT_FALSE(store->source("file_a", 3));
  EXPECT_FALSE(store->source("file_b", std::nullopt));
  EXPECT_TRUE(store->chunks("file_b", std::nullopt).empty());
}

TEST_P(ContentStoreTest, VisitsOnlyCurrentVersionsInOrder) {
  auto store = open_content();
  store->put_source(make_source("file_b", "b1"), make_chunks(2, "b"));
  store->put_source(make_source("file_a", "a1"), make_chunks(2, "a-old"));
  store->put_source(make_source("file_a", "a2"), make_chunks(1, "a-new"));
  std::vector<std::string> seen;
  store->for_each_current_chunk([&](const Chunk& c) { seen.push_back(c.id() + "=" + c.text); });
  EXPECT_EQ(seen, (std::vector<std::string>{"file_a:c0000=a-new chunk 0", "file_b:c0000=b chunk 0",
                                            "file_b:c0001=b chunk 1"}));
}

// Readers decode a run of equal heading paths once (HeadingPathDecoder): each chunk still gets
// its own, as written, whether the path changes, comes back or is empty.
TEST_P(ContentStoreTest, EachChunkReadsBackItsOwnHeadingPath) {
  auto store = open_content();
  const std::vector<std::vector<std::string>> paths = {{"A"}, {"A"},      {"A", "B"}, {},
                                                       {"A"}, {"A", "B"}, {"A", "B"}, {"[\"x\"]"}};
  std::vector<Chunk> chunks = make_chunks(static_cast<int>(paths.size()), "p");
  for (std::size_t i = 0; i < paths.size(); ++i) chunks[i].heading_path = paths[i];
  store->put_source(make_source("file_p", "p1"), chunks);
  std::vector<std::vector<std::string>> read;
  for (const Chunk& c : store->chunks("file_p", std::nullopt)) read.push_back(c.heading_path);
  EXPECT_EQ(read, paths);
  read.clear();
  store->for_each_current_chunk([&](const Chunk& c) { read.push_back(c.heading_path); });
  EXPECT_EQ(read, paths);
}

TEST_P(ContentStoreTest, RecordsUpsertKeepCreationTimeAndFindBySlug) {
  auto store = open_content();
  Record lesson{"lesson_a_1", "gpu-vs-tpu", "GPU vs TPU", "AI plan", "en",
                "k1",         "",           "{\"v\":1}",  "",        ""};
  store->put_record(RecordKind::kLesson, lesson);
  const auto first = store->record(RecordKind::kLesson, "lesson_a_1");
  ASSERT_TRUE(first);
  EXPECT_FALSE(first->created_at.empty());
  lesson.body = "{\"v\":2}";
  lesson.build_key = "k2";
  store->put_record(RecordKind::kLesson, lesson);
  const auto by_slug = store->record(RecordKind::kLesson, "gpu-vs-tpu");
  ASSERT_TRUE(by_slug);
  EXPECT_EQ(by_slug->body, "{\"v\":2}");
  EXPECT_EQ(by_slug->build_key, "k2");
  EXPECT_EQ(by_slug->created_at, first->created_at);
  EXPECT_FALSE(store->record(RecordKind::kPlan, "lesson_a_1")) << "kinds are separate";

  store->put_record(RecordKind::kLesson,
                    {"lesson_b_2", "other", "Other", "", "zh", "", "u1", "{}", "", ""});
  EXPECT_EQ(store->records(RecordKind::kLesson).size(), 2u);
  EXPECT_TRUE(store->delete_record(RecordKind::kLesson, "lesson_b_2"));
  EXPECT_FALSE(store->delete_record(RecordKind::kLesson, "lesson_b_2"));
  EXPECT_EQ(store->records(RecordKind::kLesson).size(), 1u);
}

// Issue 29: a source keeps who added it and whether it is private, version by version; the
// library's (the command line's) are public with no owner.
TEST_P(ContentStoreTest, KeepsASourcesOwnerAndVisibility) {
  {
    auto store = open_content();
    Source mine = make_source("file_mine", "h1");
    mine.owner = "user_1";
    mine.is_private = true;
    store->put_source(mine, make_chunks(2, "mine"));
    store->put_source(make_source("file_library", "h2"), make_chunks(2, "library"));
  }
  auto store = open_content();
  const auto mine = store->source("file_mine", std::nullopt);
  ASSERT_TRUE(mine);
  EXPECT_EQ(mine->owner, "user_1");
  EXPECT_TRUE(mine->is_private);
  const auto library = store->source("file_library", 1);
  ASSERT_TRUE(library);
  EXPECT_EQ(library->owner, "");
  EXPECT_FALSE(library->is_private);
  for (const Source& s : store->sources()) {
    EXPECT_EQ(s.is_private, s.id == "file_mine") << s.id;
  }
}

// A page of a large source's chunks is read by ordinal, never the whole source.
TEST_P(ContentStoreTest, ReadsAPageOfChunks) {
  auto store = open_content();
  store->put_source(make_source("file_big", "h1"), make_chunks(25, "big"));
  const auto page = store->chunk_page("file_big", std::nullopt, 10, 5);
  ASSERT_EQ(page.size(), 5u);
  EXPECT_EQ(page.front().id(), "file_big:c0010");
  EXPECT_EQ(page.back().id(), "file_big:c0014");
  EXPECT_EQ(page[2].text, "big chunk 12");
  EXPECT_EQ(store->chunk_page("file_big", 1, 20, 50).size(), 5u);
  EXPECT_TRUE(store->chunk_page("file_big", std::nullopt, 25, 5).empty());
  EXPECT_TRUE(store->chunk_page("file_none", std::nullopt, 0, 5).empty());
}

}  // namespace lectio::store
