#include "facts.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <regex>

#include "lectio/text/sentences.h"
#include "lectio/text/stopwords.h"
#include "lectio/text/unicode.h"
#include "lectio/text/words.h"

namespace lectio::study {

namespace {

using lesson::FactKind;

constexpr std::array<std::string_view, 13> kNumberWords = {
    "zero",  "one",   "two",  "three", "four",   "five",  "six",
    "seven", "eight", "nine", "ten",   "eleven", "twelve"};

// Words before a number that make it a reference, not a figure worth learning.
constexpr std::array<std::string_view, 14> kReferenceWords = {
    "page",  "pages", "p",    "section", "chapter", "figure", "fig",
    "table", "step",  "line", "item",    "rfc",     "no",     "version"};

// Openings that point back to what came before: the sentence needs the lesson open.
constexpr std::array<std::string_view, 24> kBackReferences = {
    "this",  "that", "these", "those",   "it",   "its",      "they",    "them",
    "their", "he",   "she",   "such",    "then", "but",      "and",     "so",
    "also",  "thus", "hence", "however", "or",   "likewise", "instead", "here"};

bool contains(auto const& list, std::string_view word) {
  return std::find(list.begin(), list.end(), word) != list.end();
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool all_capitals(std::string_view w) {
  if (w.size() < 3) return false;
  return std::all_of(w.begin(), w.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
}

bool all_digits(std::string_view w) {
  if (w.empty()) return false;
  return std::all_of(w.begin(), w.end(), [](char c) {
    return std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == ',';
  });
}

bool is_year(std::string_view w) {
  if (w.size() != 4 || !all_digits(w)) return false;
  const int n = std::stoi(std::string(w));
  return n >= 1900 && n <= 2100;
}

// Letters only (Latin or CJK), at least three Latin letters or two CJK ones.
bool content_word(std::string_view w, std::string_view language) {
  if (text::is_stopword(lower(w), language)) return false;
  std::size_t i = 0;
  int letters = 0;
  int cjk = 0;
  while (i < w.size()) {
    const auto c = text::next_code_point(w, i);
    if (text::is_cjk_letter(c)) {
      ++cjk;
    } else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
      ++letters;
    } else if (c != '-') {
      return false;
    }
  }
  return letters >= 4 || cjk >= 2;
}

struct Word {
  std::string_view text;
  std::size_t begin;
  std::size_t end;
};

std::vector<Word> words_of(std::string_view s) {
  std::vector<Word> out;
  for (const auto& span : text::word_spans(s)) {
    out.push_back({s.substr(span.begin, span.end - span.begin), span.begin, span.end});
  }
  return out;
}

const std::regex& definition_pattern() {
  static const std::regex kPattern(
      R"(^((?:(?:A|An|The)\s+)?[A-Za-z][\w-]*(?:\s+[\w-]+){0,3})\s+(?:is|are)\s+((?:a|an|the)\s+.+?)\.?$)");
  return kPattern;
}

}  // namespace

std::string normalized(std::string_view text) {
  std::string out;
  bool space = false;
  std::size_t i = 0;
  while (i < text.size()) {
    const std::size_t at = i;
    const auto c = text::next_code_point(text, i);
    const bool alnum =
        c > 127 ? text::is_cjk_letter(c) || c >= 0xC0 : std::isalnum(static_cast<int>(c)) != 0;
    if (!alnum) {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    if (c < 128) {
      out += static_cast<char>(std::tolower(static_cast<int>(c)));
    } else {
      out.append(text.substr(at, i - at));
    }
  }
  return out;
}

bool stands_alone(std::string_view sentence, std::string_view language) {
  const int n = text::count_words(sentence);
  const bool chinese = language == "zh";
  if (chinese ? (n < 6 || n > 60) : (n < 6 || n > 40)) return false;
  if (sentence.find('?') != std::string_view::npos) return false;
  if (sentence.ends_with(':') || sentence.ends_with("：")) return false;
  static const std::regex kLayout(
      R"((^|\W)(page|figure|fig\.|table|see)\s+(\d|above|below)|\bas shown\b|\bthe following\b|\d+\s+of\s+\d+|\.{3}|\|)",
      std::regex::icase);
  if (std::regex_search(std::string(sentence), kLayout)) return false;
  const auto ws = words_of(sentence);
  if (ws.empty()) return false;
  if (!chinese && contains(kBackReferences, lower(ws.front().text))) return false;
  if (chinese) {
    for (std::string_view back : {"这", "那", "它", "他们", "此", "但"}) {
      if (sentence.starts_with(back)) return false;
    }
  }
  return true;
}

std::optional<Fact> definition_of(std::string_view sentence) {
  std::smatch m;
  const std::string s(sentence);
  if (!std::regex_match(s, m, definition_pattern())) return std::nullopt;
  const std::string subject = m[1].str();
  const auto first = lower(subject.substr(0, subject.find(' ')));
  if (contains(kBackReferences, first) || first == "there" || first == "what") return std::nullopt;
  Fact f;
  f.kind = FactKind::kDefinition;
  f.subject = subject;
  f.answer = m[2].str();
  f.begin = static_cast<std::size_t>(m.position(2));
  f.end = f.begin + f.answer.size();
  f.priority = 3;
  if (text::count_words(f.answer) < 4 || text::count_words(f.answer) > 25) return std::nullopt;
  return f;
}

SourceFacts::SourceFacts(const std::map<std::string, std::string>& chunk_texts,
                         std::string language)
    : language_(std::move(language)), chunk_count_(chunk_texts.size()) {
  for (const auto& [id, body] : chunk_texts) {
    normalized_ += normalized(body);
    normalized_ += '\n';
    const auto ws = words_of(body);
    std::set<std::string> seen;
    for (std::size_t i = 0; i < ws.size(); ++i) {
      const std::string_view w = ws[i].text;
      const std::string low = lower(w);
      seen.insert(low);
      if (all_capitals(w)) ++capitals_[std::string(w)];
      if (content_word(w, language_)) ++key_terms_[low];
      const bool number = (all_digits(w) && !is_year(w)) || contains(kNumberWords, low);
      if (number && i + 1 < ws.size() && content_word(ws[i + 1].text, language_)) {
        ++figures_[lower(ws[i + 1].text)][low];
      }
    }
    for (const auto& w : seen) ++document_frequency_[w];
    if (language_ == "en") {
      for (const auto& s : text::sentences(body, language_)) {
        if (auto d = definition_of(s)) ++definitions_[d->answer];
      }
    }
  }
}

double SourceFacts::idf(const std::string& word) const {
  const auto it = document_frequency_.find(word);
  const double df = it == document_frequency_.end() ? 0 : it->second;
  return std::log((1.0 + static_cast<double>(chunk_count_)) / (1.0 + df));
}

bool SourceFacts::sources_say(std::string_view text) const {
  const std::string n = normalized(text);
  return !n.empty() && normalized_.find(n) != std::string::npos;
}

std::vector<std::string> SourceFacts::others_like(const Fact& fact, std::string_view sentence,
                                                  std::size_t n) const {
  std::vector<std::pair<int, std::string>> pool;
  auto add_all = [&pool](const std::map<std::string, int>& counts) {
    for (const auto& [text, count] : counts) pool.emplace_back(count, text);
  };
  switch (fact.kind) {
    case FactKind::kFigure:
      if (auto it = figures_.find(fact.unit); it != figures_.end()) add_all(it->second);
      break;
    case FactKind::kDefinition:
      add_all(definitions_);
      break;
    case FactKind::kTerm:
    case FactKind::kCommand:
    case FactKind::kStep:
      add_all(all_capitals(fact.answer) ? capitals_ : key_terms_);
      break;
  }
  std::stable_sort(pool.begin(), pool.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  const std::string answer = normalized(fact.answer);
  const std::string in_sentence = " " + normalized(sentence) + " ";
  std::vector<std::string> out;
  std::set<std::string> taken = {answer};
  for (const auto& [count, text] : pool) {
    if (out.size() >= n) break;
    const std::string key = normalized(text);
    if (key.empty() || taken.contains(key)) continue;
    if (in_sentence.find(" " + key + " ") != std::string::npos) continue;
    if (fact.kind == FactKind::kTerm && !all_capitals(fact.answer) &&
        text::count_words(text) != text::count_words(fact.answer)) {
      continue;
    }
    taken.insert(key);
    out.push_back(text);
  }
  // A figure whose unit the sources give no other figure for: the neighbouring numbers.
  if (fact.kind == FactKind::kFigure && out.size() < n && all_digits(fact.answer) &&
      fact.answer.find_first_of(".,") == std::string::npos && fact.answer.size() < 9) {
    const long v = std::stol(fact.answer);
    for (long candidate : {v + 1, v * 2, v - 1, v + 2, v * 10, v / 2, v + 10}) {
      if (out.size() >= n) break;
      const std::string text = std::to_string(candidate);
      if (candidate < 0 || taken.contains(text)) continue;
      taken.insert(text);
      out.push_back(text);
    }
  }
  if (fact.kind == FactKind::kFigure && out.size() < n && contains(kNumberWords, answer)) {
    for (std::string_view w : kNumberWords) {
      if (out.size() >= n) break;
      if (w == "zero" || taken.contains(std::string(w))) continue;
      taken.insert(std::string(w));
      out.emplace_back(w);
    }
  }
  return out;
}

std::vector<Fact> facts_of(std::string_view sentence, const SourceFacts& sources,
                           const std::map<std::string, int>& lesson_words,
                           const std::set<std::string>& insight_words) {
  std::vector<Fact> out;
  const auto ws = words_of(sentence);
  const std::string& language = sources.language();
  for (std::size_t i = 0; i < ws.size(); ++i) {
    const Word& w = ws[i];
    const std::string low = lower(w.text);
    if (all_capitals(w.text) && i > 0) {
      out.push_back({FactKind::kTerm, std::string(w.text), w.begin, w.end, "", "", 4});
      continue;
    }
    const bool digits = all_digits(w.text) && !is_year(w.text);
    const bool number = digits || contains(kNumberWords, low);
    const bool reference = i > 0 && contains(kReferenceWords, lower(ws[i - 1].text));
    if (number && !reference && i + 1 < ws.size() && content_word(ws[i + 1].text, language)) {
      out.push_back({FactKind::kFigure, std::string(w.text), w.begin, w.end, lower(ws[i + 1].text),
                     "", digits ? 3 : 2});
      continue;
    }
    const auto used = lesson_words.find(low);
    if (i > 0 && content_word(w.text, language) && !insight_words.contains(low) &&
        used != lesson_words.end() && used->second >= 2 && sources.idf(low) > 0.5) {
      out.push_back({FactKind::kTerm, std::string(w.text), w.begin, w.end, "", "", 1});
    }
  }
  if (language == "en") {
    if (auto d = definition_of(sentence)) out.push_back(*d);
  }
  // Key terms by how much they matter: used often in the lesson, rare in the sources.
  auto weight = [&](const Fact& f) {
    if (f.priority != 1) return static_cast<double>(f.priority) * 100;
    const std::string low = lower(f.answer);
    return lesson_words.at(low) * sources.idf(low);
  };
  std::stable_sort(out.begin(), out.end(),
                   [&](const Fact& a, const Fact& b) { return weight(a) > weight(b); });
  return out;
}

}  // namespace lectio::study
