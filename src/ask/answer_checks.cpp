#include "answer_checks.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <regex>
#include <set>
#include <span>
#include <utility>

#include "lectio/text/stopwords.h"
#include "lectio/text/terms.h"
#include "lectio/text/wordnet.h"
#include "lectio/text/words.h"

namespace lectio::ask {

namespace {

bool negated(std::string_view text) {
  static const std::regex kNegation(
      R"(\b(never|not|no|none|nothing|nobody|neither|nor|without|cannot)\b|n['’]t\b)",
      std::regex::icase);
  return std::regex_search(text.begin(), text.end(), kNegation);
}

// A word that negates what follows it in a sentence.
bool negator(std::string_view w) {
  return w == "not" || w == "no" || w == "never" || w == "cannot" || w.ends_with("n't");
}

using WordPairs = std::map<std::string, std::set<std::string>>;

// Pairs of words as stemmed terms, both ways; a pair with a stop word is left out (nothing to
// compare).
WordPairs both_ways(const std::vector<std::pair<const char*, const char*>>& words) {
  WordPairs out;
  for (const auto& [a, b] : words) {
    const auto ta = text::terms(a, "en");
    const auto tb = text::terms(b, "en");
    if (ta.size() != 1 || tb.size() != 1) continue;
    out[ta.front()].insert(tb.front());
    out[tb.front()].insert(ta.front());
  }
  return out;
}

bool paired(const WordPairs& pairs, const std::string& a, const std::string& b) {
  const auto it = pairs.find(a);
  return it != pairs.end() && it->second.contains(b);
}

// Antonyms as stemmed terms, both ways. Only pairs whose two sides cannot both be true of the
// same thing: "won" / "lost" is left out ("X lost to Y" is "Y won"), as is "first" / "last"
// ("the last time" is the latest).
const WordPairs& antonyms() {
  static const WordPairs kPairs =
      both_ways({{"smallest", "largest"},  {"smallest", "biggest"},  {"least", "most"},
                 {"fewest", "most"},       {"lowest", "highest"},    {"worst", "best"},
                 {"youngest", "oldest"},   {"earliest", "latest"},   {"minimum", "maximum"},
                 {"shortest", "longest"},  {"short", "long"},        {"short", "lengthy"},
                 {"increase", "decrease"}, {"gain", "lose"},         {"gained", "lost"},
                 {"buy", "sell"},          {"bought", "sold"},       {"accept", "reject"},
                 {"include", "exclude"},   {"praise", "criticise"},  {"praise", "criticize"},
                 {"commend", "criticise"}, {"commend", "criticize"}, {"men", "women"},
                 {"male", "female"},       {"succeed", "fail"},      {"always", "never"},
                 {"start", "stop"},        {"allow", "forbid"},      {"allow", "ban"}});
  return kPairs;
}

// True when one term is the other with a negative prefix ("unoffici" / "offici"). The rest
// must be five letters or more: "display" is not the opposite of "play", nor "inform" of "form".
bool prefixed_opposite(const std::string& a, const std::string& b) {
  for (std::string_view p : {"un", "non", "in", "im", "ir", "il", "dis"}) {
    if (a.size() >= p.size() + 5 && a.starts_with(p) &&
        a.compare(p.size(), std::string::npos, b) == 0) {
      return true;
    }
  }
  return false;
}

// An ordinal or a word that ranks ("first", "last", "second"): WordNet calls "first" and
// "last" opposites, but "the last time" is the latest, and a swapped ordinal is
// slot_swapped()'s to see.
bool ranks(const std::string& stem) {
  static const std::set<std::string> kRanks = {"first", "last", "second", "third", "next", "final"};
  return kRanks.contains(stem);
}

// Two verbs that tell one event from either side ("X lost to Y" is "Y won"; "gave" /
// "took", "led" / "followed"): WordNet calls them antonyms, but the sentence saying one
// answers a question asking the other.
bool converse(const std::string& a, const std::string& b) {
  static const WordPairs kPairs = both_ways({{"win", "lose"},
                                             {"won", "lost"},
                                             {"lose", "find"},
                                             {"lost", "found"},
                                             {"give", "take"},
                                             {"lead", "follow"},
                                             {"leader", "follower"},
                                             {"teach", "learn"},
                                             {"lend", "borrow"},
                                             {"send", "receive"},
                                             {"import", "export"}});
  return paired(kPairs, a, b);
}

}  // namespace

// Words that say "not" without the word: a sentence holding one can answer a negated question
// ("Which team did not get a chance ...?" / "... denied the Patriots a chance ...").
bool negative_in_meaning(std::string_view text) {
  static const std::regex kNegative(
      R"(\b(den(y|ies|ied|ying)|refus(e|es|ed|ing)|fail(s|ed|ing)?|reject(s|ed|ing)?|)"
      R"(declin(e|es|ed|ing)|lack(s|ed|ing)?|exclu(de|des|ded|ding)|suspend(s|ed|ing)?|)"
      R"(prevent(s|ed|ing)?|forb(id|ids|ade|idden)|ban(s|ned)?|except|unable|instead|first time)\b)",
      std::regex::icase);
  return std::regex_search(text.begin(), text.end(), kNegative);
}

bool negates_asked(std::string_view question, const std::vector<std::string>& question_terms,
                   std::string_view sentence, const std::string& language) {
  if (language != "en" || negated(question)) return false;
  // A sentence that goes on past its negation ("do not run on a TPU directly, because they are
  // first compiled by XLA") says what is as well as what is not.
  static const std::regex kNegationThenClause(
      R"(\b(?:not|no|never|cannot|without)\b[^,;:]*[,;:]|n['’]t\b[^,;:]*[,;:])", std::regex::icase);
  if (std::regex_search(sentence.begin(), sentence.end(), kNegationThenClause)) return false;
  const std::set<std::string> terms(question_terms.begin(), question_terms.end());
  std::set<std::string> before_negation;
  bool negation_seen = false;
  for (const std::string& w : text::words(sentence)) {
    if (negator(w) || w == "without") {
      negation_seen = true;
      continue;
    }
    for (std::string& t : text::terms(w, language)) {
      if (!terms.contains(t)) continue;
      if (!negation_seen) {
        before_negation.insert(std::move(t));
      } else if (!before_negation.contains(t)) {
        return true;
      }
    }
  }
  return false;
}

bool negation_differs(std::string_view question, std::string_view sentence,
                      const std::string& language) {
  return language == "en" && negated(question) && !negated(sentence) &&
         !negative_in_meaning(sentence);
}

namespace {

// The years `text` names: four digits from 1000 to 2099, alone or as a decade ("1950s").
std::set<std::string> years(std::string_view text) {
  static const std::regex kYear(R"(\b(1[0-9]{3}|20[0-9]{2})(?:s|'s|\xe2\x80\x99s)?\b)");
  std::set<std::string> out;
  for (std::cregex_iterator it(text.data(), text.data() + text.size(), kYear), end; it != end;
       ++it) {
    out.insert((*it)[1].str());
  }
  return out;
}

}  // namespace

bool year_unsaid(std::string_view question, std::string_view sentence, std::string_view before,
                 const std::string& language) {
  if (language != "en") return false;
  const std::set<std::string> asked = years(question);
  if (asked.empty()) return false;
  const std::set<std::string> own = years(sentence);
  if (own.empty()) return false;
  const std::set<std::string> near = years(before);
  return std::none_of(asked.begin(), asked.end(),
                      [&](const std::string& y) { return own.contains(y) || near.contains(y); });
}

bool denial_unsaid(std::string_view question, std::string_view sentence,
                   const std::string& language) {
  if (language != "en" || negated(question)) return false;
  static const std::regex kDenial(
      R"(\b(den(y|ies|ied|ying)|refus(e|es|ed|ing)|fail(s|ed|ing|ure)?|reject(s|ed|ing)?|)"
      R"(lack(s|ed|ing)?|prevent(s|ed|ing)?|forb(id|ids|ade|idden)|unable|incapable|unsuccessful)\b)",
      std::regex::icase);
  if (!std::regex_search(question.begin(), question.end(), kDenial)) return false;
  // Ways of saying it that do not answer a negated question but may answer this one.
  static const std::regex kOtherWays(
      R"(\b(unsuccessful|incapable|impossible|avoid(s|ed|ing)?|los(e|es|t|ing)|stop(s|ped|ping)?)\b)",
      std::regex::icase);
  return !negated(sentence) && !negative_in_meaning(sentence) &&
         !std::regex_search(sentence.begin(), sentence.end(), kOtherWays);
}

bool denies_asked(std::string_view question, const std::vector<std::string>& question_terms,
                  std::string_view sentence, const std::string& language) {
  if (language != "en" || negated(question)) return false;
  const std::vector<std::string> asked = text::words(question);
  static const std::set<std::string_view> kYesNo = {"can",  "could", "does",   "do",  "did",  "is",
                                                    "are",  "was",   "were",   "has", "have", "had",
                                                    "will", "would", "should", "may", "must"};
  if (asked.empty() || kYesNo.contains(asked.front())) return false;
  if (std::find(asked.begin(), asked.end(), "instead") != asked.end()) return false;
  const std::set<std::string> terms(question_terms.begin(), question_terms.end());
  std::set<std::string> denied;
  std::set<std::string> plain;
  std::string before;
  for (const std::string& w : text::words(sentence)) {
    for (std::string& t : text::terms(w, language)) {
      if (terms.contains(t)) (negator(before) ? denied : plain).insert(std::move(t));
    }
    before = w;
  }
  for (const std::string& t : denied) {
    if (!plain.contains(t)) return true;
  }
  return false;
}

bool degree_reversed(std::string_view question, std::string_view sentence,
                     const std::string& language) {
  if (language != "en") return false;
  const std::vector<std::string> qw = text::words(question);
  const std::vector<std::string> sw = text::words(sentence);
  const std::set<std::string> asked(qw.begin(), qw.end());
  const std::set<std::string> said(sw.begin(), sw.end());
  static const std::vector<std::pair<std::string, std::string>> kDegrees = {{"least", "most"},
                                                                            {"fewest", "most"},
                                                                            {"less", "more"},
                                                                            {"fewer", "more"},
                                                                            {"before", "after"}};
  for (const auto& [low, high] : kDegrees) {
    for (const auto& [a, b] : {std::pair(low, high), std::pair(high, low)}) {
      if (asked.contains(a) && !asked.contains(b) && said.contains(b) && !said.contains(a)) {
        return true;
      }
    }
  }
  return false;
}

namespace {

// The digits of each word that has three or more ("3,222,000" -> "3222000").
std::vector<std::string> long_numbers(std::string_view text) {
  std::vector<std::string> out;
  for (const std::string& w : text::words(text)) {
    std::string digits;
    for (char c : w) {
      if (std::isdigit(static_cast<unsigned char>(c))) digits.push_back(c);
    }
    if (digits.size() >= 3) out.push_back(std::move(digits));
  }
  return out;
}

}  // namespace

bool number_differs(std::string_view question, std::string_view sentence,
                    const std::string& language) {
  if (language != "en") return false;
  const std::vector<std::string> said = long_numbers(sentence);
  for (const std::string& asked : long_numbers(question)) {
    if (std::find(said.begin(), said.end(), asked) != said.end()) continue;
    for (const std::string& other : said) {
      if (other.size() != asked.size()) continue;
      std::size_t differ = 0;
      for (std::size_t i = 0; i < asked.size(); ++i) differ += asked[i] != other[i] ? 1 : 0;
      if (differ == 1) return true;
    }
  }
  return false;
}

std::string opposite_said(const std::vector<std::string>& question_terms,
                          const std::set<std::string>& said, const std::string& language,
                          const text::WordNet* wordnet) {
  if (language != "en") return {};
  const std::set<std::string> asked(question_terms.begin(), question_terms.end());
  const auto opposite = [&](const std::string& o) {
    return said.contains(o) && !asked.contains(o);
  };
  for (const std::string& t : question_terms) {
    if (said.contains(t)) continue;
    if (const auto it = antonyms().find(t); it != antonyms().end()) {
      if (std::any_of(it->second.begin(), it->second.end(), opposite)) return t;
    }
    if (wordnet != nullptr && !ranks(t)) {
      const std::vector<std::string> o = wordnet->antonyms(t);
      if (std::any_of(o.begin(), o.end(), [&](const std::string& w) {
            return !ranks(w) && !converse(t, w) && opposite(w);
          })) {
        return t;
      }
    }
    for (const std::string& s : said) {
      if (prefixed_opposite(t, s) || prefixed_opposite(s, t)) return t;
    }
  }
  return {};
}

namespace {

// A word of a question or sentence as slot_swapped() compares them: its letters and digits,
// without a possessive ("Newton's" -> "Newton"), hyphenated parts apart ("61-yard").
// `spaced`: only white space stands between it and the word before (no hyphen, comma or
// bracket), as between the words of one name.
struct SlotWord {
  std::string word;
  bool spaced = false;
};

std::vector<SlotWord> slot_words(std::string_view text) {
  std::vector<SlotWord> out;
  std::string word;
  bool spaced = true;
  const auto flush = [&] {
    while (!word.empty() && (word.back() == '\'' || word.back() == '-')) word.pop_back();
    if (word.size() >= 2 && word.ends_with("'s")) word.resize(word.size() - 2);
    if (!word.empty()) {
      out.push_back({word, spaced});
      spaced = true;
    }
    word.clear();
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto ch = static_cast<unsigned char>(text[i]);
    if (std::isalnum(ch) || ch >= 0x80 || (ch == '\'' && !word.empty())) {
      word += static_cast<char>(ch);
      continue;
    }
    flush();
    if (!std::isspace(ch)) spaced = false;
  }
  flush();
  return out;
}

std::string slot_key(const std::string& word) {
  std::string w = word;
  for (char& ch : w) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  if (w.size() > 3 && w.back() == 's') w.pop_back();
  return w;
}

// What kind of word fills a slot: an ordinal or a number (one kind: "4th" / "third"), a roman
// numeral, a name (capitalised); empty for other words.
std::string slot_kind(const std::string& word) {
  static const std::set<std::string> kOrdinals = {
      "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
      "one",   "two",    "three", "four",   "five",  "six",   "seven",   "eight",  "nine",  "ten"};
  const std::string lower = slot_key(word);
  // "1995", "4th", "21st": digits, then perhaps an ordinal's ending.
  const auto digits = static_cast<std::size_t>(
      std::find_if(word.begin(), word.end(), [](unsigned char ch) { return !std::isdigit(ch); }) -
      word.begin());
  const std::string_view rest = std::string_view(word).substr(digits);
  const bool numeric =
      digits > 0 && (rest.empty() || rest == "st" || rest == "nd" || rest == "rd" || rest == "th");
  if (kOrdinals.contains(lower) || numeric) return "number";
  const bool roman = word.size() <= 4 && std::all_of(word.begin(), word.end(), [](char ch) {
                       return ch == 'I' || ch == 'V' || ch == 'X';
                     });
  if (roman) return "roman";
  if (std::isupper(static_cast<unsigned char>(word[0]))) return "name";
  return {};
}

bool acronym(const std::string& word) {
  return word.size() >= 2 && std::all_of(word.begin(), word.end(), [](unsigned char ch) {
           return std::isupper(ch) || std::isdigit(ch);
         });
}

// Spellings of one word: one holds the other ("Dame" / "Dames"), or they differ by at most one
// edit in four letters ("Rhou" / "Rou").
bool same_word(const std::string& a, const std::string& b) {
  // Letters outside ASCII are left out: "Möngke" is "Mongke" written with its accent.
  const auto ascii = [](std::string w) {
    std::erase_if(w, [](char ch) { return static_cast<unsigned char>(ch) >= 0x80; });
    return w;
  };
  const std::string x = ascii(slot_key(a));
  const std::string y = ascii(slot_key(b));
  if (x.find(y) != std::string::npos || y.find(x) != std::string::npos) return true;
  std::vector<std::size_t> row(y.size() + 1);
  for (std::size_t j = 0; j <= y.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= x.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= y.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (x[i - 1] == y[j - 1] ? 0 : 1)});
      diagonal = up;
    }
  }
  return row[y.size()] <= std::max<std::size_t>(1, std::max(x.size(), y.size()) / 4);
}

}  // namespace

