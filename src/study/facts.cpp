#include "facts.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <regex>

#include "lectio/text/sentences.h"
#include "lectio/text/stopwords.h"
#include "lectio/text/strings.h"
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
  if (text::is_stopword(text::ascii_lower(w), language)) return false;
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

// Whether the word at `begin` opens a sentence or a clause (its capital tells nothing).
bool opens_sentence(std::string_view text, std::size_t begin) {
  std::size_t i = begin;
  while (i > 0 && (text[i - 1] == ' ' || text[i - 1] == '\t')) --i;
  if (i == 0) return true;
  const char c = text[i - 1];
  if (std::string_view(".!?:;\"'(\n").find(c) != std::string_view::npos) return true;
  // A closing or opening curly quote (U+201C, U+201D, U+2018, U+2019 end in 0x9C..0x99).
  return static_cast<unsigned char>(c) >= 0x98 && static_cast<unsigned char>(c) <= 0x9D && i >= 3 &&
         static_cast<unsigned char>(text[i - 3]) == 0xE2;
}

// A name written with capitals inside a word or a sentence: "PyTorch", "cuDNN", "Google".
bool is_name(std::string_view w) {
  if (w.size() < 3 || all_capitals(w)) return false;
  bool upper = false;
  for (char c : w) {
    if (!std::isalnum(static_cast<unsigned char>(c))) return false;
    upper = upper || (c >= 'A' && c <= 'Z');
  }
  return upper;
}

// A hyphenated command of a family: "git-commit" -> {"git", "commit"}.
std::optional<std::pair<std::string, std::string>> command_parts(std::string_view w) {
  if (w.find('-') == std::string_view::npos) return std::nullopt;
  static const std::regex kCommand(R"(^([a-z][a-z0-9]+)-([a-z][a-z0-9-]+)$)");
  std::cmatch m;
  if (!std::regex_match(w.begin(), w.end(), m, kCommand)) return std::nullopt;
  return std::make_pair(m[1].str(), m[2].str());
}

struct Word {
  std::string_view text;
  std::size_t begin;
  std::size_t end;
};

