#pragma once
// Gradient-boosted trees of depth two for a binary label: a non-linear counterpart of
// linear_models.h's logistic regression, fitted in-process (bench/qa_loao.cpp --trees compares
// the two as ask's refusal model, leave-one-article-out). Each feature is cut at up to
// `bins` quantiles of the training rows; each round fits one tree to the log-loss's gradient
// and Hessian (Newton leaves, L2 `lambda`), shrunk by `rate`.
#include <vector>

namespace lectio::eval {

struct TreeOptions {
  int rounds = 150;
  double rate = 0.1;
  double lambda = 1.0;
  int bins = 32;
  int min_rows = 20;  // the least rows a leaf may hold
};

struct BoostedTrees {
  struct Tree {
    int feature = 0;  // the root's split: x[feature] <= threshold goes left
    double threshold = 0;
    int child_feature[2] = {0, 0};  // each side's split
    double child_threshold[2] = {0, 0};
    double leaf[4] = {0, 0, 0, 0};  // left-left, left-right, right-left, right-right
  };
  double base = 0;  // the prior log-odds
  std::vector<Tree> trees;
  // P(label | x), 0..1.
  [[nodiscard]] double probability(const std::vector<double>& x) const;
};

// Throws InvalidInput when the rows and labels differ in number or there are none.
[[nodiscard]] BoostedTrees fit_boosted_trees(const std::vector<std::vector<double>>& x,
                                             const std::vector<bool>& label,
                                             const TreeOptions& options = {});

}  // namespace lectio::eval
