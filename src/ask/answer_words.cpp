#include "lectio/ask/answer_words.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>
#include <regex>
#include <utility>

#include "lectio/text/terms.h"
#include "lectio/text/words.h"

namespace lectio::ask {

namespace {

// ASCII words of `s` as written (letters and digits).
std::vector<std::string> written_words(std::string_view s) {
  std::vector<std::string> out;
  std::string w;
  for (char c : s) {
    if (std::isalnum(static_cast<unsigned char>(c))) {
      w.push_back(c);
    } else if (!w.empty()) {
      out.push_back(std::exchange(w, {}));
    }
  }
  if (!w.empty()) out.push_back(w);
  return out;
}

std::string lower_case(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

// True when `a` and `b` are one edit apart: a letter added or dropped, changed, or two
// neighbours swapped (Damerau's four kinds of typing error).
bool one_edit_apart(std::string_view a, std::string_view b) {
  if (a.size() > b.size()) std::swap(a, b);
  if (b.size() - a.size() > 1 || a == b) return false;
  std::size_t i = 0;
  while (i < a.size() && a[i] == b[i]) ++i;
  if (a.size() < b.size()) return a.substr(i) == b.substr(i + 1);  // b has one letter more
  if (a.substr(i + 1) == b.substr(i + 1)) return true;             // one letter changed
  return i + 1 < a.size() && a[i] == b[i + 1] && a[i + 1] == b[i] &&
         a.substr(i + 2) == b.substr(i + 2);  // two swapped
}

bool all_letters(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isalpha(c) != 0; });
}

}  // namespace

std::vector<std::string> respelt(const std::vector<std::string>& terms,
                                 const text::TermStats& stats, const text::WordNet& wordnet) {
  constexpr std::size_t kMinLetters = 4;  // "cat" / "car" are words, not typos
  std::vector<std::string> out = terms;
  for (std::string& t : out) {
    if (t.size() < kMinLetters || !all_letters(t) || stats.document_frequency(t) > 0 ||
        wordnet.knows(t)) {
      continue;
    }
    // The commonest term one edit away; of equally common ones, the first in spelling order.
    const std::string* best = nullptr;
    int best_df = 0;
    for (const auto& [v, df] : stats.document_frequencies()) {
      if (v.size() + 1 < kMinLetters || !one_edit_apart(t, v) || !all_letters(v)) continue;
      if (best == nullptr || df > best_df || (df == best_df && v < *best)) {
        best = &v;
        best_df = df;
      }
    }
    if (best != nullptr) t = *best;
  }
  return out;
}

AnswerType answer_type(std::string_view question, const std::string& language) {
  std::string q(question);
  if (language == "zh") {
    if (q.find("多少") != std::string::npos || q.find("几") != std::string::npos) {
      return AnswerType::kNumber;
    }
    if (q.find("什么时候") != std::string::npos || q.find("哪一年") != std::string::npos ||
        q.find("何时") != std::string::npos || q.find("哪年") != std::string::npos) {
      return AnswerType::kDate;
    }
    return AnswerType::kAny;
  }
  std::transform(q.begin(), q.end(), q.begin(), [](unsigned char c) { return std::tolower(c); });
  static const std::regex kNumber(
      R"(\bhow (many|much|long|old|far|big|large|tall|high)\b|\bwhat (percentage|number|amount|share)\b)");
  static const std::regex kDate(
      R"(\bwhen\b|\b(what|which) (year|date|month|day|century|decade|season)\b)");
  static const std::regex kName(R"(\bwho(m|se)?\b|\bwhere\b)");
  if (std::regex_search(q, kNumber)) return AnswerType::kNumber;
  if (std::regex_search(q, kDate)) return AnswerType::kDate;
  if (std::regex_search(q, kName)) return AnswerType::kName;
  return AnswerType::kAny;
}