// Words by ICU's boundaries, with hyphenated runs ("git-format-patch") kept as one word.
std::vector<Word> words_of(std::string_view s) {
  std::vector<Word> out;
  for (const auto& span : text::word_spans(s)) {
    if (!out.empty() && span.begin == out.back().end + 1 && s[out.back().end] == '-' &&
        span.begin < s.size()) {
      Word& last = out.back();
      last.end = span.end;
      last.text = s.substr(last.begin, last.end - last.begin);
      continue;
    }
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
  // A heading glued to the sentence ("RELICENSING Massive ...", "PS0The value ...").
  static const std::regex kGlued(R"(^[A-Z]{4,}[;:,]?\s|\b[A-Z]{1,4}[0-9][A-Z][a-z])");
  if (std::regex_search(std::string(sentence), kGlued)) return false;
  if (!chinese && contains(kBackReferences, text::ascii_lower(ws.front().text))) return false;
  if (chinese) {
    for (std::string_view back : {"这", "那", "它", "他们", "此", "但"}) {
      if (sentence.starts_with(back)) return false;
    }
  }
  return true;
}

std::optional<Fact> definition_of(std::string_view sentence) {
  // The regular expression is slow: most sentences state no "X is a Y" at all.
  if (sentence.find(" is ") == std::string_view::npos &&
      sentence.find(" are ") == std::string_view::npos) {
    return std::nullopt;
  }
  std::smatch m;
  const std::string s(sentence);
  if (!std::regex_match(s, m, definition_pattern())) return std::nullopt;
  const std::string subject = m[1].str();
  const auto first = text::ascii_lower(subject.substr(0, subject.find(' ')));
  if (contains(kBackReferences, first) || first == "there" || first == "what") return std::nullopt;
  // The subject is a term: its words (after an article) are content words, lower-case after
  // the first unless a name, and no more than three.
  const auto ws = words_of(subject);
  const bool article = first == "a" || first == "an" || first == "the";
  const std::size_t from = article ? 1 : 0;
  if (ws.size() - from > 3 || ws.size() == from) return std::nullopt;
  for (std::size_t i = from; i < ws.size(); ++i) {
    const std::string low = text::ascii_lower(ws[i].text);
    if (text::is_stopword(low, "en") || contains(kBackReferences, low)) return std::nullopt;
    const bool capital = ws[i].text[0] >= 'A' && ws[i].text[0] <= 'Z';
    if (capital && i > 0 && !is_name(ws[i].text) && !all_capitals(ws[i].text)) return std::nullopt;
    if (i == 0 && capital && ws[i].text.size() > 1 && ws[i].text[1] >= 'A' &&
        ws[i].text[1] <= 'Z' && !all_capitals(ws[i].text)) {
      return std::nullopt;  // "AThe": a layout fragment
    }
  }
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
    : language_(std::move(language)), chunk_count_(chunk_texts.size()), chunk_texts_(&chunk_texts) {
  for (const auto& [id, body] : chunk_texts) {
    normalized_ += normalized(body);
    normalized_ += '\n';
    const auto ws = words_of(body);
    std::set<std::string> seen;
    for (std::size_t i = 0; i < ws.size(); ++i) {
      const std::string_view w = ws[i].text;
      const std::string low = text::ascii_lower(w);
      seen.insert(low);
      if (all_capitals(w) && !text::is_stopword(low, language_)) ++capitals_[std::string(w)];
      if (is_name(w) && !opens_sentence(body, ws[i].begin) && !text::is_stopword(low, language_)) {
        ++names_[std::string(w)];
      }
      if (content_word(w, language_)) ++key_terms_[low];
      if (auto parts = command_parts(w)) ++commands_[parts->first][parts->second];
      const bool number = (all_digits(w) && !is_year(w)) || contains(kNumberWords, low);
      if (number && i + 1 < ws.size() && content_word(ws[i + 1].text, language_)) {
        ++figures_[text::ascii_lower(ws[i + 1].text)][low];
      }
    }
    for (const auto& w : seen) ++document_frequency_[w];
  }
}

const std::map<std::string, int>& SourceFacts::command_family(const std::string& prefix) const {
  static const std::map<std::string, int> kNone;
  const auto it = commands_.find(prefix);
  return it == commands_.end() || it->second.size() < 3 ? kNone : it->second;
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

std::vector<std::pair<int, std::string>> SourceFacts::options_of_kind(const Fact& fact) const {
  std::vector<std::pair<int, std::string>> pool;
  auto add_all = [&pool](const std::map<std::string, int>& counts) {
    for (const auto& [text, count] : counts) pool.emplace_back(count, text);
  };
  switch (fact.kind) {
    case FactKind::kFigure:
      if (auto it = figures_.find(fact.unit); it != figures_.end()) add_all(it->second);
      break;
    case FactKind::kDefinition:
      if (!definitions_) {
        definitions_.emplace();
        for (const auto& [id, body] : *chunk_texts_) {
          if (language_ != "en") break;
          for (const auto& s : text::sentences(body, language_)) {
            if (auto d = definition_of(s)) ++(*definitions_)[d->answer];
          }
        }
      }
      add_all(*definitions_);
      break;
    case FactKind::kCommand:
      for (const auto& [member, count] : command_family(fact.unit)) {
        pool.emplace_back(
            count, fact.unit + (fact.answer.find('-') != std::string::npos ? "-" : " ") + member);
      }
      break;
    case FactKind::kTerm:
    case FactKind::kStep:
      add_all(all_capitals(fact.answer) ? capitals_ : is_name(fact.answer) ? names_ : key_terms_);
      break;
  }
  return pool;
}

namespace {

// A figure's wrong options when the sources give too few of its unit: the neighbouring
// numbers, then other number words; none in `taken`, `out` filled up to `n`.
void add_nearby_figures(const Fact& fact, std::size_t n, std::set<std::string>& taken,
                        std::vector<std::string>& out) {
  if (all_digits(fact.answer) && fact.answer.find_first_of(".,") == std::string::npos &&
      fact.answer.size() < 9) {
    const long v = std::stol(fact.answer);
    for (long candidate : {v + 1, v * 2, v - 1, v + 2, v * 10, v / 2, v + 10}) {
      if (out.size() >= n) break;
      const std::string text = std::to_string(candidate);
      if (candidate < 0 || taken.contains(text)) continue;
      taken.insert(text);
      out.push_back(text);
    }
  }
  if (out.size() < n && contains(kNumberWords, normalized(fact.answer))) {
    for (std::string_view w : kNumberWords) {
      if (out.size() >= n) break;
      if (w == "zero" || taken.contains(std::string(w))) continue;
      taken.insert(std::string(w));
      out.emplace_back(w);
    }
  }
}

}  // namespace

std::vector<std::string> SourceFacts::others_like(const Fact& fact, std::string_view sentence,
                                                  std::size_t n) const {
  std::vector<std::pair<int, std::string>> pool = options_of_kind(fact);
  // Most like the answer first: sharing its first three letters (SIGHUP, SIGINT), then found in
  // the cited chunk, then by how often the sources use them.
  const std::string chunk = " " + normalized(fact.chunk_text) + " ";
  auto likeness = [&](const std::pair<int, std::string>& p) {
    const bool prefix = fact.answer.size() >= 4 && p.second.size() >= 4 &&
                        p.second.compare(0, 3, fact.answer, 0, 3) == 0;
    const bool near = chunk.find(" " + normalized(p.second) + " ") != std::string::npos;
    return (prefix ? 1000000 : 0) + (near ? 100000 : 0) + p.first;
  };
  std::stable_sort(pool.begin(), pool.end(),
                   [&](const auto& a, const auto& b) { return likeness(a) > likeness(b); });
  const std::string in_sentence = " " + normalized(sentence) + " ";
  std::vector<std::string> out;
  std::set<std::string> taken = {normalized(fact.answer)};
  for (const auto& [count, text] : pool) {
    if (out.size() >= n) break;
    const std::string key = normalized(text);
    if (key.empty() || taken.contains(key)) continue;
    if (in_sentence.find(" " + key + " ") != std::string::npos) continue;
    if (fact.kind == FactKind::kFigure &&
        (all_digits(text) != all_digits(fact.answer) ||
         (all_digits(text) && text.find_first_not_of("0123456789.,") != std::string::npos))) {
      continue;
    }
    if (fact.kind == FactKind::kTerm && !all_capitals(fact.answer) &&
        text::count_words(text) != text::count_words(fact.answer)) {
      continue;
    }
    taken.insert(key);
    out.push_back(text);
  }
  if (fact.kind == FactKind::kFigure && out.size() < n) add_nearby_figures(fact, n, taken, out);
  return out;
}

std::vector<Fact> facts_of(std::string_view sentence, const SourceFacts& sources,
                           const std::map<std::string, int>& lesson_words,
                           const std::set<std::string>& insight_words) {
  std::vector<Fact> out;
  const auto ws = words_of(sentence);
  const std::string& language = sources.language();
  const bool english = language != "zh";
  for (std::size_t i = 0; i < ws.size(); ++i) {
    const Word& w = ws[i];
    const std::string low = text::ascii_lower(w.text);
    const char before = w.begin > 0 ? sentence[w.begin - 1] : ' ';
    if (before == '(' || before == '-' || before == '$' || before == '.') continue;
    if (i > 0 && all_capitals(w.text) && !text::is_stopword(low, language)) {
      out.push_back({FactKind::kTerm, std::string(w.text), w.begin, w.end, "", "", 4, ""});
      continue;
    }
    if (auto parts = command_parts(w.text);
        parts && !sources.command_family(parts->first).empty()) {
      out.push_back(
          {FactKind::kCommand, std::string(w.text), w.begin, w.end, parts->first, "", 4, ""});
      continue;
    }
    // "git commit": a family's name and a member, written apart.
    if (i + 1 < ws.size() && !sources.command_family(low).empty() &&
        sources.command_family(low).contains(text::ascii_lower(ws[i + 1].text))) {
      const Word& next = ws[i + 1];
      out.push_back({FactKind::kCommand, std::string(sentence.substr(w.begin, next.end - w.begin)),
                     w.begin, next.end, low, "", 4, ""});
      ++i;
      continue;
    }
    const bool digits = all_digits(w.text) && !is_year(w.text);
    const bool number = digits || (contains(kNumberWords, low) && low != "one");
    const bool reference = i > 0 && contains(kReferenceWords, text::ascii_lower(ws[i - 1].text));
    if (number && !reference && i + 1 < ws.size() && content_word(ws[i + 1].text, language)) {
      out.push_back({FactKind::kFigure, std::string(w.text), w.begin, w.end,
                     text::ascii_lower(ws[i + 1].text), "", digits ? 3 : 2, ""});
      continue;
    }
    if (i > 0 && english && is_name(w.text) && !opens_sentence(sentence, w.begin) &&
        !text::is_stopword(low, language)) {
      out.push_back({FactKind::kTerm, std::string(w.text), w.begin, w.end, "", "", 3, ""});
      continue;
    }
    // Plain words make cards only in Chinese, where terms carry no capitals.
    const auto used = lesson_words.find(low);
    if (!english && i > 0 && content_word(w.text, language) && !insight_words.contains(low) &&
        used != lesson_words.end() && used->second >= 2 && sources.idf(low) > 0.5) {
      out.push_back({FactKind::kTerm, std::string(w.text), w.begin, w.end, "", "", 1, ""});
    }
  }
  // An answer the sentence repeats elsewhere gives itself away.
  std::erase_if(out, [&](const Fact& f) {
    const std::size_t first = sentence.find(f.answer);
    return first != std::string_view::npos &&
           sentence.find(f.answer, first + 1) != std::string_view::npos;
  });
  if (language == "en") {
    if (auto d = definition_of(sentence)) out.push_back(*d);
  }
  // Key terms by how much they matter: used often in the lesson, rare in the sources.
  auto weight = [&](const Fact& f) {
    if (f.priority != 1) return static_cast<double>(f.priority) * 100;
    const std::string low = text::ascii_lower(f.answer);
    return lesson_words.at(low) * sources.idf(low);
  };
  std::stable_sort(out.begin(), out.end(),
                   [&](const Fact& a, const Fact& b) { return weight(a) > weight(b); });
  return out;
}

}  // namespace lectio::study
