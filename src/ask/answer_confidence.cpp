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
    -0.08652, -0.1179, 0.7826,  -0.1005, 0.8395,  0.07755, 0.07949, -0.009369,
    -0.5006,  0.2404,  0.04484, 0.07458, 0.4987,  -1.101,  -0.5005, 0.01122,
    0.1707,   0.138,   -0.8572, 1.015,   -0.032,  -0.5128, -0.6679, -0.7014,
    -0.5524,  -0.3794, 1.359,   0.1454,  0.01413, 0.5294,  -4.73};
// The least probability answered: where qa-dev's answerable questions are answered at 0.93,
// the operating point chosen on the refusal curve (leave-one-article-out: answered 0.927,
// unanswerable refused 0.340, whole answer still above FTS5's top three; refitted 2026-12-04
// when a swapped word became a refusal sign, answer_checks.h slot_swapped(), and the ranker
// read what-is definitions, answer_features.h kDefines).
constexpr double kMinConfidence = 0.141;

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
