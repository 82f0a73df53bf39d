#pragma once
// Maximal marginal relevance: the one way Lectio picks sentences that are relevant and do not
// repeat each other (lessons, FAQs, extractive summaries). A candidate's value is
//   relevance_weight · relevance − redundancy_weight · (its largest similarity to a pick so far),
// and the next pick is the candidate of highest value, the first one on a tie.
#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

namespace lectio::extract {

class MarginalRelevance {
 public:
  MarginalRelevance(std::vector<double> relevance, double relevance_weight,
                    double redundancy_weight)
      : relevance_(std::move(relevance)),
        redundancy_(relevance_.size(), 0.0),
        relevance_weight_(relevance_weight),
        redundancy_weight_(redundancy_weight) {}

  double value(std::size_t i) const {
    return relevance_weight_ * relevance_[i] - redundancy_weight_ * redundancy_[i];
  }

  // The candidate of highest value among those `eligible(i)` allows; -1 when there is none.
  template <typename Eligible>
  int best(Eligible eligible) const {
    int best = -1;
    for (std::size_t i = 0; i < relevance_.size(); ++i) {
      if (!eligible(i)) continue;
      if (best < 0 || value(i) > value(static_cast<std::size_t>(best))) best = static_cast<int>(i);
    }
    return best;
  }

  // Counts `picked` as said: the redundancy of every candidate that `may_be_picked(i)` becomes
  // at least similarity(i, picked). The others are never compared again, which saves computing
  // their similarity.
  template <typename Similarity, typename Eligible>
  void add(int picked, Similarity similarity, Eligible may_be_picked) {
    for (std::size_t i = 0; i < relevance_.size(); ++i) {
      if (!may_be_picked(i)) continue;
      redundancy_[i] = std::max(redundancy_[i], similarity(static_cast<int>(i), picked));
    }
  }

 private:
  std::vector<double> relevance_;
  std::vector<double> redundancy_;
  double relevance_weight_;
  double redundancy_weight_;
};

}  // namespace lectio::extract
