#pragma once
// Spoken forms of numbers, shared by the English and Chinese normalisers. Every function takes
// written digits ("1,234.5") and returns words; all are pure and thread-safe.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace lectio::speech::detail {

// English (numbers_en.cpp), spelled by ICU's rule-based number format, hyphens turned into
// spaces so that the synthesiser and the recogniser see plain words.
std::string en_cardinal(std::int64_t value);      // 21 -> "twenty one"
std::string en_ordinal(std::int64_t value);       // 22 -> "twenty second"
std::string en_year(std::int64_t value);          // 1999 -> "nineteen ninety nine"
std::string en_digits(std::string_view digits);   // "07" -> "zero seven"
std::string en_number(std::string_view written);  // "1,234.56" -> "... point five six"
std::string en_plural(std::string words);         // "ninety" -> "nineties" (decades)

// Digits and optional thousands commas as an integer; nullopt for anything else or > 15 digits.
std::optional<std::int64_t> parse_int(std::string_view written);

// Rewrites dates ("2026-04-22", "22 April 2026"), times ("3:30 pm") and phone numbers.
std::string expand_dates_en(std::string_view text);

// Rewrites every number in English text: dates, times, currency, percentages, ranges,
// fractions, units, multipliers, ordinals, years and plain numbers. Numbers glued to letters
// ("H100", "bfloat16") are left for the word rules.
std::string expand_numbers_en(std::string_view text);

// Chinese (numbers_zh.cpp), written by hand because ICU's zh spell-out says 〇 and 一十 and
// 兆 where spoken Mandarin says 零, 十 and 万亿.
std::string zh_cardinal(std::string_view digits,
                        bool liang = false);      // "12345" -> 一万二千三百四十五
std::string zh_digits(std::string_view digits);   // "2026" -> 二零二六
std::string zh_number(std::string_view written);  // "3.14" -> 三点一四

// Rewrites every number in Chinese text: dates, 年, times, currency, 百分之, ranges, units,
// 第N, fractions, multipliers and plain numbers (两 before a measure word).
std::string expand_numbers_zh(std::string_view text);

// Moves a decimal point `shift` places right: ("1", "2", 6) -> "1200000"; fraction digits that
// remain are returned after a '.'.
std::string shift_decimal(std::string_view int_part, std::string_view frac_part, int shift);

}  // namespace lectio::speech::detail
