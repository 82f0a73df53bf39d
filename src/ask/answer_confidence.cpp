#include "lectio/ask/answer_confidence.h"

#include <algorithm>
#include <cmath>

namespace lectio::ask {

namespace {

// The model, fitted on all 17 qa-dev articles by
//   build/bench/lectio_qa_loao build/qa-bench/features.jsonl --print-model
// (docs/benchmarks.md, "Ask and verify"); the bias last.
constexpr std::array<double, kConfidenceCount + 1> kWeights = {};
// The least probability answered: the operating point chosen on the dev curve.
constexpr double kMinConfidence = 0;

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
