#pragma once
// ROUGE-N and ROUGE-L (Lin, 2004) on lower-cased word tokens, without stemming or stopword
// removal, as F1 between a candidate and one reference summary.
#include <string>

namespace lectio::compose {

struct RougeScores {
  double rouge1 = 0;  // F1 of unigram overlap, 0..1
  double rouge2 = 0;  // F1 of bigram overlap
  double rouge_l = 0; // F1 of the longest common subsequence (summary-level, union LCS over
                      // reference sentences when both texts have several sentences)
};

RougeScores rouge(const std::string& candidate, const std::string& reference);

}  // namespace lectio::compose
