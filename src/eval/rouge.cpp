#include "lectio/eval/rouge.h"

#include <algorithm>
#include <map>
#include <string_view>
#include <vector>

namespace lectio::eval {

namespace {

using Tokens = std::vector<std::string>;

// The standard ROUGE script's tokenizer: lower-case, then every run of characters other than
// [a-z0-9] separates tokens (so non-ASCII letters separate too). No stemming.
Tokens tokenize(std::string_view text) {
  Tokens out;
  std::string current;
  for (const char raw : text) {
    char c = raw;
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
      current.push_back(c);
      continue;
    }
    if (!current.empty()) out.push_back(std::move(current));
    current.clear();
  }
  if (!current.empty()) out.push_back(std::move(current));
  return out;
}

// Summary sentences: one a line when the text has line breaks (how reference highlights and
// our candidates are written); otherwise split after '.', '!' or '?' followed by white space,
// which fits single-line references such as "Kite is 6 km long . Only half flew ."
std::vector<Tokens> summary_sentences(std::string_view text) {
  std::vector<std::string_view> pieces;
  const bool by_line = text.find('\n') != std::string_view::npos;
  std::size_t begin = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const bool line_end = by_line && c == '\n';
    const bool sentence_end = !by_line && (c == '.' || c == '!' || c == '?') &&
                              (i + 1 == text.size() || text[i + 1] == ' ' || text[i + 1] == '\t');
    if (!line_end && !sentence_end) continue;
    pieces.push_back(text.substr(begin, i + 1 - begin));
    begin = i + 1;
  }
  pieces.push_back(text.substr(begin));
  std::vector<Tokens> out;
  for (std::string_view piece : pieces) {
    Tokens tokens = tokenize(piece);
    if (!tokens.empty()) out.push_back(std::move(tokens));
  }
  return out;
}

double f1(double overlap, double candidate_total, double reference_total) {
  if (overlap <= 0 || candidate_total <= 0 || reference_total <= 0) return 0;
  const double precision = overlap / candidate_total;
  const double recall = overlap / reference_total;
  return 2 * precision * recall / (precision + recall);
}

std::map<std::string, int> ngram_counts(const Tokens& tokens, std::size_t n) {
  std::map<std::string, int> counts;
  for (std::size_t i = 0; i + n <= tokens.size(); ++i) {
    std::string key = tokens[i];
    for (std::size_t k = 1; k < n; ++k) key += ' ' + tokens[i + k];
    ++counts[key];
  }
  return counts;
}

// Clipped n-gram overlap: each reference n-gram matches at most as often as it occurs.
double rouge_n(const Tokens& candidate, const Tokens& reference, std::size_t n) {
  const auto cand = ngram_counts(candidate, n);
  const auto ref = ngram_counts(reference, n);
  int overlap = 0;
  int cand_total = 0;
  int ref_total = 0;
  for (const auto& [gram, count] : cand) {
    cand_total += count;
    const auto it = ref.find(gram);
    if (it != ref.end()) overlap += std::min(count, it->second);
  }
  for (const auto& entry : ref) ref_total += entry.second;
  return f1(overlap, cand_total, ref_total);
}

// Positions in `reference` covered by one longest common subsequence with `candidate`.
std::vector<std::size_t> lcs_positions(const Tokens& reference, const Tokens& candidate) {
  const std::size_t rows = reference.size();
  const std::size_t cols = candidate.size();
  std::vector<int> table((rows + 1) * (cols + 1), 0);
  auto at = [cols](std::size_t i, std::size_t j) { return i * (cols + 1) + j; };
  for (std::size_t i = 1; i <= rows; ++i) {
    for (std::size_t j = 1; j <= cols; ++j) {
      table[at(i, j)] = reference[i - 1] == candidate[j - 1]
                            ? table[at(i - 1, j - 1)] + 1
                            : std::max(table[at(i - 1, j)], table[at(i, j - 1)]);
    }
  }
  std::vector<std::size_t> positions;
  std::size_t i = rows;
  std::size_t j = cols;
  while (i > 0 && j > 0) {
    if (reference[i - 1] == candidate[j - 1]) {
      positions.push_back(i - 1);
      --i;
      --j;
    } else if (table[at(i - 1, j)] >= table[at(i, j - 1)]) {
      --i;
    } else {
      --j;
    }
  }
  return positions;
}

// Summary-level ROUGE-L (Lin 2004, section 3.2): for each reference sentence, the union of
// its LCS positions with every candidate sentence; hits are clipped by the token counts of
// both summaries so that one candidate word cannot be credited twice.
double rouge_lsum(const std::vector<Tokens>& candidate, const std::vector<Tokens>& reference) {
  std::map<std::string, int> cand_left;
  std::map<std::string, int> ref_left;
  double cand_total = 0;
  double ref_total = 0;
  for (const Tokens& s : candidate) {
    for (const std::string& t : s) ++cand_left[t];
    cand_total += static_cast<double>(s.size());
  }
  for (const Tokens& s : reference) {
    for (const std::string& t : s) ++ref_left[t];
    ref_total += static_cast<double>(s.size());
  }
  double hits = 0;
  for (const Tokens& ref_sentence : reference) {
    std::vector<bool> covered(ref_sentence.size(), false);
    for (const Tokens& cand_sentence : candidate) {
      for (std::size_t p : lcs_positions(ref_sentence, cand_sentence)) covered[p] = true;
    }
    for (std::size_t p = 0; p < ref_sentence.size(); ++p) {
      if (!covered[p]) continue;
      int& in_cand = cand_left[ref_sentence[p]];
      int& in_ref = ref_left[ref_sentence[p]];
      if (in_cand <= 0 || in_ref <= 0) continue;
      --in_cand;
      --in_ref;
      ++hits;
    }
  }
  return f1(hits, cand_total, ref_total);
}

}  // namespace

RougeScores rouge(const std::string& candidate, const std::string& reference) {
  const Tokens cand = tokenize(candidate);
  const Tokens ref = tokenize(reference);
  RougeScores scores;
  scores.rouge1 = rouge_n(cand, ref, 1);
  scores.rouge2 = rouge_n(cand, ref, 2);
  scores.rouge_l = rouge_lsum(summary_sentences(candidate), summary_sentences(reference));
  return scores;
}

}  // namespace lectio::eval
