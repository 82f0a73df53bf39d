// Segment files: what SegmentWriter writes, Segment reads back, and damage is found on opening.
#include "segment.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <map>

#include "segment_format.h"
#include "support/temp_dir.h"

namespace fs = std::filesystem;

namespace lectio::search {

namespace {

Source source_of(const std::string& id, int version) {
  Source s;
  s.id = id;
  s.version = version;
  s.file_name = id.substr(5) + ".md";
  s.language = "en";
  return s;
}

Chunk chunk_of(const Source& s, int ordinal, std::vector<std::string> headings) {
  Chunk c;
  c.source_id = s.id;
  c.version = s.version;
  c.ordinal = ordinal;
  c.page_start = ordinal + 1;
  c.page_end = ordinal + 2;
  c.heading_path = std::move(headings);
  return c;
}

std::map<std::uint32_t, std::uint32_t> read_all(Postings postings) {
  std::map<std::uint32_t, std::uint32_t> out;
  std::uint32_t document = 0;
  std::uint32_t wdf = 0;
  while (postings.next(document, wdf)) out[document] = wdf;
  return out;
}

// Three documents of two sources; "Zwing" in all three, twice in the second (counts add up).
fs::path write_sample(const fs::path& dir) {
  SegmentWriter writer;
  const Source a = source_of("file_a", 3);
  const Source b = source_of("file_b", 1);
  writer.begin(chunk_of(a, 0, {"Flow", "Wings"}), a);
  writer.add_term("Zwing", 1);
  writer.add_term("Zspan", 2);
  writer.end();
  writer.begin(chunk_of(a, 1, {}), a);
  writer.add_term("Zwing", 1);
  writer.add_pair(writer.intern("Zwing"), writer.intern("Zspan"));
  writer.add_term("Zwing", 1);
  writer.end();
  writer.begin(chunk_of(b, 0, {"机翼"}), b);
  writer.add_term("Zwing", 4);
  writer.end();
  EXPECT_EQ(writer.documents(), 3u);
  const fs::path path = dir / "sample.seg";
  writer.write(path);
  return path;
}

}  // namespace

TEST(SegmentTest, PostingsLengthsSourcesAndRecordsReadBackAsWritten) {
  testing::TempDir dir;
  const auto segment = Segment::open(write_sample(dir.path()));
  ASSERT_EQ(segment->documents(), 3u);
  EXPECT_EQ(read_all(*segment->postings("Zwing")),
            (std::map<std::uint32_t, std::uint32_t>{{0, 1}, {1, 2}, {2, 4}}));
  EXPECT_EQ(read_all(*segment->postings("Bwing span")),
            (std::map<std::uint32_t, std::uint32_t>{{1, 1}}));
  EXPECT_FALSE(segment->postings("Zwin").has_value());
  EXPECT_FALSE(segment->postings("").has_value());
  EXPECT_FALSE(segment->postings("Bspan wing").has_value());  // the other order
  EXPECT_FALSE(segment->postings("Bwing").has_value());
  EXPECT_FALSE(segment->postings("Bwing spa").has_value());
  EXPECT_FALSE(segment->postings("Bwin span").has_value());
  EXPECT_EQ(segment->length(0), 3u);
  EXPECT_EQ(segment->length(1), 3u);
  EXPECT_EQ(segment->length(2), 4u);
  ASSERT_EQ(segment->sources().size(), 2u);
  EXPECT_EQ(segment->source_of(1), 0u);
  EXPECT_EQ(segment->source_of(2), 1u);
  EXPECT_EQ(segment->sources()[0].file_name, "a.md");
  const StoredChunk first = segment->record(0);
  EXPECT_EQ(first.hit.chunk_id, "file_a:c0000");
  EXPECT_EQ(first.hit.version, 3);
  EXPECT_EQ(first.hit.page_start, 1);
  EXPECT_EQ(first.hit.page_end, 2);
  EXPECT_EQ(first.hit.heading_path, (std::vector<std::string>{"Flow", "Wings"}));
  EXPECT_EQ(first.language, "en");
  EXPECT_EQ(segment->record(2).hit.heading_path, std::vector<std::string>{"机翼"});
  // Nothing but the segment is left where it was written.
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator()), 1);
}

