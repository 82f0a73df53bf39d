#pragma once
// Term features shared by sentence selection and the lesson composer: words, content terms
// (stopwords out, stems in), and BM25 / TF-IDF scoring over a small set of texts such as the
// sentences of one article or the chunks retrieved for a lesson. Private to the compose
// module; ICU and Xapian stay in the .cpp.
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace lectio::compose {

// Lower-cased words of `text` by ICU word boundaries (letters, digits, ideographs; no
// punctuation or spaces), in order, nothing removed. Curly apostrophes become ASCII ones.
std::vector<std::string> words(std::string_view text, const std::string& language);

// Content terms: words() without stopwords and with each word of Latin letters reduced to
// its Snowball English stem; Chinese words stay whole. Compare texts only through these.
std::vector<std::string> terms(std::string_view text, const std::string& language);

// True for a lower-cased function word ("the", "of"; for "zh" also "的", "了").
bool is_stopword(std::string_view word, const std::string& language);

// A sparse term-weight vector, sorted by term, L2-normalised (or empty).
using TermVector = std::vector<std::pair<std::string, double>>;

// Dot product of two normalised vectors: their cosine similarity, 0..1.
double cosine(const TermVector& a, const TermVector& b);

struct Bm25Params {
  double k1 = 1.2;  // how fast repeated terms saturate
  double b = 0.75;  // how much long texts are discounted
};

// Term statistics of a set of texts ("documents"), each given as its terms().
class TermStats {
 public:
  explicit TermStats(std::vector<std::vector<std::string>> docs, Bm25Params params = {});

  int size() const { return static_cast<int>(docs_.size()); }
  const std::vector<std::string>& doc(int i) const { return docs_[i]; }
  int document_frequency(const std::string& term) const;

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

}  // namespace lectio::compose
