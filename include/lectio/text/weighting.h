#pragma once
// TF-IDF, BM25 and cosine similarity over a small set of texts ("documents"), each given as its
// terms(): the sentences of one article, the chunks retrieved for a lesson, a plan's chunks.
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace lectio::text {

// A sparse term-weight vector, sorted by term, L2-normalised (or empty).
using TermVector = std::vector<std::pair<std::string, double>>;

// Dot product of two normalised vectors: their cosine similarity, 0..1.
double cosine(const TermVector& a, const TermVector& b);

// The normalised sum of vectors: the direction of a group.
TermVector centroid(const std::vector<const TermVector*>& vectors);

struct Bm25Params {
  double k1 = 1.2;  // how fast repeated terms saturate
  double b = 0.75;  // how much long texts are discounted
};

// Term statistics of a set of documents.
class TermStats {
 public:
  explicit TermStats(std::vector<std::vector<std::string>> docs, Bm25Params params = {});

  int size() const { return static_cast<int>(docs_.size()); }
  const std::vector<std::string>& doc(int i) const { return docs_[i]; }
  int document_frequency(const std::string& term) const;
  // Every term of the documents with its document frequency (in no particular order).
  const std::unordered_map<std::string, int>& document_frequencies() const { return df_; }

  // Probabilistic idf that never goes negative: log(1 + (N - df + 0.5) / (df + 0.5)).
  double idf(const std::string& term) const;

  // Okapi BM25 of document i for the query; a term repeated in the query counts once.
  double bm25(const std::vector<std::string>& query, int i) const;

  // (1 + log tf) * idf for each term of `terms`, normalised. Terms unseen in the set get the
  // idf of a term found in no document.
  TermVector tfidf(const std::vector<std::string>& terms) const;

 private:
  std::vector<std::vector<std::string>> docs_;
  std::vector<std::unordered_map<std::string, int>> tf_;
  std::unordered_map<std::string, int> df_;
  double average_length_ = 0;
  Bm25Params params_;
};

}  // namespace lectio::text
