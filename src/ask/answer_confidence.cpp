#include "lectio/ask/answer_confidence.h"

#include <algorithm>
#include <cmath>

namespace lectio::ask {

namespace {

// The model: logistic regression of "the lead holds a gold answer" (answerable questions whose
// lead is right against the rest, unanswerable ones included), fitted on all 17 qa-dev
// articles by
//   build/bench/lectio_qa_loao build/qa-bench/features.jsonl --print-model
// with the ranker of answer_core.cpp (docs/benchmarks.md, "Ask and verify"). In the order of
// ConfidenceFeature, the bias last.
constexpr std::array<double, kConfidenceCount + 1> kWeights = {
    -0.0841, -0.07678, 0.4228,  -0.1645, 0.9589,   0.06562, 0.0544,  -0.008696,
    -0.5084, 0.2676,   0.06733, 0.1222,  0.4714,   -1.208,  -0.4511, 0.01655,
    0.1798,  0.1689,   -0.8684, 1.008,   0.05719,  -0.5354, -0.6861, -0.7183,
    -0.2774, -0.3568,  1.387,   0.1343,  -0.02037, 0.4838,  -4.624};
// The least probability answered: where qa-dev's answerable questions are answered at 0.93,
// the operating point chosen on the refusal curve (leave-one-article-out: answered 0.927,
// unanswerable refused 0.386, whole answer still above FTS5's top three; refitted 2026-12-04
// when a swapped word became a refusal sign, answer_checks.h slot_swapped(), the ranker
// read what-is definitions, answer_features.h kDefines, WordNet's antonyms became
// opposites, answer_checks.h opposite_said(), and the ranker read kWhatName; 2026-12-05 when
// a question that denies in meaning and a year the sources do not give became refusal signs,
// answer_checks.h denial_unsaid() and year_unsaid()).
constexpr double kMinConfidence = 0.142;

}  // namespace

ConfidenceFeatures confidence_features(const std::vector<RankedCandidate>& ranked, std::size_t lead,
                                       double bar) {
  ConfidenceFeatures c{};
  const RankedCandidate& r = ranked.at(lead);
  const Features& f = r.features;
  c[kCLeadCoverage] = r.coverage;
  c[kCLeadOwn] = f[kOwn];
  c[kCLeadHeading] = f[kHeading];
  c[kCLeadBefore] = f[kBefore];
  c[kCLeadMatched] = f[kMatched];
  c[kCLeadRarest] = f[kRarest];
  c[kCLeadExactNames] = f[kExactNames];
  c[kCLeadTyped] = f[kTyped];
  c[kCLeadUntyped] = f[kUntyped];
  c[kCLeadNearType] = f[kNearType];
  c[kCLeadPairs] = f[kPairs];
  c[kCLeadCosine] = f[kCosine];
  c[kCLeadPrior] = f[kPrior];
  c[kCLeadChunk] = f[kChunk];
  c[kCLeadNovel] = f[kNovel];
  c[kCLeadMissMax] = f[kMissMax];
  c[kCLeadMissCount] = f[kMissCount];
  c[kCLeadMissSaid] = f[kMissSaid];
  c[kCLeadMissName] = f[kMissName];
  c[kCLeadMissNumber] = f[kMissNumber];
  c[kCLeastMissMax] = f[kMissMax];
  for (const RankedCandidate& o : ranked) {
    c[kCLeastMissMax] = std::min(c[kCLeastMissMax], o.features[kMissMax]);
  }
  int eligible = 0;
  bool next = false;
  for (std::size_t i = 0; i < ranked.size(); ++i) {
    if (i == lead) continue;
    c[kCSecondCoverage] = std::max(c[kCSecondCoverage], ranked[i].coverage);
    if (ranked[i].coverage < bar) continue;
    ++eligible;
    if (!next) c[kCMargin] = r.score - ranked[i].score;
    next = true;
  }
  c[kCEligible] = std::log1p(static_cast<double>(eligible + 1));
  double sum = 0;
  for (const RankedCandidate& o : ranked)
    sum += o.coverage >= bar ? std::exp(o.score - r.score) : 0;
  c[kCLeadProbability] = sum > 0 ? 1 / sum : 1;
  c[kCLeadScore] = r.score;
  c[kCCoverageSquared] = r.coverage * r.coverage;
  c[kCOwnHeld] = f[kOwn] * (1 - f[kMissMax]);
  c[kCAbsent] = f[kAbsent];
  c[kCTerms] = f[kQuestionTerms];
  return c;
}

double answer_confidence(const ConfidenceFeatures& features) {
  double a = kWeights[kConfidenceCount];
  for (std::size_t k = 0; k < kConfidenceCount; ++k) a += kWeights[k] * features[k];
  return 1.0 / (1.0 + std::exp(-a));
}

double min_answer_confidence() {
  return kMinConfidence;
}

}  // namespace lectio::ask
