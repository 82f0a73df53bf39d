#include "lectio/extract/selection.h"

#include <algorithm>
#include <set>

#include "lectio/extract/mmr.h"

namespace lectio::extract {

namespace {

// Weights of the relevance mix; the sentence's own words count most.
constexpr double kSentenceWeight = 1.0;
constexpr double kHeadingWeight = 0.6;
constexpr double kRetrievalWeight = 0.4;
// The share of the focus terms a heading must carry to make its sentences relevant alone.
constexpr double kHeadingAlone = 0.5;
// Maximal marginal relevance trade-off between relevance and novelty.
constexpr double kMmrLambda = 0.7;
// Two sentences this similar (tf-idf cosine) say the same thing to a listener.
constexpr double kRepeatSimilarity = 0.6;
// How far back a sentence may point: "It ..." after "This ..." after the sentence named.
constexpr int kMaxChain = 3;

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

bool Scorer::shares_phrase(const Focus& focus, int i) const {
  const std::vector<std::string>& have = candidate(i).terms;
  for (std::size_t f = 0; f + 1 < focus.terms.size(); ++f) {
    if (focus.terms[f] == focus.terms[f + 1]) continue;
    for (std::size_t h = 0; h + 1 < have.size(); ++h) {
      if (have[h] == focus.terms[f] && have[h + 1] == focus.terms[f + 1]) return true;
    }
  }
  return false;
}

double Scorer::term_coverage(const Focus& focus, int i) const {
  const Candidate& c = candidate(i);
  std::set<std::string> have(c.terms.begin(), c.terms.end());
  have.insert(c.heading_terms.begin(), c.heading_terms.end());
  return set_coverage(focus, have);
}

double Scorer::set_coverage(const Focus& focus, const std::set<std::string>& have) const {
  if (focus.terms.empty()) return 0;
  const std::set<std::string> wanted(focus.terms.begin(), focus.terms.end());
  double hit = 0;
  double total = 0;
  for (const auto& t : wanted) {
    const double w = stats_.idf(t);
    total += w;
    hit += focus.found_in(have, t) ? w : 0;
  }
  return total > 0 ? hit / total : 0;
}

std::vector<double> Scorer::relevance(const Focus& focus) const {
  const std::size_t n = candidates_.size();
  std::vector<double> bm25(n, 0.0);
  // The words related to the focus's terms count in the text as the terms do.
  std::vector<std::string> query = focus.terms;
  for (const auto& [term, related] : focus.related) {
    query.insert(query.end(), related.begin(), related.end());
  }
  double best_bm25 = 0;
  for (std::size_t i = 0; i < n; ++i) {
    bm25[i] = stats_.bm25(query, static_cast<int>(i));
    best_bm25 = std::max(best_bm25, bm25[i]);
  }
  std::set<std::string> wanted(focus.terms.begin(), focus.terms.end());
  std::vector<double> out(n, 0.0);
  double best = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const Candidate& c = candidates_[i];
    const std::set<std::string> heading_have(c.heading_terms.begin(), c.heading_terms.end());
    const auto heading_hits =
        std::count_if(wanted.begin(), wanted.end(),
                      [&](const std::string& t) { return focus.found_in(heading_have, t); });
    const double heading = wanted.empty() ? 0 : double(heading_hits) / double(wanted.size());
    const auto prior = focus.chunk_prior.find(c.chunk);
    const double retrieval = prior == focus.chunk_prior.end() ? 0 : prior->second;
    const double sentence = best_bm25 > 0 ? bm25[i] / best_bm25 : 0;
    // Retrieval never makes a sentence relevant, and a heading only when it carries most of
    // the focus: a section does not fill up with whatever stands under a heading that shares
    // one word with its insight.
    if (sentence == 0 && heading < kHeadingAlone) continue;
    out[i] = kSentenceWeight * sentence + kHeadingWeight * heading + kRetrievalWeight * retrieval;
    best = std::max(best, out[i]);
  }
  if (best > 0) {
    for (double& v : out) v /= best;
  }
  return out;
}

// The sentences `i` needs before it to be understood: itself, then back through the
// sentences it points back to. Empty when one of them is unavailable.
std::vector<int> Scorer::with_antecedents(int i, const std::vector<bool>& unavailable) const {
  std::vector<int> chain = {i};
  for (int at = i; candidate(at).dangling;) {
    at = candidate(at).previous;
    if (at < 0 || unavailable[static_cast<std::size_t>(at)] ||
        static_cast<int>(chain.size()) >= kMaxChain) {
      return {};
    }
    chain.push_back(at);
  }
  return chain;
}

std::vector<int> Scorer::select(const std::vector<double>& relevance, double min_relevance,
                                int word_budget, int max_count,
                                const std::vector<bool>& taken) const {
  std::vector<int> chosen;
  int words = 0;
  std::vector<bool> used = taken;
  std::vector<bool> in_chosen(candidates_.size(), false);
  MarginalRelevance mmr(relevance, kMmrLambda, 1 - kMmrLambda);
  const auto similar = [this](int a, int b) { return similarity(a, b); };
  const auto relevant = [&](std::size_t i) {
    return !(relevance[i] < min_relevance || relevance[i] <= 0);
  };
  while (static_cast<int>(chosen.size()) < max_count && words < word_budget) {
    const int best = mmr.best([&](std::size_t i) { return !used[i] && relevant(i); });
    if (best < 0) break;
    used[static_cast<std::size_t>(best)] = true;
    // A near-duplicate of what is already said adds length, not knowledge.
    bool duplicate = false;
    for (int j : chosen) duplicate = duplicate || similarity(best, j) > kRepeatSimilarity;
    if (duplicate) continue;
    // A sentence that points back is said right after what it points back to, or not at all.
    for (int c : with_antecedents(best, taken)) {
      if (in_chosen[static_cast<std::size_t>(c)]) continue;
      in_chosen[static_cast<std::size_t>(c)] = true;
      used[static_cast<std::size_t>(c)] = true;
      chosen.push_back(c);
      mmr.add(c, similar, [&](std::size_t i) { return !used[i] && relevant(i); });
      words += candidate(c).words;
    }
  }
  // In document order every sentence that points back sits right after its antecedent.
  std::sort(chosen.begin(), chosen.end(),
            [&](int a, int b) { return candidate(a).position < candidate(b).position; });
  return chosen;
}

void Scorer::mark_said(const std::vector<int>& chosen, std::vector<bool>& taken) const {
  for (int c : chosen) {
    taken[static_cast<std::size_t>(c)] = true;
    for (std::size_t i = 0; i < candidates_.size(); ++i) {
      if (!taken[i] && similarity(c, static_cast<int>(i)) > kRepeatSimilarity) taken[i] = true;
    }
  }
}

}  // namespace lectio::extract
