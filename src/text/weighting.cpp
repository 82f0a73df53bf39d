#include "lectio/text/weighting.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <string_view>
#include <unordered_set>

namespace lectio::text {

double cosine(const TermVector& a, const TermVector& b) {
  double dot = 0;
  auto i = a.begin();
  auto j = b.begin();
  while (i != a.end() && j != b.end()) {
    if (i->first < j->first) {
      ++i;
    } else if (j->first < i->first) {
      ++j;
    } else {
      dot += i->second * j->second;
      ++i;
      ++j;
    }
  }
  return dot;
}

TermVector centroid(const std::vector<const TermVector*>& vectors) {
  std::map<std::string, double> sum;
  for (const TermVector* v : vectors) {
    for (const auto& [t, w] : *v) sum[t] += w;
  }
  double norm = 0;
  for (const auto& [t, w] : sum) norm += w * w;
  TermVector out;
  if (norm <= 0) return out;
  norm = std::sqrt(norm);
  out.reserve(sum.size());
  for (const auto& [t, w] : sum) out.emplace_back(t, w / norm);
  return out;
}

TermStats::TermStats(std::vector<std::vector<std::string>> docs, Bm25Params params)
    : docs_(std::move(docs)), params_(params) {
  tf_.resize(docs_.size());
  double total = 0;
  for (std::size_t i = 0; i < docs_.size(); ++i) {
    for (const std::string& t : docs_[i]) ++tf_[i][t];
    for (const auto& [term, count] : tf_[i]) ++df_[term];
    total += static_cast<double>(docs_[i].size());
  }
  average_length_ = docs_.empty() ? 0 : total / static_cast<double>(docs_.size());
}

int TermStats::document_frequency(const std::string& term) const {
  const auto it = df_.find(term);
  return it == df_.end() ? 0 : it->second;
}

double TermStats::idf(const std::string& term) const {
  const double n = static_cast<double>(docs_.size());
  const double df = document_frequency(term);
  return std::log(1.0 + (n - df + 0.5) / (df + 0.5));
}

double TermStats::bm25(const std::vector<std::string>& query, int i) const {
  const auto& tf = tf_[static_cast<std::size_t>(i)];
  const double length = static_cast<double>(docs_[static_cast<std::size_t>(i)].size());
  const double relative = average_length_ > 0 ? length / average_length_ : 1;
  const double norm = params_.k1 * (1 - params_.b + params_.b * relative);
  std::unordered_set<std::string_view> seen;
  double score = 0;
  for (const std::string& term : query) {
    if (!seen.insert(term).second) continue;
    const auto it = tf.find(term);
    if (it == tf.end()) continue;
    const double f = it->second;
    score += idf(term) * f * (params_.k1 + 1) / (f + norm);
  }
  return score;
}

TermVector TermStats::tfidf(const std::vector<std::string>& terms) const {
  std::unordered_map<std::string_view, int> counts;
  for (const std::string& t : terms) ++counts[t];
  TermVector out;
  out.reserve(counts.size());
  double norm = 0;
  for (const auto& [term, count] : counts) {
    const double w = (1 + std::log(static_cast<double>(count))) * idf(std::string(term));
    out.emplace_back(std::string(term), w);
    norm += w * w;
  }
  std::sort(out.begin(), out.end());
  if (norm <= 0) return {};
  norm = std::sqrt(norm);
  for (auto& entry : out) entry.second /= norm;
  return out;
}

}  // namespace lectio::text
