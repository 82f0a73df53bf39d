// Latin letters and symbols inside Chinese text. English words stay as they are (espeak-ng's
// Mandarin voice reads them with English rules, except, with espeak-ng 1.51's pinyin-reading
// voice (espeak_synthesizer.cpp), words that are also pinyin syllables, such as "long");
// acronyms are spelled letter by letter.
#include <cctype>
#include <string>

#include "normalize_steps.h"
#include "numbers.h"
#include "regex_rewrite.h"

namespace lectio::speech::detail {

namespace {

const Pattern kExample{R"((?<![A-Za-z])e\.\s?g\.|(?<![A-Za-z])i\.\s?e\.)"};
const Pattern kEtc{R"((?<![A-Za-z])etc\.)"};
const Pattern kVersus{R"((?<![A-Za-z])[Vv]s\.?(?![A-Za-z]))"};
const Pattern kNumberSign{R"(#\s?(?=\d))"};
const Pattern kLetterDigit{
    R"((?<![A-Za-z0-9])[A-Za-z0-9]*(?:[A-Za-z]\d|\d[A-Za-z])[A-Za-z0-9]*(?:\.\d+)?)"};
const Pattern kSnake{R"((?<=[A-Za-z0-9])_+(?=[A-Za-z0-9]))"};
const Pattern kInnerHyphen{R"((?<=[A-Za-z])-(?=[A-Za-z0-9])|(?<=[0-9])-(?=[A-Za-z]))"};
const Pattern kSlash{R"(\s*/\s*)"};
const Pattern kTilde{R"(\s*[~～]\s*)"};

// "H100" -> "H 一百", "GPT4" -> "GPT 四" (letters are spelled by the acronym rule after this).
std::string split_letter_digit(std::string_view token) {
  std::string out;
  std::size_t i = 0;
  while (i < token.size()) {
    const bool digit = std::isdigit(static_cast<unsigned char>(token[i]));
    std::size_t j = i;
    while (j < token.size() && (std::isdigit(static_cast<unsigned char>(token[j])) != 0 ||
                                (digit && token[j] == '.')) == digit) {
      ++j;
    }
    if (!out.empty()) out += ' ';
    out += digit ? zh_number(token.substr(i, j - i)) : std::string(token.substr(i, j - i));
    i = j;
  }
  return out;
}

std::string replace_all(std::string s, std::string_view from, std::string_view to) {
  std::string out;
  std::size_t start = 0;
  for (auto at = s.find(from); at != std::string::npos; at = s.find(from, start)) {
    out.append(s, start, at - start).append(to);
    start = at + from.size();
  }
  return out.append(s, start);
}

}  // namespace

std::string expand_words_zh(std::string_view text) {
  std::string s = kExample.rewrite(text, [](const Match& m) -> std::optional<std::string> {
    return m.str().starts_with("e") ? "例如" : "即";
  });
  s = kEtc.replace(s, "等等");
  s = kVersus.replace(s, "对比");
  s = kNumberSign.replace(s, "第");
  s = kSnake.replace(s, " ");
  s = kInnerHyphen.replace(s, " ");
  s = kLetterDigit.rewrite(s, [](const Match& m) { return split_letter_digit(m.str()); });
  s = expand_acronyms(s, false);
  static const std::pair<const char*, const char*> kSymbols[] = {
      {"&", "和"},    {"＆", "和"},    {"+", "加"},       {"＋", "加"},      {"=", "等于"},
      {"＝", "等于"}, {"≈", "约等于"}, {"≤", "小于等于"}, {"≥", "大于等于"}, {"≠", "不等于"},
      {"±", "正负"},  {"×", "乘"},     {"÷", "除以"},     {"→", "到"},       {"⇒", "到"},
      {"->", "到"},   {"@", " at "},   {"°", "度"},       {"%", "百分比"},   {"％", "百分比"},
      {"…", "……"}};
  for (const auto& [symbol, spoken] : kSymbols) s = replace_all(std::move(s), symbol, spoken);
  s = kTilde.replace(s, "约");
  return kSlash.replace(s, "或");
}

}  // namespace lectio::speech::detail
