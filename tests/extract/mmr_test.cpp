#include "lectio/extract/mmr.h"

#include <gtest/gtest.h>

#include <vector>

namespace lectio::extract {
namespace {

// Candidates 0 and 1 say the same thing; 2 says something else, a little less relevant.
double similarity(int a, int b) {
  if (a == b) return 1.0;
  return (a < 2 && b < 2) ? 0.9 : 0.0;
}

TEST(MarginalRelevanceTest, PicksTheMostRelevantFirstThenWhatIsNew) {
  MarginalRelevance mmr({1.0, 0.95, 0.7}, 0.7, 0.3);
  const auto any = [](std::size_t) { return true; };
  const int first = mmr.best(any);
  EXPECT_EQ(first, 0);
  mmr.add(first, similarity, any);
  // 1 is now worth 0.7 * 0.95 - 0.3 * 0.9 = 0.395; 2 keeps 0.7 * 0.7 = 0.49.
  EXPECT_EQ(mmr.best([&](std::size_t i) { return i != 0; }), 2);
  EXPECT_NEAR(mmr.value(1), 0.395, 1e-12);
}

TEST(MarginalRelevanceTest, WithoutARedundancyWeightItRanksByRelevanceAlone) {
  MarginalRelevance mmr({0.2, 0.9, 0.5}, 1.0, 0.0);
  mmr.add(1, similarity, [](std::size_t) { return true; });
  EXPECT_EQ(mmr.best([](std::size_t i) { return i != 1; }), 2);
}

TEST(MarginalRelevanceTest, TiesGoToTheFirstAndNothingEligibleIsMinusOne) {
  MarginalRelevance mmr({0.5, 0.5}, 1.0, 1.0);
  EXPECT_EQ(mmr.best([](std::size_t) { return true; }), 0);
  EXPECT_EQ(mmr.best([](std::size_t) { return false; }), -1);
}

}  // namespace
}  // namespace lectio::extract