std::vector<std::string> type_head_terms(std::string_view question, const std::string& language) {
  if (language != "en") return {};
  const std::vector<std::string> ws = written_words(question);
  for (std::size_t i = 0; i < ws.size(); ++i) {
    const std::string wh = lower_case(ws[i]);
    if (wh != "what" && wh != "which") continue;
    // Names and numbers may stand between ("Which NFL team", "What two Denver players"); the
    // first other word is the head, unless it is a stop word ("What was ...", "Which of ...").
    for (std::size_t j = i + 1; j < ws.size() && j <= i + 3; ++j) {
      const std::string w = lower_case(ws[j]);
      const bool skip = std::isupper(static_cast<unsigned char>(ws[j][0])) ||
                        std::isdigit(static_cast<unsigned char>(ws[j][0])) ||
                        text::is_number_word(w);
      if (skip) continue;
      return text::terms(w, language);  // a stop word has no terms
    }
    return {};
  }
  return {};
}

bool holds_type(std::string_view sentence, AnswerType type, std::string_view question,
                const std::string& language) {
  if (type == AnswerType::kAny) return true;
  if (language == "zh") {  // only numbers and dates are typed: any digit will do
    return std::any_of(sentence.begin(), sentence.end(),
                       [](char c) { return c >= '0' && c <= '9'; });
  }
  std::set<std::string> asked;
  for (std::string& w : written_words(question)) {
    std::transform(w.begin(), w.end(), w.begin(), [](unsigned char c) { return std::tolower(c); });
    asked.insert(std::move(w));
  }
  static const std::set<std::string> kMonths = {"january",   "february", "march",    "april",
                                                "may",       "june",     "july",     "august",
                                                "september", "october",  "november", "december"};
  const std::vector<std::string> ws = written_words(sentence);
  for (std::size_t i = 0; i < ws.size(); ++i) {
    const std::string& w = ws[i];
    std::string lower = w;
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return std::tolower(c); });
    if (asked.contains(lower)) continue;
    const bool digit = std::isdigit(static_cast<unsigned char>(w[0]));
    switch (type) {
      case AnswerType::kNumber:
        if (digit || text::is_number_word(lower)) return true;
        break;
      case AnswerType::kDate:
        if ((digit && w.size() == 4) || kMonths.contains(lower)) return true;
        break;
      case AnswerType::kName:
        if (i > 0 && std::isupper(static_cast<unsigned char>(w[0]))) return true;
        break;
      case AnswerType::kAny:
        return true;
    }
  }
  return false;
}

// Share of the question's adjacent term pairs (idf-weighted) that are adjacent in `doc`:
// a phrase of the question, not only its words.
double pair_share(const TermWeights& weight, const std::vector<std::string>& doc) {
  if (weight.size() < 2) return 0;
  std::set<std::pair<std::string, std::string>> adjacent;
  for (std::size_t i = 0; i + 1 < doc.size(); ++i) adjacent.emplace(doc[i], doc[i + 1]);
  double all = 0;
  double found = 0;
  for (std::size_t j = 0; j + 1 < weight.size(); ++j) {
    const double w = weight[j].second + weight[j + 1].second;
    all += w;
    if (adjacent.contains({weight[j].first, weight[j + 1].first}) ||
        adjacent.contains({weight[j + 1].first, weight[j].first})) {
      found += w;
    }
  }
  return all > 0 ? found / all : 0;
}

// Longest run of the question's terms, in the question's order, that `doc` holds in a row.
int longest_run(const TermWeights& weight, const std::vector<std::string>& doc) {
  int best = 0;
  for (std::size_t p = 0; p < doc.size(); ++p) {
    for (std::size_t j = 0; j < weight.size(); ++j) {
      int n = 0;
      while (p + n < doc.size() && j + n < weight.size() && doc[p + n] == weight[j + n].first) ++n;
      best = std::max(best, n);
    }
  }
  return best;
}

