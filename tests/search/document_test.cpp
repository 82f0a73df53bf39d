// The Xapian document of a chunk: the terms a chunk is found by, and the pair terms that the
// proximity bonus of a query looks up.
#include "document.h"

#include <gtest/gtest.h>

#include <map>
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

TEST(DocumentTest, NoPositionsAndNoPairsFromTheChunkBefore) {
  DocumentMaker maker;
  (void)maker.make(chunk_of(std::string(50, 'x') + " long text here", {"A", "B"}),
                   english_source());
  const Xapian::Document doc = maker.make(chunk_of("wing span", {}), english_source());
  for (auto t = doc.termlist_begin(); t != doc.termlist_end(); ++t) {
    EXPECT_EQ(t.positionlist_count(), 0u) << *t;
  }
  EXPECT_EQ(terms_with_prefix(doc, 'B'), (std::set<std::string>{"Bwing span"}));
  EXPECT_EQ(terms_with_prefix(doc, 'Z'), (std::set<std::string>{"Zwing", "Zspan"}));
}

// Every term and count of a document, boolean terms aside.
std::map<std::string, Xapian::termcount> counts(const Xapian::Document& doc) {
  std::map<std::string, Xapian::termcount> out;
  for (auto t = doc.termlist_begin(); t != doc.termlist_end(); ++t) {
    if ((*t)[0] == 'Z' || (*t)[0] == 'B') out[*t] = t.get_wdf();
  }
  return out;
}

// ASCII text is split by AsciiWords, anything else by Xapian's TermGenerator: a non-ASCII
// character that is no word character sends the same words through the generator, and both
// must give the same terms, counts and pairs. The cases are the generator's special rules.
TEST(DocumentTest, AsciiTextGetsTheTermGeneratorsTerms) {
  const std::vector<std::string> texts = {
      "The boundary layers of the wings thicken, then thin again.",
      "AT&T and M&S don't sell C++ or C# or F#+ compilers; fish+chips are c+++ food.",
      "Pi is 3.14159, the year 1,995; 2;3 but not a.b or 3.x; x.3 U.S.A. and U.S. P.T.O.x",
      "I.B.M.'s A.B e.g. CAPS Mixed_case __init__ a'b' 'quoted' &amp; x&&y x''y 12.5.6,7",
      "trailing++ c+++ cc++++ a#b #tag +plus ending.'",
      std::string(64, 'a') + " " + std::string(65, 'b') + " after the long words",
      "w1 w2\tw3\nw4 -- word- -word x-y x/y (paren) [bracket] {brace} \"dq\" <lt> ends+",
      "of the and to a in is it",  // stop words only: terms, no pairs
      "Q",
      ""};
  for (const std::string& text : texts) {
    DocumentMaker maker;
    const auto ascii = counts(maker.make(chunk_of(text, {"Head Line", "x.y"}), english_source()));
    const auto generated = counts(
        maker.make(chunk_of(text + " \u2014", {"Head Line \u2014", "x.y"}), english_source()));
    EXPECT_EQ(ascii, generated) << text;
    EXPECT_GE(ascii.size(), 5u) << text;  // the headings alone give five
  }
}

}  // namespace lectio::search
