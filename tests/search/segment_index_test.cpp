// The index as segments under a manifest: syncs score as a rebuild would, compaction bounds the
// segments, and an open index follows what another writer committed. A real SQLite store.
#include "segment_index.h"

#include <gtest/gtest.h>

#include <cmath>
#include <thread>

#include "lectio/store/store.h"
#include "support/temp_dir.h"

namespace fs = std::filesystem;

namespace lectio::search {

namespace {

void put(store::ContentStore& store, const std::string& id, const std::vector<std::string>& texts,
         const std::string& hash = "h1") {
  Source s;
  s.id = id;
  s.title = id;
  s.file_name = id + ".md";
  s.language = "en";
  s.content_hash = hash;
  std::vector<Chunk> chunks;
  for (const std::string& t : texts) {
    Chunk c;
    c.text = t;
    chunks.push_back(c);
  }
  store.put_source(s, chunks);
}

std::vector<std::pair<std::string, double>> ranked(Index& index, const std::string& text) {
  Query q;
  q.text = text;
  q.k = 50;
  std::vector<std::pair<std::string, double>> out;
  for (const Hit& h : index.search(q)) out.emplace_back(h.chunk_id, h.score);
  return out;
}

int segment_files(const fs::path& dir) {
  int n = 0;
  for (const auto& e : fs::directory_iterator(dir)) n += e.path().extension() == ".seg";
  return n;
}

}  // namespace

TEST(SegmentIndexTest, ASyncedIndexScoresAsARebuiltOne) {
  testing::TempDir dir;
  auto store = store::open_content_store(dir.path());
  put(*store, "wings", {"Swept wings delay the shock at high speed.", "Wing flutter at speed."});
  put(*store, "nozzles", {"A nozzle expands the flow to supersonic speed."});
  put(*store, "cones", {"Blunt cones at high angles of attack.", "Cone drag at speed."});
  open_index(*store, dir.path());  // builds it
  auto index = open_index(*store, dir.path());
  // A new version, a deletion and a new source: the old documents stay in their segment, dead.
  put(*store, "wings", {"Swept wings and wing flutter at transonic speed."}, "h2");
  store->delete_source("nozzles");
  put(*store, "plates", {"Flat plates at speed: the boundary layer thickens."});
  index->sync(*store);
  ASSERT_FALSE(index->stats().rebuilt);
  EXPECT_EQ(index->stats().documents, 4);
  const auto synced = ranked(*index, "wing speed flutter");
  index->rebuild(*store, {});
  const auto rebuilt = ranked(*index, "wing speed flutter");
  ASSERT_EQ(synced.size(), rebuilt.size());
  ASSERT_EQ(synced.size(), 3u);  // the live chunks with "speed"; the dead ones are not found
  for (std::size_t i = 0; i < synced.size(); ++i) {
    EXPECT_EQ(synced[i].first, rebuilt[i].first);
    EXPECT_NEAR(synced[i].second, rebuilt[i].second, 1e-12) << synced[i].first;
  }
}

TEST(SegmentIndexTest, ManySyncsKeepTheSegmentsBoundedWithoutARebuild) {
  testing::TempDir dir;
  auto store = store::open_content_store(dir.path());
  put(*store, "base", {"The base document about boundary layers."});
  open_index(*store, dir.path());  // builds it
  auto index = open_index(*store, dir.path());
  for (int i = 0; i < 30; ++i) {
    put(*store, "s" + std::to_string(i), {"Round " + std::to_string(i) + " of boundary tests."});
    if (i % 3 == 0)
      put(*store, "base", {"Base, again: layers " + std::to_string(i)}, std::to_string(i));
    index->sync(*store);
    EXPECT_LE(segment_files(dir.path() / "index"), 9) << i;
  }
  EXPECT_FALSE(index->stats().rebuilt);
  EXPECT_EQ(index->stats().documents, 31);
  EXPECT_EQ(ranked(*index, "round 17").front().first, "s17:c0000");
  EXPECT_EQ(ranked(*index, "layers 27").front().first, "base:c0000");
  EXPECT_EQ(ranked(*index, "boundary").size(), 30u);  // the base's old text is gone
}

TEST(SegmentIndexTest, AnOpenIndexSearchesWhatAnotherWriterCommitted) {
  testing::TempDir dir;
  auto store = store::open_content_store(dir.path());
  put(*store, "first", {"Supersonic inlets swallow the shock."});
  open_index(*store, dir.path());  // builds it
  auto reader = open_index(*store, dir.path());
  ASSERT_EQ(ranked(*reader, "inlets").size(), 1u);
  // Another writer (another process, as far as the files go) adds and then rebuilds, removing
  // the segment the reader had open.
  auto writer = open_index(*store, dir.path());
  put(*store, "second", {"Subsonic inlets diffuse the flow."});
  writer->sync(*store);
  writer->rebuild(*store, {});
  EXPECT_EQ(ranked(*reader, "inlets").size(), 2u);
  EXPECT_FALSE(reader->stats().rebuilt);
}

// A manifest is only trusted to name files of its own directory: one whose segment is a path
// out of it (here to a copy of a good segment) is damage, and the index is rebuilt.
TEST(SegmentIndexTest, AManifestNamingAFileOutsideTheIndexIsDamage) {
  testing::TempDir dir;
  auto store = store::open_content_store(dir.path());
  put(*store, "first", {"Supersonic inlets swallow the shock."});
  open_index(*store, dir.path());  // builds it
  const fs::path index_dir = dir.path() / "index";
  Manifest manifest = read_manifest(index_dir).value();
  ASSERT_EQ(manifest.segments.size(), 1u);
  const std::string file = manifest.segments[0].file;
  fs::copy_file(index_dir / file, dir.path() / file);
  manifest.segments[0].file = "../" + file;
  write_manifest(index_dir, manifest);
  auto index = open_index(*store, dir.path());
  EXPECT_TRUE(index->stats().rebuilt);
  EXPECT_EQ(ranked(*index, "inlets").size(), 1u);
  EXPECT_EQ(read_manifest(index_dir).value().segments[0].file.find('/'), std::string::npos);
}

TEST(SegmentIndexTest, AWriterWaitsForTheLockAnotherHolds) {
  testing::TempDir dir;
  auto store = store::open_content_store(dir.path());
  put(*store, "first", {"Wind tunnels."});
  auto index = open_index(*store, dir.path());
  put(*store, "second", {"Water tunnels."});
  std::atomic<bool> released{false};
  std::thread holder;
  {
    auto lock = std::make_unique<IndexWriteLock>(dir.path() / "index");
    holder = std::thread([&, held = std::move(lock)]() mutable {
      std::this_thread::sleep_for(std::chrono::milliseconds(300));
      released = true;
      held.reset();
    });
  }
  index->sync(*store);  // blocks until the holder lets go
  EXPECT_TRUE(released);
  holder.join();
  EXPECT_EQ(ranked(*index, "tunnels").size(), 2u);
}

}  // namespace lectio::search