// Distinct question terms `doc` holds over the length of the smallest stretch of it that
// holds them all: 1 when they stand together, small when scattered.
double density(const std::set<std::string>& asked, const std::vector<std::string>& doc) {
  std::set<std::string> present;
  for (const std::string& t : doc) {
    if (asked.contains(t)) present.insert(t);
  }
  if (present.size() < 2) return present.empty() ? 0 : 1;
  std::map<std::string, int> in_window;
  std::size_t best = doc.size();
  std::size_t left = 0;
  std::size_t covered = 0;
  for (std::size_t right = 0; right < doc.size(); ++right) {
    if (present.contains(doc[right]) && in_window[doc[right]]++ == 0) ++covered;
    while (covered == present.size()) {
      best = std::min(best, right - left + 1);
      if (present.contains(doc[left]) && --in_window[doc[left]] == 0) --covered;
      ++left;
    }
  }
  return static_cast<double>(present.size()) / static_cast<double>(best);
}

Wh wh_of(const Question& q) {
  if (q.type == AnswerType::kNumber) return Wh::kHowMany;
  if (q.type == AnswerType::kDate) return Wh::kWhen;
  std::string lower = q.text;
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  static const std::regex kWho(R"(\bwho(m|se)?\b)");
  static const std::regex kWhere(R"(\bwhere\b)");
  static const std::regex kWhat(R"(\b(what|which)\b)");
  if (std::regex_search(lower, kWho)) return Wh::kWho;
  if (std::regex_search(lower, kWhere)) return Wh::kWhere;
  if (std::regex_search(lower, kWhat)) return Wh::kWhat;
  return Wh::kOther;
}

WordView word_view(const Question& q, Wh wh, const std::set<std::string>& asked_terms,
                   std::string_view sentence) {
  std::set<std::string> asked_lower;
  std::set<std::string> names;
  const std::vector<std::string> qw = written_words(q.text);
  for (std::size_t i = 0; i < qw.size(); ++i) {
    if (i > 0 && std::isupper(static_cast<unsigned char>(qw[i][0]))) names.insert(qw[i]);
    asked_lower.insert(lower_case(qw[i]));
  }
  WordView v;
  const std::vector<std::string> ws = written_words(sentence);
  std::vector<int> matched;
  std::vector<int> typed;
  int names_found = 0;
  std::set<std::string> seen_names;
  for (std::size_t i = 0; i < ws.size(); ++i) {
    const std::string& w = ws[i];
    if (names.contains(w) && seen_names.insert(w).second) ++names_found;
    const std::string lower = lower_case(w);
    if (asked_lower.contains(lower)) {
      matched.push_back(static_cast<int>(i));
      continue;
    }
    const std::vector<std::string> stem = text::terms(w, q.language);
    if (!stem.empty() && asked_terms.contains(stem.front())) {
      matched.push_back(static_cast<int>(i));
      continue;
    }
    const bool digit = std::isdigit(static_cast<unsigned char>(w[0]));
    const bool name = i > 0 && std::isupper(static_cast<unsigned char>(w[0]));
    const bool number = digit || text::is_number_word(lower);
    const bool year = digit && w.size() == 4 && (w[0] == '1' || w[0] == '2');
    v.name = v.name || name;
    v.number = v.number || number;
    v.year = v.year || year;
    const bool of_type = (wh == Wh::kWho || wh == Wh::kWhere || wh == Wh::kWhat) ? name
                         : wh == Wh::kWhen                                       ? year
                         : wh == Wh::kHowMany                                    ? number
                                                                                 : false;
    if (of_type) typed.push_back(static_cast<int>(i));
  }
  int best = -1;
  for (int t : typed) {
    for (int m : matched) {
      const int d = std::abs(t - m) - 1;
      if (best < 0 || d < best) best = d;
    }
  }
  v.near = best < 0 ? 0 : 1.0 / (1.0 + best);
  v.exact_names = names.empty() ? 0 : static_cast<double>(names_found) / names.size();
  return v;
}

}  // namespace lectio::ask
