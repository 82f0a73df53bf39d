#pragma once
// Relevance scoring and diverse selection of candidate sentences for one focus (an insight or
// a question), shared by the script and the FAQ.
#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "lectio/extract/candidates.h"
#include "lectio/text/weighting.h"

namespace lectio::extract {

struct Focus {
  std::vector<std::string> terms;     // content terms of the insight or question
  std::map<int, double> chunk_prior;  // chunk index -> retrieval score in 0..1
  // Term -> how much it tells this focus apart (1 when absent): a term the lesson's other
  // insights or its topic also name says less about where this insight is taught.
  std::map<std::string, double> distinctness;
  // Term -> general-English words that say the same ("undo" -> "revert", "fix", "mistake"):
  // a sentence or heading with one of them has the term (related_words.h).
  std::map<std::string, std::vector<std::string>> related;
  // Terms the focus names with a modifier right before them ("command substitution",
  // "WAL mode"): a heading that names the same head noun with a modifier the focus does not
  // have ("Process Substitution") is about a sibling of what the focus names.
  std::set<std::string> qualified;
  // Whether `have` holds the term or a word related to it.
  bool found_in(const std::set<std::string>& have, const std::string& term) const {
    if (have.count(term)) return true;
    const auto it = related.find(term);
    return it != related.end() && std::any_of(it->second.begin(), it->second.end(),
                                              [&](const std::string& r) { return have.count(r); });
  }
  double weight_of(const std::string& term) const {
    const auto it = distinctness.find(term);
    return it == distinctness.end() ? 1.0 : it->second;
  }
};

class Scorer {
 public:
  Scorer(const std::vector<Candidate>& candidates, const std::string& language);

  // Relevance of every candidate to the focus, normalised so the best is 1 (all 0 when none
  // relates). Mixes BM25 over the sentences, the chunk's heading path, and retrieval.
  std::vector<double> relevance(const Focus& focus) const;

  // Share of the focus terms' weight (idf over the candidates) found in the candidate's
  // sentence or headings. A term the material never uses weighs the most, so an insight is
  // not covered by the one common word it shares with a sentence.
  double term_coverage(const Focus& focus, int candidate) const;

  // The same share for a set of terms (a section's sentences and headings together).
  double set_coverage(const Focus& focus, const std::set<std::string>& have) const;

  // Whether two terms next to each other in the focus ("branch divergence") are next to each
  // other in the candidate's sentence too: a shared phrase is stronger evidence that the
  // sentence is about the focus than the same words scattered.
  bool shares_phrase(const Focus& focus, int candidate) const;

  // Picks candidates by maximal marginal relevance until `word_budget` words or `max_count`
  // sentences, skipping those below `min_relevance` or in `taken`. Returns them in document
  // order. A sentence that points back comes with the sentences it points back to, right
  // before it, or is not chosen.
  std::vector<int> select(const std::vector<double>& relevance, double min_relevance,
                          int word_budget, int max_count, const std::vector<bool>& taken) const;

  // Marks the chosen candidates, and every candidate that would repeat one of them, as taken.
  void mark_said(const std::vector<int>& chosen, std::vector<bool>& taken) const;

  // The term's idf over the candidates (the highest for a term none of them has).
  double idf(const std::string& term) const { return stats_.idf(term); }

  const Candidate& candidate(int i) const { return candidates_[static_cast<std::size_t>(i)]; }
  std::size_t size() const { return candidates_.size(); }  // the candidates scored
  double similarity(int a, int b) const;

 private:
  std::vector<int> with_antecedents(int i, const std::vector<bool>& unavailable) const;

  const std::vector<Candidate>& candidates_;
  text::TermStats stats_;
  std::vector<text::TermVector> vectors_;
};

}  // namespace lectio::extract
