// The search index over a real SQLite store in a temporary data directory.
#include "lectio/search/index.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

#include "lectio/core/error.h"
#include "lectio/store/store.h"
#include "segment_format.h"
#include "support/temp_dir.h"

namespace fs = std::filesystem;

namespace lectio::search {

namespace {

struct Part {
  std::vector<std::string> headings;
  std::string text;
};

void put(store::ContentStore& store, const std::string& id, const std::string& language,
         const std::vector<Part>& parts, const std::string& hash = "h1") {
  Source s;
  s.id = id;
  s.title = id;
  s.file_name = id.substr(5) + ".md";
  s.language = language;
  s.content_hash = hash;
  std::vector<Chunk> chunks;
  for (const Part& p : parts) {
    Chunk c;
    c.heading_path = p.headings;
    c.text = p.text;
    c.page_start = c.page_end = static_cast<int>(chunks.size()) + 1;
    chunks.push_back(c);
  }
  store.put_source(s, chunks);
}

void fill(store::ContentStore& store) {
  put(store, "file_gpu", "en",
      {{{"Hardware", "GPUs"}, "Graphics processors run many threads at once."},
       {{"Hardware", "TPUs"}, "Tensor processors multiply large matrices very quickly."},
       {{"Choosing"}, "Pick hardware by the framework you already use."}});
  put(store, "file_cook", "en",
      {{{"Pasta"}, "Boil the pasta in salted water for ten minutes."},
       {{"Bread"}, "Knead the dough, then let it rise until doubled."}});
  put(store, "file_zh", "zh",
      {{{"硬件"}, "图形处理器可以同时运行很多线程。"}, {{"硬件"}, "张量处理器擅长矩阵乘法。"}});
}

std::vector<std::string> ids(const std::vector<Hit>& hits) {
  std::vector<std::string> out;
  for (const Hit& h : hits) out.push_back(h.chunk_id);
  return out;
}

std::vector<Hit> find(Index& index, const std::string& text,
                      std::vector<std::string> sources = {}) {
  Query q;
  q.text = text;
  q.source_ids = std::move(sources);
  return index.search(q);
}

// Overwrites every file of the index with bytes that are not an index.
void scramble(const fs::path& dir) {
  for (const auto& entry : fs::directory_iterator(dir)) {
    const auto size = fs::file_size(entry.path());
    std::ofstream out(entry.path(), std::ios::binary | std::ios::trunc);
    for (std::uintmax_t i = 0; i < std::max<std::uintmax_t>(size, 64); ++i) {
      out.put(static_cast<char>((i * 7919) % 251));
    }
  }
}

// Damage that only a search can see: each segment's chunk records overwritten, with its
// checksum made to match, so that the files open as whole segments.
void garble_records(const fs::path& dir) {
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() != ".seg") continue;
    std::string bytes;
    {
      std::ifstream in(entry.path(), std::ios::binary);
      bytes.assign(std::istreambuf_iterator<char>(in), {});
    }
    auto* data = reinterpret_cast<unsigned char*>(bytes.data());
    const std::size_t offsets = format::kMagic.size() + 16;
    const std::uint64_t records = format::get_u64(data + offsets + 8 * 2);
    const std::uint64_t postings = format::get_u64(data + offsets + 8 * 3);
    ASSERT_LT(records, postings);
    std::fill(data + records, data + postings, 0xff);
    const std::size_t body = bytes.size() - 8;
    const std::uint64_t sum = format::checksum(data, body);
    std::memcpy(data + body, &sum, 8);
    const fs::path temporary = entry.path().string() + ".new";
    std::ofstream(temporary, std::ios::binary) << bytes;
    fs::rename(temporary, entry.path());
  }
}

}  // namespace

TEST(IndexTest, RanksTheMatchingChunkFirstWithCitationFields) {
  testing::TempDir dir;
  auto store = store::open_content_store(dir.path());
  fill(*store);
  auto index = open_index(*store, dir.path());
  EXPECT_EQ(index->stats().documents, 7);
  EXPECT_EQ(index->stats().generation, store->generation());

  const auto hits = find(*index, "What does a tensor processor multiply?");
  ASSERT_FALSE(hits.empty());
  const Hit& top = hits.front();
  EXPECT_EQ(top.chunk_id, "file_gpu:c0001");
  EXPECT_EQ(top.source_id, "file_gpu");
  EXPECT_EQ(top.version, 1);
  EXPECT_EQ(top.file_name, "gpu.md");
  EXPECT_EQ(top.page_start, 2);
  EXPECT_EQ(top.heading_path, (std::vector<std::string>{"Hardware", "TPUs"}));
  EXPECT_GT(top.score, 0);
  // Stemming: "processor" and "multiply" match "processors" and "multiply".
  EXPECT_NE(top.snippet.find("[[Tensor]] [[processors]] [[multiply]]"), std::string::npos)
      << top.snippet;
}