TEST(SegmentTest, ManyTermsAreAllFound) {
  testing::TempDir dir;
  SegmentWriter writer;
  const Source a = source_of("file_a", 1);
  for (int d = 0; d < 50; ++d) {
    writer.begin(chunk_of(a, d, {}), a);
    for (int t = 0; t < 2000; t += 1 + d % 7) writer.add_term("Zt" + std::to_string(t), 1);
    writer.end();
  }
  writer.write(dir.path() / "many.seg");
  const auto segment = Segment::open(dir.path() / "many.seg");
  for (int t = 0; t < 2000; ++t) {
    std::size_t expected = 0;
    for (int d = 0; d < 50; ++d) expected += t % (1 + d % 7) == 0;
    const auto postings = segment->postings("Zt" + std::to_string(t));
    ASSERT_TRUE(postings.has_value()) << t;
    EXPECT_EQ(read_all(*postings).size(), expected) << t;
  }
}

// Pairs are sorted when the segment is written: every pair of many, in any order of adding and
// repeated within a document, reads back with its documents and counts.
TEST(SegmentTest, ManyPairsAreAllFoundWithTheirCounts) {
  testing::TempDir dir;
  SegmentWriter writer;
  const Source a = source_of("file_a", 1);
  std::map<std::string, std::map<std::uint32_t, std::uint32_t>> expected;
  for (std::uint32_t d = 0; d < 40; ++d) {
    writer.begin(chunk_of(a, static_cast<int>(d), {}), a);
    for (int w = 0; w < 60; ++w) writer.add_term("Zw" + std::to_string(w), 1);
    for (int i = 0; i < 300; ++i) {
      const int first = static_cast<int>((d * 7 + static_cast<std::uint32_t>(i) * 13) % 60);
      const int second = (first * 31 + i % 5) % 60;
      writer.add_pair(writer.intern("Zw" + std::to_string(first)),
                      writer.intern("Zw" + std::to_string(second)));
      ++expected["Bw" + std::to_string(first) + " w" + std::to_string(second)][d];
    }
    writer.end();
    EXPECT_EQ(writer.documents(), d + 1);
  }
  writer.write(dir.path() / "pairs.seg");
  const auto segment = Segment::open(dir.path() / "pairs.seg");
  EXPECT_EQ(segment->length(0), 360u);  // pairs count in a document's length
  for (const auto& [pair, documents] : expected) {
    const auto postings = segment->postings(pair);
    ASSERT_TRUE(postings.has_value()) << pair;
    EXPECT_EQ(read_all(*postings), documents) << pair;
  }
  int absent = 0;
  for (int first = 0; first < 60; ++first) {
    for (int second = 0; second < 60; ++second) {
      const std::string pair = "Bw" + std::to_string(first) + " w" + std::to_string(second);
      if (expected.count(pair) == 0) {
        EXPECT_FALSE(segment->postings(pair).has_value()) << pair;
        ++absent;
      }
    }
  }
  EXPECT_GT(absent, 100);
}

TEST(SegmentTest, AnyChangedByteOrAShortFileIsDamage) {
  testing::TempDir dir;
  const fs::path path = write_sample(dir.path());
  std::string bytes;
  {
    std::ifstream in(path, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  for (std::size_t at = 0; at < bytes.size(); at += 7) {
    std::string changed = bytes;
    changed[at] = static_cast<char>(changed[at] ^ 0x20);
    std::ofstream(path, std::ios::binary | std::ios::trunc) << changed;
    EXPECT_THROW(Segment::open(path), IndexDamage) << "byte " << at;
  }
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes.substr(0, 40);
  EXPECT_THROW(Segment::open(path), IndexDamage);
  fs::remove(path);
  EXPECT_THROW(Segment::open(path), IndexDamage);
}

// A posting list's documents ascend: a gap so large that adding it wraps round to a document
// already read is damage, not that document again.
TEST(SegmentTest, AGapThatWrapsRoundIsDamage) {
  std::string list;
  format::put_varint(list, 2);  // two postings
  format::put_varint(list, 1);  // document 1
  format::put_varint(list, 1);
  format::put_varint(list, UINT64_MAX - 1);  // 2 + (2^64 - 2) wraps round to document 0
  format::put_varint(list, 1);
  const auto* at = reinterpret_cast<const unsigned char*>(list.data());
  Postings postings(at, at + list.size(), 3);
  std::uint32_t document = 0;
  std::uint32_t wdf = 0;
  ASSERT_TRUE(postings.next(document, wdf));
  EXPECT_EQ(document, 1u);
  EXPECT_THROW(postings.next(document, wdf), IndexDamage);
}

}  // namespace lectio::search
