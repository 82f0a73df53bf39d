#include "lectio/text/weighting.h"

#include <gtest/gtest.h>

#include <cmath>

namespace lectio::text {

namespace {
using Strings = std::vector<std::string>;
}  // namespace

TEST(TermStatsTest, IdfRewardsRareTermsAndStaysPositive) {
  const TermStats stats({{"gpu", "thread"}, {"gpu", "matrix"}, {"gpu", "tpu", "matrix"}});
  EXPECT_EQ(stats.size(), 3);
  EXPECT_EQ(stats.document_frequency("gpu"), 3);
  EXPECT_EQ(stats.document_frequency("nothing"), 0);
  EXPECT_GT(stats.idf("tpu"), stats.idf("matrix"));
  EXPECT_GT(stats.idf("matrix"), stats.idf("gpu"));
  EXPECT_GT(stats.idf("gpu"), 0.0) << "a term in every text still weighs a little";
}

TEST(TermStatsTest, Bm25RanksTextsWithTheRarerQueryTermsFirst) {
  const TermStats stats({{"gpu", "thread"}, {"gpu", "matrix"}, {"gpu", "tpu", "matrix"}});
  const Strings query{"tpu", "matrix", "matrix"};
  EXPECT_GT(stats.bm25(query, 2), stats.bm25(query, 1));
  EXPECT_GT(stats.bm25(query, 1), 0.0);
  EXPECT_EQ(stats.bm25(query, 0), 0.0);
  EXPECT_DOUBLE_EQ(stats.bm25({"matrix"}, 1), stats.bm25({"matrix", "matrix"}, 1))
      << "a repeated query term counts once";
}

TEST(TermStatsTest, TfidfVectorsAreNormalisedAndCosineIsTheirOverlap) {
  const TermStats stats({{"gpu", "thread"}, {"gpu", "matrix"}, {"tpu", "matrix"}});
  const TermVector a = stats.tfidf({"gpu", "thread"});
  const TermVector b = stats.tfidf({"tpu", "matrix"});
  const TermVector c = stats.tfidf({"gpu", "matrix"});
  EXPECT_NEAR(cosine(a, a), 1.0, 1e-12);
  EXPECT_EQ(cosine(a, b), 0.0);
  EXPECT_GT(cosine(a, c), 0.0);
  EXPECT_LT(cosine(a, c), 1.0);
  EXPECT_TRUE(stats.tfidf({}).empty());
  EXPECT_EQ(a.front().first, "gpu") << "sorted by term";
}

TEST(CentroidTest, IsTheNormalisedSumOfItsMembers) {
  const TermVector x{{"a", 1.0}};
  const TermVector y{{"b", 1.0}};
  const TermVector c = centroid({&x, &y});
  ASSERT_EQ(c.size(), 2u);
  EXPECT_NEAR(c[0].second, std::sqrt(0.5), 1e-12);
  EXPECT_NEAR(cosine(c, x), cosine(c, y), 1e-12);
  EXPECT_TRUE(centroid({}).empty());
}

}  // namespace lectio::text