// Chunks the caller holds are indexed in place of the store's (lectio add); the versions it
// does not hold are read from the store. (Held chunks must be the stored ones; these differ
// only to show which were read.)
TEST(IndexTest, HeldChunksAreIndexedInsteadOfReadingTheStore) {
  testing::TempDir dir;
  auto store = store::open_content_store(dir.path());
  fill(*store);
  std::vector<Chunk> cook = store->chunks("file_cook", std::nullopt);
  ASSERT_EQ(cook.size(), 2u);
  cook[1].text = "Knead the dough, then bake it in a zeppelin.";
  int asked = 0;
  const HeldChunks held = [&](const std::string& id, int version) -> const std::vector<Chunk>* {
    ++asked;
    return id == "file_cook" && version == 1 ? &cook : nullptr;
  };
  auto index = open_index(*store, dir.path(), {}, held);
  EXPECT_EQ(asked, 3);  // each source once
  EXPECT_EQ(ids(find(*index, "zeppelin")), std::vector<std::string>{"file_cook:c0001"});
  EXPECT_EQ(ids(find(*index, "tensor")), std::vector<std::string>{"file_gpu:c0001"});
  EXPECT_EQ(index->stats().documents, 7);
}

TEST(IndexTest, HeadingPathsAreSearchedToo) {
  testing::TempDir dir;
  auto store = store::open_content_store(dir.path());
  fill(*store);
  auto index = open_index(*store, dir.path());
  EXPECT_EQ(ids(find(*index, "bread")), std::vector<std::string>{"file_cook:c0001"});
}

TEST(IndexTest, ChineseQueriesMatchSegmentedChineseChunks) {
  testing::TempDir dir;
  auto store = store::open_content_store(dir.path());
  fill(*store);
  auto index = open_index(*store, dir.path());
  const auto hits = find(*index, "什么是张量处理器");
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits.front().chunk_id, "file_zh:c0001");
  // ICU's dictionary splits 张量处理器 into 张 量 处理 器, and queries split the same way; the
  // snippet shows the text as written, with the matched run marked.
  EXPECT_EQ(hits.front().snippet, "[[张量处理器]]擅长矩阵乘法。");
  EXPECT_EQ(ids(find(*index, "矩阵")), std::vector<std::string>{"file_zh:c0001"});
  // A word inside a longer run of characters is found as a word, not only as a prefix.
  EXPECT_EQ(ids(find(*index, "线程")), std::vector<std::string>{"file_zh:c0000"});
}

TEST(IndexTest, PhrasesBooleansAndSourceFilters) {
  testing::TempDir dir;
  auto store = store::open_content_store(dir.path());
  fill(*store);
  auto index = open_index(*store, dir.path());
  const auto phrase = find(*index, "\"salted water\"");
  EXPECT_EQ(ids(phrase), std::vector<std::string>{"file_cook:c0000"});
  EXPECT_NE(phrase.front().snippet.find("in [[salted]] [[water]] for"), std::string::npos)
      << phrase.front().snippet;
  EXPECT_TRUE(find(*index, "\"water salted\"").empty());
  EXPECT_EQ(ids(find(*index, "processors NOT tensor")), std::vector<std::string>{"file_gpu:c0000"});
  EXPECT_EQ(ids(find(*index, "hardware AND framework")),
            std::vector<std::string>{"file_gpu:c0002"});
  const auto filtered = find(*index, "processors pasta", {"file_cook"});
  EXPECT_EQ(ids(filtered), std::vector<std::string>{"file_cook:c0000"});
  // Unbalanced quotes are read as plain words rather than refused.
  EXPECT_FALSE(find(*index, "\"salted water").empty());
  EXPECT_THROW(find(*index, "   "), InvalidInput);
}

