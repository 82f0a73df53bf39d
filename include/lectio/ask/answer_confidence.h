#pragma once
// Whether the lead sentence the ranker chose answers the question: a logistic model over what
// the ranking says of it (how much of the question it and its neighbours carry, by how much it
// beats the next best, how much of the question no candidate says at all). SQuAD 2.0's
// unanswerable questions share most of their words with a sentence of the article, so the
// coverage bar alone cannot tell them apart; this adds what the bar does not read.
// bench/qa_loao.cpp fits it (leave-one-article-out on qa-dev) and the weights ship as
// constants. Private to the ask module and its bench.
#include <array>
#include <string_view>
#include <vector>

#include "lectio/ask/answer_core.h"

namespace lectio::ask {

enum ConfidenceFeature : std::size_t {
  kCLeadCoverage,     // the lead's coverage (what the bar reads)
  kCLeadOwn,          // its own share of the question's weight
  kCLeadHeading,      // ... by its headings
  kCLeadBefore,       // ... by the sentence before
  kCLeadMatched,      // share of the question's terms it holds
  kCLeadRarest,       // holds the rarest term the material uses
  kCLeadExactNames,   // share of the question's capitalised words it has as written
  kCLeadTyped,        // holds a thing of the asked type
  kCLeadUntyped,      // the question has a type and it holds none
  kCLeadNearType,     // WordView::near
  kCLeadPairs,        // pair_share()
  kCLeadCosine,       // tf-idf cosine
  kCLeadPrior,        // its chunk's retrieval prior
  kCLeadChunk,        // share of the weight anywhere in its chunk
  kCLeadNovel,        // share of its terms the question lacks
  kCMargin,           // its score less the next eligible one's (0: none)
  kCEligible,         // log(1 + candidates at or over the bar)
  kCSecondCoverage,   // the best coverage among the others
  kCAbsent,           // share of the question's weight no candidate says (kAbsent)
  kCTerms,            // log(1 + question terms)
  kCLeadMissMax,      // its kMissMax: the heaviest question term it (with headings and the
                      // sentence before) lacks
  kCLeadMissCount,    // kMissCount
  kCLeadMissSaid,     // kMissSaid
  kCLeadMissName,     // kMissName
  kCLeadMissNumber,   // kMissNumber
  kCLeastMissMax,     // the least kMissMax of any candidate: does any hold the whole question?
  kCLeadProbability,  // the softmax of the scores over the eligible candidates, the lead's
  kCLeadScore,        // its score
  kCCoverageSquared,  // kCLeadCoverage squared
  kCOwnHeld,          // its own share times (1 - kMissMax)
  kConfidenceCount
};

inline constexpr std::array<std::string_view, kConfidenceCount> kConfidenceNames = {
    "lead_cov",       "lead_own",         "lead_heading",   "lead_before",    "lead_matched",
    "lead_rarest",    "lead_names",       "lead_typed",     "lead_untyped",   "lead_near_type",
    "lead_pairs",     "lead_cosine",      "lead_prior",     "lead_chunk",     "lead_novel",
    "margin",         "eligible",         "second_cov",     "absent",         "terms",
    "lead_miss_max",  "lead_miss_count",  "lead_miss_said", "lead_miss_name", "lead_miss_number",
    "least_miss_max", "lead_probability", "lead_score",     "cov_squared",    "own_held",
};

using ConfidenceFeatures = std::array<double, kConfidenceCount>;

// The features of `ranked[lead]` as the lead (ranked: best first, as rank_candidates() gives
// them; `bar`: PickOptions::min_coverage).
[[nodiscard]] ConfidenceFeatures confidence_features(const std::vector<RankedCandidate>& ranked,
                                                     std::size_t lead, double bar);

// The shipped model's probability that the lead answers (0..1), and the least it must reach
// for a learner's question to be answered.
[[nodiscard]] double answer_confidence(const ConfidenceFeatures& features);
[[nodiscard]] double min_answer_confidence();

}  // namespace lectio::ask
