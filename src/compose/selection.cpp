#include "selection.h"

#include <algorithm>
#include <set>

namespace lectio::compose {

namespace {

// Weights of the relevance mix; the sentence's own words count most.
constexpr double kSentenceWeight = 1.0;
constexpr double kHeadingWeight = 0.6;
constexpr double kRetrievalWeight = 0.4;
// Maximal marginal relevance trade-off between relevance and novelty.
constexpr double kMmrLambda = 0.7;

std::vector<std::vector<std::string>> all_terms(const std::vector<Candidate>& cs) {
  std::vector<std::vector<std::string>> out;
  out.reserve(cs.size());
  for (const Candidate& c : cs) out.push_back(c.terms);
  return out;
}

}  // namespace

Scorer::Scorer(const std::vector<Candidate>& candidates, const std::string& /*language*/)
    : candidates_(candidates), stats_(all_terms(candidates)) {
  vectors_.reserve(candidates.size());
  for (const Candidate& c : candidates) vectors_.push_back(stats_.tfidf(c.terms));
}

double Scorer::similarity(int a, int b) const {
  return text::cosine(vectors_[static_cast<std::size_t>(a)], vectors_[static_cast<std::size_t>(b)]);
}

double Scorer::term_coverage(const Focus& focus, int i) const {
  if (focus.terms.empty()) return 0;
  const Candidate& c = candidate(i);
  std::set<std::string> have(c.terms.begin(), c.terms.end());
  have.insert(c.heading_terms.begin(), c.heading_terms.end());
  std::set<std::string> wanted(focus.terms.begin(), focus.terms.end());
  int hit = 0;
  for (const auto& t : wanted) hit += have.count(t) ? 1 : 0;
  return double(hit) / double(wanted.size());
}

std::vector<double> Scorer::relevance(const Focus& focus) const {
  const std::size_t n = candidates_.size();
  std::vector<double> bm25(n, 0.0);
  double best_bm25 = 0;
  for (std::size_t i = 0; i < n; ++i) {
    bm25[i] = stats_.bm25(focus.terms, static_cast<int>(i));
    best_bm25 = std::max(best_bm25, bm25[i]);
  }
  std::set<std::string> wanted(focus.terms.begin(), focus.terms.end());
  std::vector<double> out(n, 0.0);
  double best = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const Candidate& c = candidates_[i];
    int heading_hits = 0;
    std::set<std::string> seen;
    for (const auto& t : c.heading_terms) {
      if (wanted.count(t) && seen.insert(t).second) ++heading_hits;
    }
    const double heading = wanted.empty() ? 0 : double(heading_hits) / double(wanted.size());
    const auto prior = focus.chunk_prior.find(c.chunk);
    const double retrieval = prior == focus.chunk_prior.end() ? 0 : prior->second;
    const double sentence = best_bm25 > 0 ? bm25[i] / best_bm25 : 0;
    // Retrieval alone never makes a sentence relevant: it only ranks sentences that share
    // words with the focus, directly or through their heading.
    if (sentence == 0 && heading == 0) continue;
    out[i] = kSentenceWeight * sentence + kHeadingWeight * heading + kRetrievalWeight * retrieval;
    best = std::max(best, out[i]);
  }
  if (best > 0) {
    for (double& v : out) v /= best;
  }
  return out;
}

std::vector<int> Scorer::select(const std::vector<double>& relevance, double min_relevance,
                                int word_budget, int max_count,
                                const std::vector<bool>& taken) const {
  std::vector<int> chosen;
  int words = 0;
  std::vector<bool> used = taken;
  while (static_cast<int>(chosen.size()) < max_count && words < word_budget) {
    int best = -1;
    double best_score = -1e9;
    for (std::size_t i = 0; i < candidates_.size(); ++i) {
      if (used[i] || relevance[i] < min_relevance || relevance[i] <= 0) continue;
      double redundancy = 0;
      for (int j : chosen) redundancy = std::max(redundancy, similarity(static_cast<int>(i), j));
      const double score = kMmrLambda * relevance[i] - (1 - kMmrLambda) * redundancy;
      if (score > best_score) {
        best_score = score;
        best = static_cast<int>(i);
      }
    }
    if (best < 0) break;
    used[static_cast<std::size_t>(best)] = true;
    // A near-duplicate of what is already said adds length, not knowledge.
    bool duplicate = false;
    for (int j : chosen) duplicate = duplicate || similarity(best, j) > 0.8;
    if (duplicate) continue;
    chosen.push_back(best);
    words += candidate(best).words;
  }
  std::sort(chosen.begin(), chosen.end(), [&](int a, int b) {
    return candidate(a).position < candidate(b).position;
  });
  // A section must not open with "This ..." pointing at nothing; move the first sentence
  // that stands on its own to the front.
  if (!chosen.empty() && candidate(chosen.front()).dangling) {
    auto standalone = std::find_if(chosen.begin(), chosen.end(),
                                   [&](int i) { return !candidate(i).dangling; });
    if (standalone != chosen.end()) {
      std::rotate(chosen.begin(), standalone, standalone + 1);
    } else {
      chosen.clear();  // nothing here stands on its own; better silent than confusing
    }
  }
  return chosen;
}

}  // namespace lectio::compose
