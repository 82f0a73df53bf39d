// Word-level helpers of the spoken frame: a heading or topic as a phrase to say, lists, case.
#include "phrasing_words.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <regex>

#include "lectio/text/strings.h"
#include "phrasing.h"

namespace lectio::compose {

bool is_acronym(const std::string& w) {
  int upper = 0;
  for (char c : w) upper += std::isupper(static_cast<unsigned char>(c)) ? 1 : 0;
  return upper >= 2;
}

bool ascii_word(const std::string& w) {
  return !w.empty() && static_cast<unsigned char>(w[0]) < 0x80;
}

namespace {

const std::array<std::string_view, 18> kSmallWords = {"a",    "an",   "and", "as",  "at",  "with",
                                                      "into", "from", "but", "by",  "for", "in",
                                                      "of",   "on",   "or",  "the", "to",  "vs"};

}  // namespace

std::string strip_end_punct(std::string s) {
  while (!s.empty() && (s.back() == '.' || s.back() == '?' || s.back() == '!' || s.back() == ':')) {
    s.pop_back();
  }
  return s;
}

bool one_of(const std::string& w, std::initializer_list<std::string_view> list) {
  return std::find(list.begin(), list.end(), w) != list.end();
}

std::string short_topic(const std::string& topic) {
  auto words = text::split_whitespace(topic);
  if (words.size() > 5) {
    for (std::size_t i = 3; i < words.size(); ++i) {
      if (one_of(words[i], {"for", "in", "on", "with", "at", "when", "while", "because", "if",
                            "without", "so", "across"})) {
        words.resize(i);
        break;
      }
    }
  }
  while (words.size() > 1 &&
         one_of(words.back(), {"and", "or", "of", "to", "the", "a", "an", "for", "with", "in", "on",
                               "by", "from", "vs", "versus", "up"})) {
    words.pop_back();
  }
  std::string out;
  for (std::size_t j = 0; j < words.size(); ++j) out += (j ? " " : "") + words[j];
  return out;
}

std::string join_list(const std::vector<std::string>& items, bool zh) {
  if (items.empty()) return {};
  if (items.size() == 1) return items[0];
  // An item that is a list itself ("apt、apt-get 和 aptitude 各适合什么场合") joined with 、 and
  // 和 runs into its neighbours when heard; a list of such items is joined with ；.
  if (zh && std::any_of(items.begin(), items.end(), [](const std::string& item) {
        return item.find("、") != std::string::npos || item.find("，") != std::string::npos ||
               item.find("和") != std::string::npos || item.find("与") != std::string::npos;
      })) {
    std::string out;
    for (std::size_t i = 0; i + 1 < items.size(); ++i) out += items[i] + "；";
    return out + "以及" + items.back();
  }
  std::string out;
  for (std::size_t i = 0; i + 1 < items.size(); ++i) {
    out += items[i];
    if (i + 2 < items.size()) out += zh ? "、" : ", ";
  }
  if (zh) return out + "和" + items.back();
  return out + (items.size() > 2 ? ", and " : " and ") + items.back();
}

std::string spoken_heading(const std::string& heading) {
  auto words = text::split_whitespace(heading);
  while (!words.empty() && std::isdigit(static_cast<unsigned char>(words[0][0]))) {
    words.erase(words.begin());
  }
  // A heading's decoration is not said: a permalink's pilcrow ("Checkpointing¶"), a plain-text
  // underline run into the line ("Exit Status =====").
  static const std::string kPilcrow = "\u00b6";
  if (!words.empty() && std::all_of(words.back().begin(), words.back().end(), [](char c) {
        return c == '=' || c == '*' || c == '-' || c == '~' || c == '#';
      })) {
    words.pop_back();
  }
  if (!words.empty() && words.back().size() >= kPilcrow.size() &&
      words.back().compare(words.back().size() - kPilcrow.size(), kPilcrow.size(), kPilcrow) == 0) {
    words.back().resize(words.back().size() - kPilcrow.size());
    if (words.back().empty()) words.pop_back();
  }
  if (words.empty() || words.size() > 4) return {};
  std::string out;
  for (std::size_t i = 0; i < words.size(); ++i) {
    std::string w = words[i];
    if (!std::all_of(w.begin(), w.end(),
                     [](unsigned char c) { return std::isalpha(c) || c >= 0x80; })) {
      return {};
    }
    if (ascii_word(w) && !is_acronym(w)) {
      std::transform(w.begin(), w.end(), w.begin(),
                     [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    }
    out += (i ? " " : "") + w;
  }
  return out;
}

std::optional<std::string> sentence_subject(const std::string& sentence, bool zh) {
  if (zh) {
    const auto at = sentence.find("是");
    if (at == std::string::npos || at < 6 || at > 30) return std::nullopt;
    const std::string subject = sentence.substr(0, at);
    for (std::string_view bad : {"，", "、", "（", "：", " ", "就", "不", "也", "都", "还", "只"}) {
      if (subject.find(bad) != std::string::npos) return std::nullopt;
    }
    return subject;
  }
  // "The TH3 test harness is a set of ..." -> "the TH3 test harness": a short noun phrase
  // that opens the sentence and is what it is about.
  static const std::regex kSubject(
      R"(^((?:The|A|An) )?([A-Za-z][\w-]*(?: [A-Za-z0-9][\w-]*){0,3}) (?:is|are|was|were|has|have|provides|allows|lets|uses|means|refers|consists|contains|works|runs|makes|keeps|stores|records) )");
  std::smatch m;
  if (!std::regex_search(sentence, m, kSubject)) return std::nullopt;
  std::string words = m[2].str();
  static const std::regex kPronoun(
      R"(^(?:it|this|that|these|those|they|there|he|she|we|you|i|one|each|all|some|most|many|such|what|which|who|here|after|before|when|if|while|once|since|because|although|in|on|at|for|with|by|from|to|during|unless|until|as|so|but|and|or|then|now|only|also|both|either|other|another)\b)",
      std::regex::icase);
  if (std::regex_search(words, kPronoun)) return std::nullopt;
  if (std::any_of(words.begin(), words.end(), [](char c) { return c == '_'; })) return std::nullopt;
  // One common word ("tests") names no point to ask about; an acronym or a name with a digit
  // ("TH3") does.
  const bool one_word = words.find(' ') == std::string::npos;
  if (one_word && !is_acronym(words) &&
      std::none_of(words.begin(), words.end(), [](unsigned char ch) { return std::isdigit(ch); })) {
    return std::nullopt;
  }
  return lower_first(m[1].str() + words);
}

std::string lower_first(const std::string& phrase) {
  const auto words = text::split_whitespace(phrase);
  if (words.empty() || !ascii_word(words[0]) || is_acronym(words[0])) return phrase;
  std::string out = phrase;
  if (words[0] == "I" ||
      (words[0].size() > 1 && std::isupper(static_cast<unsigned char>(words[0][1])))) {
    return out;
  }
  out[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(out[0])));
  return out;
}

std::string title_case(const std::string& phrase) {
  const auto words = text::split_whitespace(phrase);
  std::string out;
  for (std::size_t i = 0; i < words.size(); ++i) {
    std::string w = words[i];
    const bool small = std::find(kSmallWords.begin(), kSmallWords.end(), w) != kSmallWords.end();
    if (ascii_word(w) && !is_acronym(w) && (!small || i == 0)) {
      w[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(w[0])));
    }
    out += (i ? " " : "") + w;
  }
  return out;
}

}  // namespace lectio::compose
