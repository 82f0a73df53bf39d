// Boosted trees learn what a linear model cannot: a label that is the exclusive or of two
// features' signs, on rows they never saw, with probabilities that follow the labels' rate.
#include "lectio/eval/boosted_trees.h"

#include <gtest/gtest.h>

#include <random>

#include "lectio/core/error.h"
#include "lectio/eval/linear_models.h"

namespace lectio::eval {

namespace {

struct Data {
  std::vector<std::vector<double>> x;
  std::vector<bool> y;
};

// Two informative features (the label is a > 0 xor b > 0) and a noise one.
Data exclusive_or(int n, unsigned seed) {
  std::mt19937 rng(seed);
  std::normal_distribution<double> z(0, 1);
  Data d;
  for (int i = 0; i < n; ++i) {
    const double a = z(rng), b = z(rng);
    d.x.push_back({a, b, z(rng)});
    d.y.push_back((a > 0) != (b > 0));
  }
  return d;
}

double accuracy(const Data& d, auto&& probability) {
  int right = 0;
  for (std::size_t i = 0; i < d.x.size(); ++i) right += (probability(d.x[i]) > 0.5) == d.y[i];
  return static_cast<double>(right) / static_cast<double>(d.x.size());
}

}  // namespace

TEST(BoostedTreesTest, TreesLearnAnInteractionALinearModelCannot) {
  const Data train = exclusive_or(3000, 1);
  const Data test = exclusive_or(1000, 2);
  const BoostedTrees trees = fit_boosted_trees(train.x, train.y);
  const LogisticModel linear = fit_logistic(train.x, train.y);
  const double tree_accuracy = accuracy(test, [&](const auto& x) { return trees.probability(x); });
  const double linear_accuracy =
      accuracy(test, [&](const auto& x) { return linear.probability(x); });
  EXPECT_GT(tree_accuracy, 0.9);
  EXPECT_LT(linear_accuracy, 0.65);
  EXPECT_GT(trees.probability({1.5, -1.5, 0}), 0.8);
  EXPECT_LT(trees.probability({1.5, 1.5, 0}), 0.2);
  double mean = 0;
  int positive = 0;
  for (std::size_t i = 0; i < train.x.size(); ++i) {
    mean += trees.probability(train.x[i]) / static_cast<double>(train.x.size());
    positive += train.y[i] ? 1 : 0;
  }
  EXPECT_NEAR(mean, positive / 3000.0, 0.02);
}

TEST(BoostedTreesTest, ConstantFeaturesGiveThePriorAndBadInputIsRefused) {
  const BoostedTrees m =
      fit_boosted_trees({{1.0}, {1.0}, {1.0}, {1.0}}, {true, false, false, false});
  EXPECT_TRUE(m.trees.empty());
  EXPECT_NEAR(m.probability({1.0}), 0.25, 1e-9);
  EXPECT_THROW((void)fit_boosted_trees({}, {}), InvalidInput);
  EXPECT_THROW((void)fit_boosted_trees({{1.0}}, {true, false}), InvalidInput);
}

}  // namespace lectio::eval
