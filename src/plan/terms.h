#pragma once
// A small, dependency-free vectoriser for grouping chunks and comparing plans: content words
// (lower-cased, stopwords out, plurals folded) for alphabetic scripts and character bigrams
// for Chinese, weighted by TF-IDF. Private to the plan module.
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace lectio::plan {

// Content terms of a text, in order.
std::vector<std::string> content_terms(std::string_view text);

// A sparse vector sorted by term; normalised to unit length unless it is empty.
using TermVector = std::vector<std::pair<std::string, double>>;

double cosine(const TermVector& a, const TermVector& b);

// The normalised sum of vectors: the direction of a group.
TermVector centroid(const std::vector<const TermVector*>& vectors);

// Document frequencies of a set of texts (each given as its terms).
class TermWeights {
 public:
  explicit TermWeights(const std::vector<std::vector<std::string>>& docs);

  // Smoothed idf that never goes negative: log(1 + (N - df + 0.5) / (df + 0.5)).
  double idf(const std::string& term) const;

  // (1 + log tf) * idf per term, normalised.
  TermVector vector(const std::vector<std::string>& terms) const;

 private:
  std::unordered_map<std::string, int> df_;
  int docs_ = 0;
};

}  // namespace lectio::plan
