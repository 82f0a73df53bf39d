// The fitters recover what synthetic data was made from: a ranker puts the right candidate
// first on groups it never saw, a logistic model separates classes and its probabilities
// follow the labels' rate, and Pearson's r matches a value worked out by hand.
#include "lectio/eval/linear_models.h"

#include <gtest/gtest.h>

#include <random>

#include "lectio/core/error.h"

namespace lectio::eval {

namespace {

// Groups of five candidates with two features; the right one has the largest 2*a - b,
// the second feature noise the ranker must learn to weigh against.
std::vector<RankGroup> groups(int n, unsigned seed) {
  std::mt19937 rng(seed);
  std::normal_distribution<double> z(0, 1);
  std::vector<RankGroup> out;
  for (int g = 0; g < n; ++g) {
    RankGroup& r = out.emplace_back();
    int best = 0;
    double top = -1e9;
    for (int i = 0; i < 5; ++i) {
      r.x.push_back({z(rng), z(rng)});
      const double s = 2 * r.x.back()[0] - r.x.back()[1];
      if (s > top) top = s, best = i;
    }
    for (int i = 0; i < 5; ++i) r.label.push_back(i == best);
  }
  return out;
}

}  // namespace

TEST(LinearModelsTest, TheRankerLearnsTheSignsAndRanksUnseenGroups) {
  const std::vector<double> w = fit_softmax_ranker(groups(400, 1));
  ASSERT_EQ(w.size(), 2u);
  EXPECT_GT(w[0], 0);
  EXPECT_LT(w[1], 0);
  EXPECT_NEAR(w[1] / w[0], -0.5, 0.15);
  int right = 0;
  const std::vector<RankGroup> test = groups(200, 2);
  for (const RankGroup& g : test) {
    std::size_t best = 0;
    for (std::size_t i = 1; i < g.x.size(); ++i) {
      if (w[0] * g.x[i][0] + w[1] * g.x[i][1] > w[0] * g.x[best][0] + w[1] * g.x[best][1]) {
        best = i;
      }
    }
    right += g.label[best] ? 1 : 0;
  }
  EXPECT_GT(right, 180);
}

TEST(LinearModelsTest, GroupsWithNothingToLearnGiveZeroWeights) {
  RankGroup all_right{{{1.0}, {2.0}}, {true, true}};
  const std::vector<double> w = fit_softmax_ranker({all_right});
  ASSERT_EQ(w.size(), 1u);
  EXPECT_EQ(w[0], 0);
  EXPECT_TRUE(fit_softmax_ranker({}).empty());
}

TEST(LinearModelsTest, LogisticRegressionSeparatesAndIsCalibratedOnItsData) {
  std::mt19937 rng(3);
  std::normal_distribution<double> z(0, 1);
  std::vector<std::vector<double>> x;
  std::vector<bool> y;
  for (int i = 0; i < 2000; ++i) {
    const double a = z(rng) + 5;  // an offset the bias must absorb
    x.push_back({a});
    y.push_back(a + 0.5 * z(rng) > 5.5);
  }
  const LogisticModel m = fit_logistic(x, y, {.l2 = 0.001, .iterations = 400, .rate = 0.05});
  EXPECT_GT(m.weights.at(0), 0);
  EXPECT_LT(m.probability({3.0}), 0.05);
  EXPECT_GT(m.probability({8.0}), 0.95);
  double mean = 0;
  int positive = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    mean += m.probability(x[i]) / static_cast<double>(x.size());
    positive += y[i] ? 1 : 0;
  }
  EXPECT_NEAR(mean, positive / 2000.0, 0.02);
}

TEST(LinearModelsTest, LogisticRegressionRejectsMismatchedInput) {
  EXPECT_THROW((void)fit_logistic({}, {}), InvalidInput);
  EXPECT_THROW((void)fit_logistic({{1.0}, {2.0}}, {true}), InvalidInput);
}

TEST(LinearModelsTest, PearsonMatchesAHandWorkedValue) {
  // x 1 2 3, y 1 3 2: covariance 1, variances 2 and 2: r = 0.5.
  EXPECT_NEAR(pearson({1, 2, 3}, {1, 3, 2}), 0.5, 1e-12);
  EXPECT_EQ(pearson({1, 1, 1}, {1, 2, 3}), 0);
  EXPECT_EQ(pearson({1}, {1}), 0);
}

}  // namespace lectio::eval