namespace {

// True when `a` and `b` stand side by side as one name somewhere in `material` ("Carolina
// Panthers", "Kublai Khan"): the question calls by one part what the sentence calls by the other.
bool one_name(const std::string& a, const std::string& b,
              std::span<const std::string_view> material) {
  const std::string x = slot_key(a);
  const std::string y = slot_key(b);
  for (const std::string_view text : material) {
    const std::vector<SlotWord> words = slot_words(text);
    for (std::size_t i = 0; i + 1 < words.size(); ++i) {
      if (!words[i + 1].spaced) continue;
      const std::string first = slot_key(words[i].word);
      const std::string second = slot_key(words[i + 1].word);
      if ((first == x && second == y) || (first == y && second == x)) return true;
    }
  }
  return false;
}

}  // namespace

std::vector<std::string_view> original_texts(const std::vector<extract::Candidate>& candidates) {
  std::vector<std::string_view> out;
  out.reserve(candidates.size());
  for (const extract::Candidate& c : candidates) out.emplace_back(c.original);
  return out;
}

bool slot_swapped(std::string_view question, std::string_view sentence, const std::string& language,
                  std::span<const std::string_view> material) {
  if (language != "en") return false;
  const auto plain_words = [](std::string_view text) {
    std::vector<std::string> out;
    for (SlotWord& w : slot_words(text)) out.push_back(std::move(w.word));
    return out;
  };
  const std::vector<std::string> q = plain_words(question);
  const std::vector<std::string> s = plain_words(sentence);
  std::set<std::string> in_question;
  for (const auto& w : q) in_question.insert(slot_key(w));
  std::set<std::string> in_sentence;
  for (const auto& w : s) in_sentence.insert(slot_key(w));
  const auto plain = [&](const std::string& w) { return !text::is_stopword(slot_key(w), "en"); };
  // The question's first word is capitalised as any first word is; so is the sentence's.
  for (std::size_t i = 1; i < q.size(); ++i) {
    const std::string kind = slot_kind(q[i]);
    if (kind.empty() || !plain(q[i]) || in_sentence.contains(slot_key(q[i]))) continue;
    // An acronym is often the sentence's words spelt out ("US" / "American", "EU law" /
    // "Union law").
    if (kind == "name" && acronym(q[i])) continue;
    for (const int side : {-1, 1}) {
      const long j = static_cast<long>(i) + side;
      if (j < 0 || j >= static_cast<long>(q.size())) continue;
      const std::string& anchor = q[static_cast<std::size_t>(j)];
      if (!plain(anchor) || !in_sentence.contains(slot_key(anchor))) continue;
      for (std::size_t p = 0; p < s.size(); ++p) {
        if (slot_key(s[p]) != slot_key(anchor)) continue;
        const long at = static_cast<long>(p) - side;
        if (at <= 0 || at >= static_cast<long>(s.size())) continue;
        const std::string& other = s[static_cast<std::size_t>(at)];
        if (slot_kind(other) == kind && plain(other) && !in_question.contains(slot_key(other)) &&
            !same_word(other, q[i]) && !one_name(other, q[i], material)) {
          return true;
        }
      }
    }
  }
  return false;
}

}  // namespace lectio::ask