// The index keeps no positions: a quoted phrase asks for the pair terms of its words in a row.
TEST(IndexTest, AQuotedPhraseFindsTheChunkWithThePhraseFirst) {
  testing::TempDir dir;
  auto store = store::open_content_store(dir.path());
  put(*store, "file_sea", "en",
      {{{}, "The water of the bay is salted by the tide, and water salted twice is brine."},
       {{}, "Cooks boil salted water; salted water boils a little hotter than fresh water."},
       {{}, "Salted fish, water and bread."},
       {{}, "Boil the pasta in water."}});
  auto index = open_index(*store, dir.path());
  const auto phrase = find(*index, "\"salted water\"");
  ASSERT_FALSE(phrase.empty());
  EXPECT_EQ(phrase.front().chunk_id, "file_sea:c0001");
  EXPECT_EQ(ids(phrase), std::vector<std::string>{"file_sea:c0001"});
  // The words alone find every chunk with either.
  EXPECT_EQ(find(*index, "salted water").size(), 4u);
  // Stop words inside a phrase are skipped between pairs, as in the index.
  EXPECT_EQ(ids(find(*index, "\"boil the pasta\"")), std::vector<std::string>{"file_sea:c0003"});
  EXPECT_EQ(ids(find(*index, "\"water salted twice\"")),
            std::vector<std::string>{"file_sea:c0000"});
  EXPECT_EQ(ids(find(*index, "boil NEAR pasta")), std::vector<std::string>{"file_sea:c0003"});
}

TEST(IndexTest, AddingANewVersionReplacesTheOldChunksIncrementally) {
  testing::TempDir dir;
  auto store = store::open_content_store(dir.path());
  fill(*store);
  {
    auto index = open_index(*store, dir.path());
    EXPECT_TRUE(index->stats().rebuilt);  // there was no index yet
  }
  put(*store, "file_cook", "en", {{{"Soup"}, "Simmer the lentils with cumin."}}, "h2");
  auto index = open_index(*store, dir.path());
  EXPECT_FALSE(index->stats().rebuilt);  // synced, not rebuilt
  EXPECT_EQ(index->stats().documents, 6);
  EXPECT_EQ(index->stats().generation, store->generation());
  EXPECT_TRUE(find(*index, "pasta dough").empty());
  const auto hits = find(*index, "lentils");
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_EQ(hits[0].chunk_id, "file_cook:c0000");
  EXPECT_EQ(hits[0].version, 2);

  auto again = open_index(*store, dir.path());
  EXPECT_FALSE(again->stats().rebuilt);
}

TEST(IndexTest, ScrambledIndexFilesAreRebuiltFromTheStore) {
  testing::TempDir dir;
  auto store = store::open_content_store(dir.path());
  fill(*store);
  open_index(*store, dir.path());
  scramble(dir.path() / "index");
  auto index = open_index(*store, dir.path());
  EXPECT_TRUE(index->stats().rebuilt);
  EXPECT_EQ(index->stats().documents, 7);
  EXPECT_EQ(find(*index, "tensor matrices").front().chunk_id, "file_gpu:c0001");
}

TEST(IndexTest, DamageFoundWhileSearchingRebuildsAndSearchesAgain) {
  testing::TempDir dir;
  auto store = store::open_content_store(dir.path());
  fill(*store);
  open_index(*store, dir.path());
  garble_records(dir.path() / "index");
  auto index = open_index(*store, dir.path());
  ASSERT_FALSE(index->stats().rebuilt);
  EXPECT_EQ(find(*index, "tensor matrices").front().chunk_id, "file_gpu:c0001");
  EXPECT_TRUE(index->stats().rebuilt);
}

TEST(IndexTest, AMissingOrStaleIndexIsRebuiltAndReindexIsAtomic) {
  testing::TempDir dir;
  auto store = store::open_content_store(dir.path());
  fill(*store);
  open_index(*store, dir.path());
  fs::remove_all(dir.path() / "index");
  auto index = open_index(*store, dir.path());
  EXPECT_TRUE(index->stats().rebuilt);
  std::int64_t calls = 0;
  index->rebuild(*store, [&](std::int64_t done, std::int64_t total) {
    ++calls;
    EXPECT_EQ(total, 7);
    EXPECT_EQ(done, calls);
  });
  EXPECT_EQ(calls, 7);
  EXPECT_EQ(index->stats().documents, 7);
  // Nothing is left beside the index.
  int entries = 0;
  for (const auto& e : fs::directory_iterator(dir.path())) {
    entries += e.path().filename().string().rfind("index", 0) == 0;
  }
  EXPECT_EQ(entries, 1);
}

}  // namespace lectio::search
