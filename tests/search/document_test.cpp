// The Xapian document of a chunk: the terms a chunk is found by, and the pair terms that the
// proximity bonus of a query looks up.
#include "document.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "analysis.h"

namespace lectio::search {

namespace {

Source english_source() {
  Source s;
  s.id = "file_wing";
  s.file_name = "wing.md";
  s.language = "en";
  return s;
}

Chunk chunk_of(std::string text, std::vector<std::string> headings) {
  Chunk c;
  c.source_id = "file_wing";
  c.version = 2;
  c.ordinal = 7;
  c.text = std::move(text);
  c.heading_path = std::move(headings);
  return c;
}

std::set<std::string> terms_with_prefix(const Xapian::Document& doc, char prefix) {
  std::set<std::string> out;
  for (auto t = doc.termlist_begin(); t != doc.termlist_end(); ++t) {
    if (!(*t).empty() && (*t)[0] == prefix) out.insert(*t);
  }
  return out;
}

}  // namespace

TEST(DocumentTest, PairTermsJoinContentWordsSkippingStopWordsButNotHeadingGaps) {
  DocumentMaker maker;
  const Xapian::Document doc =
      maker.make(chunk_of("The boundary layers of the wings thicken.", {"Flow"}), english_source());
  // "of the" is skipped, so "layers" pairs with "wings"; "Flow" is a heading, 100 positions
  // before the text, so it pairs with nothing.
  EXPECT_EQ(terms_with_prefix(doc, 'B'),
            (std::set<std::string>{"Bboundari layer", "Blayer wing", "Bwing thicken"}));
  EXPECT_EQ(
      terms_with_prefix(doc, 'Z'),
      (std::set<std::string>{"Zflow", "Zthe", "Zboundari", "Zlayer", "Zof", "Zwing", "Zthicken"}));
  EXPECT_EQ(terms_with_prefix(doc, 'Q'), (std::set<std::string>{"Qfile_wing:c0007"}));
  const StoredChunk stored = read_document(doc);
  EXPECT_EQ(stored.hit.chunk_id, "file_wing:c0007");
  EXPECT_EQ(stored.hit.version, 2);
  EXPECT_EQ(stored.hit.heading_path, std::vector<std::string>{"Flow"});
}

TEST(DocumentTest, EachChunkStartsAtTheFirstPositionAgain) {
  DocumentMaker maker;
  (void)maker.make(chunk_of(std::string(50, 'x') + " long text here", {"A", "B"}),
                   english_source());
  const Xapian::Document doc = maker.make(chunk_of("wing span", {}), english_source());
  std::set<Xapian::termpos> positions;
  for (auto t = doc.termlist_begin(); t != doc.termlist_end(); ++t) {
    for (auto p = t.positionlist_begin(); p != t.positionlist_end(); ++p) positions.insert(*p);
  }
  EXPECT_EQ(positions, (std::set<Xapian::termpos>{1, 2}));
  EXPECT_EQ(terms_with_prefix(doc, 'B'), (std::set<std::string>{"Bwing span"}));
}

TEST(DocumentTest, CachingStemmerGivesTheSnowballStems) {
  Xapian::Stem cached = caching_stemmer_for("en");
  const Xapian::Stem plain = stemmer_for("en");
  for (int round = 0; round < 2; ++round) {  // the second round reads the cache
    for (const char* w :
         {"running", "runs", "boundary", "layers", "flies", "generously", "", "1.5"}) {
      EXPECT_EQ(cached(w), plain(w)) << w;
    }
  }
}

}  // namespace lectio::search
