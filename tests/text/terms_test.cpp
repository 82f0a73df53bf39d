#include "lectio/text/terms.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "lectio/core/error.h"
#include "lectio/text/stem.h"
#include "lectio/text/stopwords.h"

namespace lectio::text {

namespace {

using Strings = std::vector<std::string>;

bool has(const Strings& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

}  // namespace

TEST(TermsTest, DropStopwordsAndStemEnglish) {
  EXPECT_EQ(terms("The cats are running quickly to the processors", "en"),
            (Strings{"cat", "run", "quick", "processor"}));
  // A curly apostrophe and a straight one give the same term; the possessive goes.
  EXPECT_EQ(terms("Kilmarnock’s manager", "en"), terms("Kilmarnock's managers", "en"));
  EXPECT_EQ(terms("Kilmarnock's", "en"), (Strings{"kilmarnock"}));
  EXPECT_TRUE(terms("the of and it", "en").empty());
}

TEST(TermsTest, ChineseIsSegmentedByWordsWithoutStemming) {
  const Strings t = terms("我们喜欢机器学习和GPUs", "zh");
  EXPECT_FALSE(has(t, "我们")) << "a stopword";
  EXPECT_FALSE(has(t, "和")) << "a stopword";
  EXPECT_TRUE(has(t, "喜欢"));
  EXPECT_TRUE(has(t, "gpu")) << "Latin words inside Chinese text still count";
}

TEST(TermsTest, AcronymPluralsMatchTheirSingular) {
  EXPECT_EQ(terms("GPUs", "en"), terms("GPU", "en"));
  EXPECT_EQ(terms("TPUs and APIs", "en"), terms("TPU and API", "en"));
  EXPECT_NE(terms("Ms", "en"), terms("M", "en"));  // too short to be an acronym plural
}

TEST(StopwordsTest, ChineseWordsStopOnlyInChinese) {
  EXPECT_TRUE(is_stopword("the", "en"));
  EXPECT_TRUE(is_stopword("the", "zh")) << "English words in Chinese text";
  EXPECT_TRUE(is_stopword("的", "zh"));
  EXPECT_FALSE(is_stopword("的", "en"));
  EXPECT_FALSE(is_stopword("said", "en")) << "content words stay";
  EXPECT_FALSE(is_stopword("The", "en")) << "the list is lower-case";
}

TEST(StemmerTest, SnowballStemsByLanguageAndRefusesAnUnknownOne) {
  EXPECT_EQ(stem_english("processors"), "processor");
  EXPECT_EQ(stem_english("running"), "run");
  const Stemmer german("german");
  EXPECT_EQ(german("häuser"), "haus");
  Stemmer moved = Stemmer("en");
  EXPECT_EQ(moved("cats"), "cat");
  EXPECT_THROW(Stemmer("klingon"), InvalidInput);
}

}  // namespace lectio::text
