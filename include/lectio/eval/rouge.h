#pragma once
// ROUGE-N and ROUGE-L (Lin, 2004) on lower-cased word tokens, without stemming or stopword
// removal, as F1 between a candidate and one reference summary. Tokens follow the standard
// script: every run of characters other than [a-z0-9] separates them (so this is for English).
#include <string>

namespace lectio::eval {

struct RougeScores {
  double rouge1 = 0;   // F1 of unigram overlap, 0..1
  double rouge2 = 0;   // F1 of bigram overlap
  double rouge_l = 0;  // F1 of summary-level LCS ("rougeLsum"): per reference sentence, the
                       // union of its LCS with each candidate sentence. Sentences are lines when
                       // a text has line breaks, else split after . ! ? and a space.
};

[[nodiscard]] RougeScores rouge(const std::string& candidate, const std::string& reference);

}  // namespace lectio::eval
