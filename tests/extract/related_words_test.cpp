// General-English words related to an insight's task or judgment words.
#include "lectio/extract/related_words.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "lectio/extract/selection.h"
#include "lectio/text/terms.h"

namespace lectio::extract {

namespace {

std::string stem(const std::string& word) {
  return text::terms(word, "en").at(0);
}

bool has(const std::vector<std::string>& all, const std::string& t) {
  return std::find(all.begin(), all.end(), t) != all.end();
}

}  // namespace

TEST(RelatedWordsTest, ATaskVerbHasItsGeneralSynonyms) {
  const auto undo = related_terms(stem("undo"), "en");
  EXPECT_TRUE(has(undo, stem("revert")));
  EXPECT_TRUE(has(undo, stem("mistake")));
  EXPECT_FALSE(has(undo, stem("undo")));
  EXPECT_TRUE(has(related_terms(stem("disadvantages"), "en"), stem("drawback")));
  EXPECT_TRUE(has(related_terms(stem("around"), "en"), stem("context")));
}

TEST(RelatedWordsTest, OtherWordsAndOtherLanguagesHaveNone) {
  EXPECT_TRUE(related_terms(stem("commit"), "en").empty());
  EXPECT_TRUE(related_terms("撤销", "zh").empty());
  const auto map = related_map(text::terms("How to undo a commit", "en"), "en");
  EXPECT_EQ(map.size(), 1u);
  EXPECT_EQ(map.begin()->first, stem("undo"));
}

TEST(RelatedWordsTest, AFocusFindsATermThroughARelatedWord) {
  Focus focus;
  focus.terms = text::terms("How to undo a commit", "en");
  focus.related = related_map(focus.terms, "en");
  const std::set<std::string> sentence = {stem("revert"), stem("commit")};
  EXPECT_TRUE(focus.found_in(sentence, stem("undo")));
  EXPECT_TRUE(focus.found_in(sentence, stem("commit")));
  EXPECT_FALSE(focus.found_in({stem("push")}, stem("undo")));
}

}  // namespace lectio::extract
