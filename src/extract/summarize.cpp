#include "lectio/extract/summarize.h"

#include <algorithm>
#include <unordered_map>

#include "lectio/extract/mmr.h"
#include "lectio/text/terms.h"
#include "lectio/text/weighting.h"
#include "lectio/text/words.h"

namespace lectio::extract {

namespace {

// Weights of the score. The generic ones were chosen on the CNN/DailyMail dev set among round
// values, on a plateau where neighbouring values score within half a ROUGE point (see
// docs/benchmarks.md); they encode general facts about expository text (the lead carries the
// gist, sentences that later ones elaborate on are central) rather than facts about articles.
struct Weights {
  double position_decay = 4.0;  // prior 1 / (1 + i / decay): sentence 4 (0-based) gets half
  double centrality = 0.5;      // weight of centrality against the position prior
  double redundancy = 1.0;      // MMR: penalty per unit of cosine to an already chosen sentence
  double focus = 0.8;           // with a focus: weight of relevance against the generic score
  int min_words = 6;            // shorter sentences are fragments (captions, "No wonder.")
  int full_words = 12;          // from here on, shortness no longer counts against a sentence
  int long_words = 45;          // beyond this, run-ons and glued captions are discounted
};

bool starts_with(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

bool contains(std::string_view s, std::string_view part) {
  return s.find(part) != std::string_view::npos;
}

// How much a sentence is worth as a summary sentence on its own, 0..1, from its form only.
// Opening quote marks and "Scroll down for video" captions were penalised too at first, but on
// the dev set that changed nothing or hurt, so only length and bylines count.
double form_quality(const std::string& sentence, int word_count, const Weights& w) {
  if (word_count < w.min_words) return 0.05;
  // Bylines, datelines and web furniture carry no content.
  if (starts_with(sentence, "By ") && word_count < 12) return 0.05;
  if (contains(sentence, "PUBLISHED:") || contains(sentence, "UPDATED:") ||
      contains(sentence, "Last updated")) {
    return 0.05;
  }
  double q = 1.0;
  if (word_count < w.full_words) {
    q *= 0.5 + 0.5 * (word_count - w.min_words) / double(w.full_words - w.min_words);
  }
  if (word_count > w.long_words) q *= std::max(0.4, double(w.long_words) / word_count);
  return q;
}

std::vector<double> normalised(std::vector<double> v) {
  const double top = v.empty() ? 0 : *std::max_element(v.begin(), v.end());
  if (top <= 0) return std::vector<double>(v.size(), 0.0);
  for (double& x : v) x /= top;
  return v;
}

}  // namespace

std::vector<int> select_sentences(const std::vector<std::string>& sentences,
                                  const SelectOptions& options) {
  const int n = static_cast<int>(sentences.size());
  const int count = std::min(options.count, n);
  if (count <= 0) return {};
  const Weights w;

  std::vector<std::vector<std::string>> sentence_terms;
  std::vector<int> word_counts;
  for (const std::string& s : sentences) {
    word_counts.push_back(static_cast<int>(text::words(s).size()));
    sentence_terms.push_back(text::terms(s, options.language));
  }
  const text::TermStats stats(sentence_terms);
  std::vector<text::TermVector> vectors;
  for (const auto& t : sentence_terms) vectors.push_back(stats.tfidf(t));

  // Directed centrality (as in PACSUM): a sentence that later sentences elaborate on is
  // central; being similar to earlier ones mostly means repeating them. The sum of cosines
  // with all later sentences is one dot product with the sum of their vectors, which keeps
  // long documents linear instead of quadratic.
  std::vector<double> centrality(n, 0.0);
  std::unordered_map<std::string, double> later;
  for (int i = n - 1; i >= 0; --i) {
    for (const auto& [term, weight] : vectors[i]) {
      const auto it = later.find(term);
      if (it != later.end()) centrality[i] += weight * it->second;
    }
    for (const auto& [term, weight] : vectors[i]) later[term] += weight;
  }
  centrality = normalised(centrality);

  std::vector<double> quality(n);
  std::vector<double> score(n);
  for (int i = 0; i < n; ++i) {
    const double prior = 1.0 / (1.0 + i / w.position_decay);
    const double generic = (1 - w.centrality) * prior + w.centrality * centrality[i];
    quality[i] = form_quality(sentences[i], word_counts[i], w);
    score[i] = quality[i] * generic;
  }

  const std::vector<std::string> focus_terms = text::terms(options.focus, options.language);
  if (!focus_terms.empty()) {
    std::vector<double> relevance(n);
    // BM25 favours short texts, so a fragment that merely names the topic is held back a little.
    for (int i = 0; i < n; ++i)
      relevance[i] = stats.bm25(focus_terms, i) * (0.5 + 0.5 * quality[i]);
    relevance = normalised(relevance);
    const std::vector<double> generic = normalised(score);
    for (int i = 0; i < n; ++i) score[i] = w.focus * relevance[i] + (1 - w.focus) * generic[i];
  }

  // Maximal marginal relevance: each pick trades its score against its largest cosine with an
  // earlier pick.
  std::vector<int> chosen;
  std::vector<bool> taken(n, false);
  const auto untaken = [&](std::size_t i) { return !taken[i]; };
  const auto cosine = [&](int a, int b) {
    return text::cosine(vectors[static_cast<std::size_t>(a)], vectors[static_cast<std::size_t>(b)]);
  };
  MarginalRelevance mmr(score, 1.0, w.redundancy);
  while (static_cast<int>(chosen.size()) < count) {
    const int best = mmr.best(untaken);
    taken[static_cast<std::size_t>(best)] = true;
    chosen.push_back(best);
    mmr.add(best, cosine, untaken);
  }
  std::sort(chosen.begin(), chosen.end());
  return chosen;
}

}  // namespace lectio::extract
