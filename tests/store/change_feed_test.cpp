// The change feed of the chunks and source deletion, on every backend (store_backends.h).
#include <gtest/gtest.h>

#include "store_backends.h"

namespace lectio::store {

class ChangeFeedTest : public StoreBackendTest {};

INSTANTIATE_TEST_SUITE_P(Backends, ChangeFeedTest, ::testing::ValuesIn(store_backends()),
                         backend_name);

TEST_P(ChangeFeedTest, EveryPutAndDeleteIsOneChangeCountingUpFromTheGeneration) {
  auto store = open_content();
  const std::int64_t start = store->generation();
  store->put_source(make_source("file_a", "h1"), make_chunks(2, "one"));
  store->put_source(make_source("file_b", "h1"), make_chunks(1, "bee"));
  store->put_source(make_source("file_a", "h1"), make_chunks(2, "one"));  // unchanged: no change
  store->put_source(make_source("file_a", "h2"), make_chunks(3, "two"));
  EXPECT_TRUE(store->delete_source("file_b"));
  EXPECT_FALSE(store->delete_source("file_b")) << "nothing left to delete";

  const std::vector<ChunkChange> changes = open_content()->changes_after(start, 100);
  ASSERT_EQ(changes.size(), 4u);
  for (std::size_t i = 0; i < changes.size(); ++i) {
    EXPECT_EQ(changes[i].seq, start + 1 + static_cast<std::int64_t>(i));
  }
  EXPECT_EQ(changes[0].source_id, "file_a");
  EXPECT_EQ(changes[0].version, 1);
  EXPECT_EQ(changes[1].source_id, "file_b");
  EXPECT_EQ(changes[2].source_id, "file_a");
  EXPECT_EQ(changes[2].version, 2);
  EXPECT_FALSE(changes[2].deleted);
  EXPECT_EQ(changes[3].source_id, "file_b");
  EXPECT_TRUE(changes[3].deleted);
  EXPECT_EQ(store->generation(), changes.back().seq);

  // Read from a position, a page at a time.
  const auto page = store->changes_after(start + 1, 2);
  ASSERT_EQ(page.size(), 2u);
  EXPECT_EQ(page[0].seq, start + 2);
  EXPECT_EQ(page[1].seq, start + 3);
  EXPECT_TRUE(store->changes_after(changes.back().seq, 100).empty());
}

TEST_P(ChangeFeedTest, DeletingASourceRemovesEveryVersionAndItsChunks) {
  auto store = open_content();
  store->put_source(make_source("file_a", "h1"), make_chunks(2, "old"));
  store->put_source(make_source("file_a", "h2"), make_chunks(3, "new"));
  store->put_source(make_source("file_b", "h1"), make_chunks(1, "kept"));
  ASSERT_TRUE(store->delete_source("file_a"));

  auto reopened = open_content();
  ASSERT_EQ(reopened->sources().size(), 1u);
  EXPECT_EQ(reopened->sources()[0].id, "file_b");
  EXPECT_FALSE(reopened->source("file_a", std::nullopt));
  EXPECT_FALSE(reopened->source("file_a", 1));
  EXPECT_TRUE(reopened->chunks("file_a", 1).empty());
  EXPECT_FALSE(reopened->chunk(*ChunkRef::parse("file_a:c0001")));
  int visited = 0;
  reopened->for_each_current_chunk([&](const Chunk& c) {
    EXPECT_EQ(c.source_id, "file_b");
    ++visited;
  });
  EXPECT_EQ(visited, 1);

  // The id can be used again: it starts over at version 1.
  const PutResult again = reopened->put_source(make_source("file_a", "h3"), make_chunks(1, "re"));
  EXPECT_EQ(again.outcome, PutOutcome::kAdded);
  EXPECT_EQ(again.version, 1);
}

}  // namespace lectio::store
