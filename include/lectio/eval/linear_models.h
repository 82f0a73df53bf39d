#pragma once
// Small linear models fitted in-process, for rankers and classifiers whose weights ship as
// constants (ask's answer ranker and refusal model: bench/qa_loao.cpp fits them and reports
// leave-one-article-out figures). Full-batch Adam on L2-regularised log-likelihood over
// standardised features; the weights returned are in the features' raw units.
#include <vector>

namespace lectio::eval {

struct FitOptions {
  double l2 = 0.01;  // on the standardised weights
  int iterations = 250;
  double rate = 0.05;
};

// One question's candidates: their features (all of one length) and which are right.
struct RankGroup {
  std::vector<std::vector<double>> x;
  std::vector<bool> label;
};

// A listwise ranker: the softmax over each group's candidates, fitted by the likelihood of
// the right ones. Groups with no right candidate, or only right ones, teach nothing and are
// skipped. Returns one weight a feature (a ranking ignores any offset). Empty input: {}.
[[nodiscard]] std::vector<double> fit_softmax_ranker(const std::vector<RankGroup>& groups,
                                                     const FitOptions& options = {});

struct LogisticModel {
  std::vector<double> weights;  // one a feature, raw units
  double bias = 0;
  // P(label | x), 0..1.
  [[nodiscard]] double probability(const std::vector<double>& x) const;
};

// Logistic regression of `label` on `x` (rows of one length). Throws InvalidInput when the
// rows and labels differ in number or there are none.
[[nodiscard]] LogisticModel fit_logistic(const std::vector<std::vector<double>>& x,
                                         const std::vector<bool>& label,
                                         const FitOptions& options = {});

// Pearson's correlation of two series of one length; 0 when either is constant or they are
// shorter than 2.
[[nodiscard]] double pearson(const std::vector<double>& x, const std::vector<double>& y);

}  // namespace lectio::eval
