// English number readings. ICU's rule-based spell-out does the hard part (cardinals up to
// trillions, ordinals, and the "%spellout-numbering-year" rules that say 1999 as "nineteen
// ninety-nine", 2007 as "two thousand seven" and 2016 as "twenty sixteen", the common spoken
// forms); this file wraps it and adds decimals, digit strings and plurals.
#include <unicode/fieldpos.h>
#include <unicode/locid.h>
#include <unicode/rbnf.h>
#include <unicode/unistr.h>

#include <algorithm>
#include <array>
#include <memory>

#include "lectio/core/error.h"
#include "numbers.h"

namespace lectio::speech::detail {

namespace {

// A formatter is not thread-safe to use concurrently, so each thread gets its own.
icu::RuleBasedNumberFormat& spellout() {
  thread_local const std::unique_ptr<icu::RuleBasedNumberFormat> format = [] {
    UErrorCode status = U_ZERO_ERROR;
    auto made = std::make_unique<icu::RuleBasedNumberFormat>(icu::URBNF_SPELLOUT,
                                                             icu::Locale::getEnglish(), status);
    if (U_FAILURE(status)) throw Internal("speech normaliser: ICU English spell-out unavailable");
    return made;
  }();
  return *format;
}

std::string spell(std::int64_t value, const char16_t* rule_set) {
  icu::UnicodeString out;
  icu::FieldPosition position;
  UErrorCode status = U_ZERO_ERROR;
  spellout().format(value, icu::UnicodeString(rule_set), out, position, status);
  if (U_FAILURE(status)) throw Internal("speech normaliser: ICU spell-out failed");
  std::string words;
  out.toUTF8String(words);
  // "twenty-one" and "nineteen oh-five": plain words read and score better than hyphenated.
  std::replace(words.begin(), words.end(), '-', ' ');
  return words;
}

constexpr std::array<const char*, 10> kDigitWords = {"zero", "one", "two",   "three", "four",
                                                     "five", "six", "seven", "eight", "nine"};

// Integers this long are identifiers or serial numbers, read digit by digit.
constexpr std::size_t kMaxCardinalDigits = 15;

}  // namespace

std::optional<std::int64_t> parse_int(std::string_view written) {
  std::int64_t value = 0;
  int digits = 0;
  for (const char c : written) {
    if (c == ',') continue;
    if (c < '0' || c > '9' || ++digits > static_cast<int>(kMaxCardinalDigits)) return std::nullopt;
    value = value * 10 + (c - '0');
  }
  if (digits == 0) return std::nullopt;
  return value;
}

std::string en_cardinal(std::int64_t value) {
  return spell(value, u"%spellout-cardinal");
}

std::string en_ordinal(std::int64_t value) {
  return spell(value, u"%spellout-ordinal");
}

std::string en_year(std::int64_t value) {
  return spell(value, u"%spellout-numbering-year");
}

std::string en_digits(std::string_view digits) {
  std::string out;
  for (const char c : digits) {
    if (c < '0' || c > '9') continue;
    if (!out.empty()) out += ' ';
    out += kDigitWords[static_cast<std::size_t>(c - '0')];
  }
  return out;
}

std::string en_number(std::string_view written) {
  std::string int_part;
  std::string frac_part;
  bool in_frac = false;
  for (const char c : written) {
    if (c == '.') {
      in_frac = true;
    } else if (c >= '0' && c <= '9') {
      (in_frac ? frac_part : int_part) += c;
    }
  }
  std::string out;
  if (int_part.size() > kMaxCardinalDigits || (int_part.size() > 1 && int_part[0] == '0')) {
    out = en_digits(int_part);
  } else if (!int_part.empty()) {
    out = en_cardinal(std::stoll(int_part));
  }
  if (in_frac && !frac_part.empty()) {
    if (!out.empty()) out += ' ';
    out += "point " + en_digits(frac_part);
  }
  return out;
}

std::string en_plural(std::string words) {
  if (words.ends_with("y")) {
    words.pop_back();
    return words + "ies";
  }
  if (words.ends_with("x")) return words + "es";  // "six" -> "sixes"
  return words + "s";
}

std::string shift_decimal(std::string_view int_part, std::string_view frac_part, int shift) {
  std::string digits(int_part);
  std::string frac(frac_part);
  for (int i = 0; i < shift; ++i) {
    if (frac.empty()) {
      digits += '0';
    } else {
      digits += frac.front();
      frac.erase(0, 1);
    }
  }
  const auto first = digits.find_first_not_of('0');
  digits = first == std::string::npos ? "0" : digits.substr(first);
  while (!frac.empty() && frac.back() == '0') frac.pop_back();
  return frac.empty() ? digits : digits + "." + frac;
}

}  // namespace lectio::speech::detail
