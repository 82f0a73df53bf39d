// The index terms of a chunk: the terms a chunk is found by, and the pair terms that the
// proximity bonus of a query looks up.
#include "document.h"

#include <gtest/gtest.h>

#include <algorithm>
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

// Every term of a document with its count.
class Terms final : public TermSink {
 public:
  std::uint32_t intern(std::string_view term) override {
    const auto found = std::find(names_.begin(), names_.end(), term);
    if (found != names_.end()) return static_cast<std::uint32_t>(found - names_.begin());
    names_.emplace_back(term);
    return static_cast<std::uint32_t>(names_.size() - 1);
  }
  void add(std::uint32_t term, std::uint32_t wdf) override { counts_[names_.at(term)] += wdf; }
  void add_pair(std::uint32_t first, std::uint32_t second) override {
    counts_[pair_term(names_.at(first), names_.at(second))] += 1;
  }
  const std::map<std::string, std::uint32_t>& counts() const { return counts_; }

 private:
  std::vector<std::string> names_;
  std::map<std::string, std::uint32_t> counts_;
};

Terms terms_of(DocumentMaker& maker, const Chunk& chunk) {
  Terms out;
  maker.make(chunk, english_source(), out);
  return out;
}

std::set<std::string> terms_with_prefix(const Terms& terms, char prefix) {
  std::set<std::string> out;
  for (const auto& [term, wdf] : terms.counts()) {
    if (!term.empty() && term[0] == prefix) out.insert(term);
  }
  return out;
}

}  // namespace

TEST(DocumentTest, PairTermsJoinContentWordsSkippingStopWordsButNotHeadingGaps) {
  DocumentMaker maker;
  const Terms doc =
      terms_of(maker, chunk_of("The boundary layers of the wings thicken.", {"Flow"}));
  // "of the" is skipped, so "layers" pairs with "wings"; "Flow" is a heading, 100 positions
  // before the text, so it pairs with nothing.
  EXPECT_EQ(terms_with_prefix(doc, 'B'),
            (std::set<std::string>{"Bboundari layer", "Blayer wing", "Bwing thicken"}));
  EXPECT_EQ(
      terms_with_prefix(doc, 'Z'),
      (std::set<std::string>{"Zflow", "Zthe", "Zboundari", "Zlayer", "Zof", "Zwing", "Zthicken"}));
  EXPECT_EQ(doc.counts().size(), 10u);  // nothing else: no filter terms, no positions
}

TEST(DocumentTest, NoPairsFromTheChunkBefore) {
  DocumentMaker maker;
  (void)terms_of(maker, chunk_of(std::string(50, 'x') + " long text here", {"A", "B"}));
  const Terms doc = terms_of(maker, chunk_of("wing span", {}));
  EXPECT_EQ(terms_with_prefix(doc, 'B'), (std::set<std::string>{"Bwing span"}));
  EXPECT_EQ(terms_with_prefix(doc, 'Z'), (std::set<std::string>{"Zwing", "Zspan"}));
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
    const auto ascii = terms_of(maker, chunk_of(text, {"Head Line", "x.y"})).counts();
    const auto generated =
        terms_of(maker, chunk_of(text + " \u2014", {"Head Line \u2014", "x.y"})).counts();
    EXPECT_EQ(ascii, generated) << text;
    EXPECT_GE(ascii.size(), 5u) << text;  // the headings alone give five
  }
}

}  // namespace lectio::search
