// English dates, times and phone numbers: the shapes whose digits are not quantities.
#include <array>
#include <cctype>
#include <optional>
#include <string>

#include "numbers.h"
#include "regex_rewrite.h"

namespace lectio::speech::detail {

namespace {

constexpr std::array<const char*, 12> kMonths = {"January",   "February", "March",    "April",
                                                 "May",       "June",     "July",     "August",
                                                 "September", "October",  "November", "December"};

#define LECTIO_MONTHS                                                                 \
  R"((January|February|March|April|May|June|July|August|September|October|November|)" \
  R"(December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)\.?)"

int month_number(std::string_view name) {
  for (std::size_t i = 0; i < kMonths.size(); ++i) {
    if (std::string_view(kMonths[i]).starts_with(name.substr(0, 3))) return static_cast<int>(i) + 1;
  }
  return 0;
}

std::optional<std::string> date_words(int year, int month, int day, bool day_first) {
  if (month < 1 || month > 12 || day < 1 || day > 31) return std::nullopt;
  const std::string month_name = kMonths[static_cast<std::size_t>(month - 1)];
  std::string out = day_first ? "the " + en_ordinal(day) + " of " + month_name
                              : month_name + " " + en_ordinal(day);
  if (year > 0) out += ", " + en_year(year);
  return out;
}

std::optional<std::string> speak_time(const Match& m) {
  const auto hour = parse_int(m.str(1)).value_or(99);
  const auto minute = parse_int(m.str(2)).value_or(0);
  const std::string_view meridiem = m.str(3);
  if (hour > 24) return std::nullopt;
  std::string out = en_cardinal(hour);
  if (minute > 0) {
    out += minute < 10 ? " oh " + en_cardinal(minute) : " " + en_cardinal(minute);
  } else if (meridiem.empty()) {
    out += hour > 12 || hour == 0 ? " hundred" : " o'clock";
  }
  if (!meridiem.empty()) {
    out += std::tolower(static_cast<unsigned char>(meridiem[0])) == 'a' ? " A M" : " P M";
  }
  // "at 3 p.m." ends the sentence too: keep its full stop.
  const bool last = m.after().find_first_not_of(" \t\n") == std::string_view::npos;
  if (last && m.str().ends_with(".")) out += '.';
  return out;
}

const Pattern kIsoDate{R"((?<![\p{N}\-/])(\d{4})-(\d{1,2})-(\d{1,2})(?![\p{N}\-]))"};
const Pattern kSlashDate{R"((?<![\p{N}/])(\d{1,2})/(\d{1,2})/(\d{4})(?![\p{N}/]))"};
const Pattern kDayMonth{R"((?<![\p{L}\p{N}])(\d{1,2})(?:st|nd|rd|th)?\s+)" LECTIO_MONTHS
                        R"((?:,?\s+(\d{4}))?(?![\p{L}\p{N}]))"};
const Pattern kMonthDay{R"((?<![\p{L}\p{N}]))" LECTIO_MONTHS
                        R"(\s+(\d{1,2})(?:st|nd|rd|th)?(?![\p{L}\p{N}]))"
                        R"((?:,?\s+(\d{4})(?![\p{N}]))?)"};
const Pattern kMonthYear{R"((?<![\p{L}\p{N}]))" LECTIO_MONTHS R"(,?\s+(\d{4})(?![\p{L}\p{N}]))"};
const Pattern kTime{R"((?<![\p{N}:.])(\d{1,2}):([0-5]\d)(?::[0-5]\d)?(?![\p{N}:]))"
                    R"((?:\s?([AaPp])\.?[Mm]\.?(?![\p{L}])|(?![\p{L}])))"};
const Pattern kHourMeridiem{R"((?<![\p{L}\p{N}.,:])(\d{1,2})()\s?([AaPp])\.?[Mm]\.?(?![\p{L}]))"};
// North American phone numbers are read digit by digit in groups: "five five five, one two..."
const Pattern kPhone{
    R"((?<![\p{N}\-])(?:\+\d{1,3}\s?)?(?:\(\d{3}\)\s?|\d{3}[-.\s])?\d{3}-\d{4}(?![\p{N}\-]))"};

}  // namespace

std::string expand_dates_en(std::string_view input) {
  std::string s(input);
  s = kIsoDate.rewrite(s, [](const Match& m) {
    return date_words(*parse_int(m.str(1)), *parse_int(m.str(2)), *parse_int(m.str(3)), false);
  });
  s = kSlashDate.rewrite(s, [](const Match& m) {
    const int a = static_cast<int>(*parse_int(m.str(1)));
    const int b = static_cast<int>(*parse_int(m.str(2)));
    const int year = static_cast<int>(*parse_int(m.str(3)));
    return a > 12 ? date_words(year, b, a, true) : date_words(year, a, b, false);
  });
  s = kDayMonth.rewrite(s, [](const Match& m) {
    return date_words(m.has(3) ? static_cast<int>(*parse_int(m.str(3))) : 0, month_number(m.str(2)),
                      static_cast<int>(*parse_int(m.str(1))), true);
  });
  s = kMonthDay.rewrite(s, [](const Match& m) {
    return date_words(m.has(3) ? static_cast<int>(*parse_int(m.str(3))) : 0, month_number(m.str(1)),
                      static_cast<int>(*parse_int(m.str(2))), false);
  });
  s = kMonthYear.rewrite(s, [](const Match& m) -> std::optional<std::string> {
    return std::string(kMonths[month_number(m.str(1)) - 1]) + " " + en_year(*parse_int(m.str(2)));
  });
  s = kPhone.rewrite(s, [](const Match& m) {
    std::string out;
    bool group_open = false;
    for (const char c : m.str()) {
      if (std::isdigit(static_cast<unsigned char>(c))) {
        if (!out.empty()) out += group_open ? " " : ", ";
        out += en_digits(std::string_view(&c, 1));
        group_open = true;
      } else if (c == '+') {
        out += "plus";
        group_open = true;
      } else {
        group_open = false;
      }
    }
    return out;
  });
  s = kTime.rewrite(s, speak_time);
  s = kHourMeridiem.rewrite(s, speak_time);
  return s;
}

}  // namespace lectio::speech::detail
