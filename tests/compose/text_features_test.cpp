#include "compose/text_features.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace lectio::compose {

namespace {

using Strings = std::vector<std::string>;

bool has(const Strings& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

}  // namespace

TEST(TextFeaturesTest, WordsAreLowerCasedAndKeepNumbersButNotPunctuation) {
  EXPECT_EQ(words("The GPU ran 3.5 times faster, didn’t it?", "en"),
            (Strings{"the", "gpu", "ran", "3.5", "times", "faster", "didn't", "it"}));
  EXPECT_EQ(words("ÉCOLE Été", "en"), (Strings{"école", "été"}));
}

TEST(TextFeaturesTest, TermsDropStopwordsAndStemEnglish) {
  EXPECT_EQ(terms("The cats are running quickly to the processors", "en"),
            (Strings{"cat", "run", "quick", "processor"}));
  // A curly apostrophe and a straight one give the same term; the possessive goes.
  EXPECT_EQ(terms("Kilmarnock’s manager", "en"), terms("Kilmarnock's managers", "en"));
  EXPECT_EQ(terms("Kilmarnock's", "en"), (Strings{"kilmarnock"}));
  EXPECT_TRUE(terms("the of and it", "en").empty());
}

TEST(TextFeaturesTest, ChineseIsSegmentedByWordsWithoutStemming) {
  const Strings t = terms("我们喜欢机器学习和GPUs", "zh");
  EXPECT_FALSE(has(t, "我们")) << "a stopword";
  EXPECT_FALSE(has(t, "和")) << "a stopword";
  EXPECT_TRUE(has(t, "喜欢"));
  EXPECT_TRUE(has(t, "gpus") || has(t, "gpu")) << "Latin words inside Chinese text still count";
  EXPECT_TRUE(is_stopword("的", "zh"));
  EXPECT_FALSE(is_stopword("的", "en"));
}

TEST(TextFeaturesTest, IdfRewardsRareTermsAndStaysPositive) {
  const TermStats stats({{"gpu", "thread"}, {"gpu", "matrix"}, {"gpu", "tpu", "matrix"}});
  EXPECT_EQ(stats.size(), 3);
  EXPECT_EQ(stats.document_frequency("gpu"), 3);
  EXPECT_EQ(stats.document_frequency("nothing"), 0);
  EXPECT_GT(stats.idf("tpu"), stats.idf("matrix"));
  EXPECT_GT(stats.idf("matrix"), stats.idf("gpu"));
  EXPECT_GT(stats.idf("gpu"), 0.0) << "a term in every text still weighs a little";
}

TEST(TextFeaturesTest, Bm25RanksTextsWithTheRarerQueryTermsFirst) {
  const TermStats stats({{"gpu", "thread"}, {"gpu", "matrix"}, {"gpu", "tpu", "matrix"}});
  const Strings query{"tpu", "matrix", "matrix"};
  EXPECT_GT(stats.bm25(query, 2), stats.bm25(query, 1));
  EXPECT_GT(stats.bm25(query, 1), 0.0);
  EXPECT_EQ(stats.bm25(query, 0), 0.0);
  EXPECT_DOUBLE_EQ(stats.bm25({"matrix"}, 1), stats.bm25({"matrix", "matrix"}, 1))
      << "a repeated query term counts once";
}

TEST(TextFeaturesTest, TfidfVectorsAreNormalisedAndCosineIsTheirOverlap) {
  const TermStats stats({{"gpu", "thread"}, {"gpu", "matrix"}, {"tpu", "matrix"}});
  const TermVector a = stats.tfidf({"gpu", "thread"});
  const TermVector b = stats.tfidf({"tpu", "matrix"});
  const TermVector c = stats.tfidf({"gpu", "matrix"});
  EXPECT_NEAR(cosine(a, a), 1.0, 1e-12);
  EXPECT_EQ(cosine(a, b), 0.0);
  EXPECT_GT(cosine(a, c), 0.0);
  EXPECT_LT(cosine(a, c), 1.0);
  EXPECT_TRUE(stats.tfidf({}).empty());
}

}  // namespace lectio::compose

namespace lectio::compose {

TEST(TextFeaturesTest, AcronymPluralsMatchTheirSingular) {
  EXPECT_EQ(terms("GPUs", "en"), terms("GPU", "en"));
  EXPECT_EQ(terms("TPUs and APIs", "en"), terms("TPU and API", "en"));
  EXPECT_NE(terms("Ms", "en"), terms("M", "en"));  // too short to be an acronym plural
}

}  // namespace lectio::compose
