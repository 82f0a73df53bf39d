// Two nodes of a fleet: two data directories, each with its own search index, on one store
// (SQLite file or PostgreSQL database, store_backends.h). Each index follows the store's change
// feed; the counters, not timings, show that a change is applied rather than rebuilt.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include "lectio/search/index.h"
#include "store/store_backends.h"

namespace fs = std::filesystem;

namespace lectio::search {

namespace {

class IndexFeedTest : public store::StoreBackendTest {
 protected:
  // A node: its own store connection and its own data directory for the index.
  struct Node {
    std::unique_ptr<store::ContentStore> store;
    testing::TempDir data;
    std::unique_ptr<Index> index;
  };

  std::unique_ptr<Node> node() {
    auto n = std::make_unique<Node>();
    n->store = open_content();
    n->index = open_index(*n->store, n->data.path());
    return n;
  }

  // The node's process again: a new store connection and the index it left in its directory.
  static void restart(Node& n, std::unique_ptr<store::ContentStore> store) {
    n.index.reset();
    n.store = std::move(store);
    n.index = open_index(*n.store, n.data.path());
  }

  // Forgets the whole change feed, as pruning does for a node too far behind.
  void drop_feed() {
    if (GetParam().name == "Postgres") {
      pg::Connection(store::pg_database_of(dir_.path())).exec("DELETE FROM chunk_changes");
      return;
    }
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open((dir_.path() / "lectio.db").c_str(), &db), SQLITE_OK);
    const int rc = sqlite3_exec(db, "DELETE FROM chunk_changes", nullptr, nullptr, nullptr);
    sqlite3_close(db);
    ASSERT_EQ(rc, SQLITE_OK);
  }
};

INSTANTIATE_TEST_SUITE_P(Backends, IndexFeedTest, ::testing::ValuesIn(store::store_backends()),
                         store::backend_name);

void put(store::ContentStore& store, const std::string& id, const std::string& hash,
         const std::vector<std::string>& texts) {
  Source s = store::make_source(id, hash);
  s.path = "/docs/" + id + ".md";
  std::vector<Chunk> chunks;
  for (const std::string& t : texts) {
    Chunk c;
    c.text = t;
    c.word_count = 5;
    chunks.push_back(c);
  }
  store.put_source(s, chunks);
}

std::vector<std::string> find(Index& index, const std::string& words) {
  Query q;
  q.text = words;
  std::vector<std::string> out;
  for (const Hit& h : index.search(q)) out.push_back(h.chunk_id);
  return out;
}

}  // namespace

TEST_P(IndexFeedTest, ChangesMadeThroughOneNodeAreAppliedByTheOtherWithoutARebuild) {
  auto a = node();
  put(*a->store, "file_gpu", "h1", {"Graphics processors run many threads.", "Tensor cores."});
  auto b = node();  // its first open builds its index: there was none
  EXPECT_TRUE(b->index->stats().rebuilt);
  restart(*b, open_content());  // up to date: nothing to do
  ASSERT_FALSE(b->index->stats().rebuilt);

  put(*a->store, "file_cook", "h1", {"Boil the pasta in salted water."});
  b->index->sync(*b->store);
  EXPECT_EQ(find(*b->index, "pasta"), std::vector<std::string>{"file_cook:c0000"});
  EXPECT_EQ(b->index->stats().changes_applied, 1);
  EXPECT_FALSE(b->index->stats().rebuilt) << "one added source is one change applied";
  EXPECT_EQ(b->index->stats().documents, 3);

  // A new version with fewer chunks, then a deletion.
  put(*a->store, "file_gpu", "h2", {"Lentil soup with cumin."});
  ASSERT_TRUE(a->store->delete_source("file_cook"));
  b->index->sync(*b->store);
  EXPECT_TRUE(find(*b->index, "pasta").empty()) << "deleted through the other node";
  EXPECT_TRUE(find(*b->index, "threads").empty()) << "the old version is gone";
  EXPECT_EQ(find(*b->index, "lentil"), std::vector<std::string>{"file_gpu:c0000"});
  EXPECT_EQ(b->index->stats().documents, 1);
  EXPECT_EQ(b->index->stats().changes_applied, 3);
  EXPECT_FALSE(b->index->stats().rebuilt);
  EXPECT_EQ(b->index->stats().generation, a->store->generation());

  // A source deleted and added again under the same version number is not mistaken for the
  // version the index holds.
  ASSERT_TRUE(a->store->delete_source("file_gpu"));
  put(*a->store, "file_gpu", "h3", {"Sourdough bread rises slowly."});
  restart(*b, open_content());  // opening applies the feed too
  EXPECT_FALSE(b->index->stats().rebuilt);
  EXPECT_EQ(b->index->stats().changes_applied, 2);
  EXPECT_TRUE(find(*b->index, "lentil").empty());
  EXPECT_EQ(find(*b->index, "sourdough"), std::vector<std::string>{"file_gpu:c0000"});
}

TEST_P(IndexFeedTest, ANodeThatMissedChangesRebuilds) {
  auto a = node();
  put(*a->store, "file_gpu", "h1", {"Graphics processors run many threads."});
  auto b = node();
  put(*a->store, "file_cook", "h1", {"Boil the pasta in salted water."});
  put(*a->store, "file_bread", "h1", {"Knead the dough."});
  drop_feed();  // the feed no longer reaches back to b's last change
  b->index->sync(*b->store);
  EXPECT_TRUE(b->index->stats().rebuilt);
  EXPECT_EQ(b->index->stats().changes_applied, 0);
  EXPECT_EQ(find(*b->index, "pasta"), std::vector<std::string>{"file_cook:c0000"});
  EXPECT_EQ(b->index->stats().documents, 3);

  // From there it follows the feed again.
  put(*a->store, "file_tea", "h1", {"Steep green tea briefly."});
  b->index->sync(*b->store);
  EXPECT_EQ(b->index->stats().changes_applied, 1);
  EXPECT_EQ(find(*b->index, "tea"), std::vector<std::string>{"file_tea:c0000"});
}

}  // namespace lectio::search
