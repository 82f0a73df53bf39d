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
    -0.08795, -0.08034, 0.3987,  -0.1528, 0.9454,   0.0647,  0.05159, -0.01003,
    -0.5094,  0.261,    0.06945, 0.1518,  0.4604,   -1.216,  -0.4367, 0.01768,
    0.1859,   0.1656,   -0.8729, 1.003,   0.06055,  -0.5334, -0.6685, -0.7265,
    -0.6253,  -0.3559,  1.371,   0.1358,  -0.01833, 0.4894,  -4.622};
// The least probability answered: where qa-dev's answerable questions are answered at 0.93,
// the operating point chosen on the refusal curve (leave-one-article-out: answered 0.927,
// unanswerable refused 0.379, whole answer still above FTS5's top three; refitted 2026-12-04
// when a swapped word became a refusal sign, answer_checks.h slot_swapped(), the ranker
// read what-is definitions, answer_features.h kDefines, WordNet's antonyms became
// opposites, answer_checks.h opposite_said(), and the ranker read kWhatName; 2026-12-05 when
// a question that denies in meaning became a refusal sign, answer_checks.h denial_unsaid()).
constexpr double kMinConfidence = 0.1401;

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
