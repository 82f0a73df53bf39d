#include "terms.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <unordered_set>

namespace lectio::plan {

namespace {

bool is_stopword(const std::string& w) {
  static const std::unordered_set<std::string> kStop = {
      "a",     "about",   "above",  "after",  "again", "all",    "also",    "am",      "an",
      "and",   "any",     "are",    "as",     "at",    "be",     "because", "been",    "before",
      "being", "between", "both",   "but",    "by",    "can",    "could",   "did",     "do",
      "does",  "doing",   "down",   "during", "each",  "even",   "every",   "few",     "for",
      "from",  "further", "had",    "has",    "have",  "having", "he",      "her",     "here",
      "hers",  "him",     "his",    "how",    "i",     "if",     "in",      "into",    "is",
      "it",    "its",     "itself", "just",   "less",  "like",   "made",    "make",    "makes",
      "many",  "may",     "me",     "might",  "more",  "most",   "much",    "must",    "my",
      "no",    "nor",     "not",    "now",    "of",    "off",    "often",   "on",      "once",
      "one",   "only",    "or",     "other",  "our",   "out",    "over",    "own",     "same",
      "she",   "should",  "so",     "some",   "such",  "than",   "that",    "the",     "their",
      "them",  "then",    "there",  "these",  "they",  "this",   "those",   "through", "to",
      "too",   "two",     "under",  "until",  "up",    "us",     "use",     "used",    "uses",
      "using", "very",    "was",    "way",    "we",    "well",   "were",    "what",    "when",
      "where", "which",   "while",  "who",    "whom",  "why",    "will",    "with",    "would",
      "you",   "your"};
  return kStop.count(w) > 0;
}

// Folds the common English plural endings so that "caches" and "cache" meet.
std::string fold_plural(std::string w) {
  const auto ends = [&](std::string_view s) {
    return w.size() > s.size() && w.compare(w.size() - s.size(), s.size(), s) == 0;
  };
  if (w.size() > 4 && ends("ies")) return w.substr(0, w.size() - 3) + "y";
  if (w.size() > 3 && ends("s") && !ends("ss") && !ends("us") && !ends("is")) {
    return w.substr(0, w.size() - 1);
  }
  return w;
}

// Decodes one UTF-8 code point at s[i], advancing i; malformed bytes decode as themselves.
char32_t next_code_point(std::string_view s, std::size_t& i) {
  const auto b = static_cast<unsigned char>(s[i]);
  int len = b < 0x80 ? 1 : (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xE ? 3 : (b >> 3) == 0x1E ? 4 : 1;
  if (i + len > s.size()) len = 1;
  char32_t cp = len == 1 ? b : b & (0xFF >> (len + 1));
  for (int k = 1; k < len; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
  i += static_cast<std::size_t>(len);
  return cp;
}

bool is_han(char32_t cp) {
  return (cp >= 0x4E00 && cp <= 0x9FFF) || (cp >= 0x3400 && cp <= 0x4DBF) ||
         (cp >= 0x20000 && cp <= 0x2A6DF) || (cp >= 0xF900 && cp <= 0xFAFF);
}

bool is_word_char(char32_t cp) {
  if (cp < 0x80) return std::isalnum(static_cast<int>(cp)) != 0;
  return cp >= 0xC0 && cp < 0x2000;  // accented Latin, Greek, Cyrillic and the like
}

}  // namespace

std::vector<std::string> content_terms(std::string_view text) {
  std::vector<std::string> out;
  std::string word;
  bool has_letter = false;
  std::string prev_han;  // the previous Han character, for bigrams
  const auto flush_word = [&] {
    if (word.size() >= 2 && has_letter && !is_stopword(word)) out.push_back(fold_plural(word));
    word.clear();
    has_letter = false;
  };
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t start = i;
    const char32_t cp = next_code_point(text, i);
    if (is_han(cp)) {
      flush_word();
      const std::string han(text.substr(start, i - start));
      if (!prev_han.empty()) out.push_back(prev_han + han);
      prev_han = han;
      continue;
    }
    prev_han.clear();
    if (!is_word_char(cp)) {
      flush_word();
      continue;
    }
    if (cp < 0x80) {
      const char c = static_cast<char>(std::tolower(static_cast<int>(cp)));
      has_letter = has_letter || std::isalpha(static_cast<unsigned char>(c));
      word.push_back(c);
      continue;
    }
    has_letter = true;
    word.append(text.substr(start, i - start));
  }
  flush_word();
  return out;
}

double cosine(const TermVector& a, const TermVector& b) {
  double dot = 0;
  for (std::size_t i = 0, j = 0; i < a.size() && j < b.size();) {
    if (a[i].first < b[j].first) {
      ++i;
    } else if (b[j].first < a[i].first) {
      ++j;
    } else {
      dot += a[i++].second * b[j++].second;
    }
  }
  return dot;
}

namespace {

TermVector normalised(std::map<std::string, double>& weights) {
  double norm = 0;
  for (const auto& [t, w] : weights) norm += w * w;
  TermVector out;
  if (norm <= 0) return out;
  norm = std::sqrt(norm);
  out.reserve(weights.size());
  for (const auto& [t, w] : weights) out.emplace_back(t, w / norm);
  return out;
}

}  // namespace

TermVector centroid(const std::vector<const TermVector*>& vectors) {
  std::map<std::string, double> sum;
  for (const TermVector* v : vectors) {
    for (const auto& [t, w] : *v) sum[t] += w;
  }
  return normalised(sum);
}

TermWeights::TermWeights(const std::vector<std::vector<std::string>>& docs)
    : docs_(static_cast<int>(docs.size())) {
  for (const auto& doc : docs) {
    std::vector<std::string> unique = doc;
    std::sort(unique.begin(), unique.end());
    unique.erase(std::unique(unique.begin(), unique.end()), unique.end());
    for (const std::string& t : unique) ++df_[t];
  }
}

double TermWeights::idf(const std::string& term) const {
  const auto it = df_.find(term);
  const double df = it == df_.end() ? 0.0 : it->second;
  return std::log(1.0 + (docs_ - df + 0.5) / (df + 0.5));
}

TermVector TermWeights::vector(const std::vector<std::string>& terms) const {
  std::map<std::string, int> tf;
  for (const std::string& t : terms) ++tf[t];
  std::map<std::string, double> weights;
  for (const auto& [t, n] : tf) weights[t] = (1.0 + std::log(static_cast<double>(n))) * idf(t);
  return normalised(weights);
}

}  // namespace lectio::plan
