// English numbers in context: which reading a number gets depends on what is around it
// ("$3.50", "22 April 2026", "3:30 pm", "5-10 GB", "1990s"). Passes run from the most specific
// shape to the plainest, each turning its numbers into words so later passes do not see them.
#include <algorithm>
#include <cctype>
#include <optional>
#include <set>
#include <string>

#include "numbers.h"
#include "regex_rewrite.h"
#include "units.h"

namespace lectio::speech::detail {

namespace {

// A written number: "1,234.5", "80", ".5".
#define LECTIO_NUM R"((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|\.\d+)"

// Four digits from 1100 to 2099 may be a year; below that, "1024" is far more often a count.
bool year_like(std::string_view written) {
  const auto value = parse_int(written);
  return written.size() == 4 && value && *value >= 1100 && *value <= 2099;
}

// Words after which a bare four-digit number is a year: "in 2012", "since 2016", "by 2030".
bool year_context(std::string_view before, std::string_view after) {
  static const std::set<std::string> kYearWords = {
      "in",     "since",  "by",     "from",   "until", "till",   "through", "during",
      "before", "after",  "around", "circa",  "early", "late",   "mid",     "year",
      "of",     "spring", "summer", "autumn", "fall",  "winter", "between"};
  const auto first_after = after.find_first_not_of(' ');
  if (first_after == std::string_view::npos ||
      std::string_view(".,;:!?)").find(after[first_after]) != std::string_view::npos) {
    return true;
  }
  while (!before.empty() && before.back() == ' ') before.remove_suffix(1);
  std::size_t start = before.size();
  while (start > 0 && std::isalpha(static_cast<unsigned char>(before[start - 1]))) --start;
  std::string word(before.substr(start));
  for (char& c : word) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (kYearWords.contains(word)) return true;
  // "between 2010 and 2020", "2010 or 2011": a year joined to another year.
  if (word != "and" && word != "or" && word != "to") return false;
  before = before.substr(0, start);
  while (!before.empty() && before.back() == ' ') before.remove_suffix(1);
  return before.size() >= 4 && year_like(before.substr(before.size() - 4)) &&
         (before.size() == 4 ||
          !std::isdigit(static_cast<unsigned char>(before[before.size() - 5])));
}

std::string magnitude_word(std::string_view mag) {
  while (!mag.empty() && mag.front() == ' ') mag.remove_prefix(1);
  if (mag == "k" || mag == "K") return "thousand";
  if (mag == "M" || mag == "m") return "million";
  if (mag == "B" || mag == "bn") return "billion";
  if (mag == "T" || mag == "tn") return "trillion";
  return std::string(mag);
}

struct Currency {
  const char* one;
  const char* many;
  const char* cent;
  const char* cents;
};

Currency currency_of(std::string_view symbol) {
  if (symbol == "€") return {"euro", "euros", "cent", "cents"};
  if (symbol == "£") return {"pound", "pounds", "penny", "pence"};
  if (symbol == "¥") return {"yen", "yen", "", ""};
  return {"dollar", "dollars", "cent", "cents"};
}

// "$3.50" -> "three dollars and fifty cents"; nullopt when the amount is not in that form.
std::optional<std::string> with_cents(std::string_view written, const Currency& currency) {
  const auto dot = written.find('.');
  if (dot == std::string_view::npos || written.size() - dot != 3 || *currency.cent == '\0') {
    return std::nullopt;
  }
  const auto whole = parse_int(written.substr(0, dot)).value_or(0);
  const auto cents = parse_int(written.substr(dot + 1)).value_or(0);
  std::string out;
  if (whole > 0 || cents == 0) {
    out = en_cardinal(whole) + " " + (whole == 1 ? currency.one : currency.many);
  }
  if (cents == 0) return out;
  if (!out.empty()) out += " and ";
  return out + en_cardinal(cents) + " " + (cents == 1 ? currency.cent : currency.cents);
}

std::optional<std::string> speak_quantity(const Match& m) {
  const std::string_view currency = m.str(2);
  const std::string_view number = m.str(3);
  const std::string_view to = m.str(5);
  std::string mag(m.str(6));
  std::string unit(m.has(7) ? m.str(7) : m.str(8));
  const bool percent = m.has(9);
  if (m.has(4)) {
    const auto value = parse_int(number);
    if (!value) return std::nullopt;
    return en_ordinal(*value);
  }
  if (mag == "m" && currency.empty() && unit.empty()) {
    mag.clear();  // "5m" without a currency is five metres; "$5m" is five million dollars
    unit = "m";
  }
  if (mag == "K" && currency.empty() && number.size() == 1) return en_number(number) + " K";
  const bool bare = currency.empty() && mag.empty() && unit.empty() && !percent && !m.has(1);
  if (bare && year_like(number) && to.size() == 2) {
    return en_year(*parse_int(number)) + " to " + en_number(to);  // "1990-95", "2020–21"
  }
  if (bare && year_like(number) &&
      (to.empty() ? year_context(m.before(), m.after()) : year_like(to))) {
    std::string out = en_year(*parse_int(number));
    if (!to.empty()) out += " to " + en_year(*parse_int(to));
    return out;
  }
  const bool one = number == "1" && to.empty() && mag.empty();
  if (!currency.empty() && to.empty() && mag.empty() && !m.has(1)) {
    if (auto cents = with_cents(number, currency_of(currency))) return cents;
  }
  std::string out = m.has(1) ? "minus " : "";
  out += en_number(number);
  if (!to.empty()) out += " to " + en_number(to);
  if (!mag.empty()) out += " " + magnitude_word(mag);
  if (!currency.empty()) {
    const Currency names = currency_of(currency);
    out += std::string(" ") + (one ? names.one : names.many);
  }
  if (percent) out += " percent";
  if (!unit.empty()) out += " " + unit_words(unit, one);
  return out;
}

std::optional<std::string> speak_fraction(const Match& m) {
  const auto top = parse_int(m.str(1)).value_or(0);
  const auto bottom = parse_int(m.str(2)).value_or(0);
  if (m.str(0) == "24/7") return "twenty four seven";
  if (bottom == 0) return std::nullopt;
  if (bottom > 10) return en_cardinal(top) + " over " + en_cardinal(bottom);
  std::string name = bottom == 2 ? "half" : bottom == 4 ? "quarter" : en_ordinal(bottom);
  if (top != 1) name = name == "half" ? "halves" : name + "s";
  return en_cardinal(top) + " " + name;
}

const Pattern kDecade{R"((?<![\p{L}\p{N}])(?:(1[1-9]\d0|20\d0)|[’']?([1-9]0))s(?![\p{L}\p{N}]))"};
const Pattern kVersion{R"((?<![\p{L}\p{N}.])(v?)(\d+(?:\.\d+){2,})(?![\p{N}]))"};
const Pattern kRatio{R"((?<![\p{N}:.])(\d+):(\d+)(?![\p{N}:]))"};
const Pattern kFraction{R"((?<![\p{L}\p{N}/.,])(\d{1,3})/(\d{1,3})(?![\p{L}\p{N}/]|[.,]\d))"};
const Pattern kDimensions{R"((?<![\p{L}\p{N}.,])()" LECTIO_NUM R"()[x×]()" LECTIO_NUM
                          R"()(?![\p{L}\p{N}]))"};
const Pattern kMultiplier{R"((?<![\p{L}\p{N}.,])()" LECTIO_NUM R"()\s?[x×](?![\p{L}\p{N}]))"};
const Pattern kScientific{
    R"((?<![\p{L}\p{N}.])(\d+(?:\.\d+)?)[eE]([-+−]?)(\d{1,3})(?![\p{L}\p{N}]))"};
const Pattern kOperator{R"((?<=\d)\s*([*×+=^÷]|\s/\s)\s*(?=[-−]?\d))"};

}  // namespace

std::string expand_numbers_en(std::string_view input) {
  std::string s = expand_dates_en(input);
  s = kDecade.rewrite(s, [](const Match& m) {
    return en_plural(m.has(1) ? en_year(*parse_int(m.str(1))) : en_cardinal(*parse_int(m.str(2))));
  });
  s = kVersion.rewrite(s, [](const Match& m) {
    std::string out;
    std::string_view rest = m.str(2);
    const bool address = std::count(rest.begin(), rest.end(), '.') == 3;  // an IPv4 address
    while (!rest.empty()) {
      const auto dot = rest.find('.');
      if (!out.empty()) out += address ? " dot " : " point ";
      out += en_number(rest.substr(0, dot));
      rest = dot == std::string_view::npos ? std::string_view{} : rest.substr(dot + 1);
    }
    return m.has(1) ? "version " + out : out;
  });
  s = kRatio.rewrite(
      s, [](const Match& m) { return en_number(m.str(1)) + " to " + en_number(m.str(2)); });
  s = kFraction.rewrite(s, speak_fraction);
  s = kDimensions.rewrite(
      s, [](const Match& m) { return en_number(m.str(1)) + " by " + en_number(m.str(2)); });
  s = kMultiplier.rewrite(s, [](const Match& m) { return en_number(m.str(1)) + " times"; });
  s = kScientific.rewrite(s, [](const Match& m) {
    const bool negative = m.str(2) == "-" || m.str(2) == "−";
    return en_number(m.str(1)) + " times ten to the " + (negative ? "minus " : "") +
           en_number(m.str(3));
  });
  s = kOperator.rewrite(s, [](const Match& m) -> std::optional<std::string> {
    const std::string_view op = m.str(1);
    if (op == "+") return " plus ";
    if (op == "=") return " equals ";
    if (op == "^") return " to the power of ";
    if (op == "÷" || op.find('/') != std::string_view::npos) return " divided by ";
    return " times ";
  });
  // Groups: 1 sign, 2 currency, 3 number, 4 ordinal suffix, 5 range end, 6 magnitude ("k",
  // " million"), 7 unit that may stand apart, 8 unit written attached, 9 percent sign.
  static const Pattern kQuantity{
      R"((?<![\p{L}\p{N}_.$€£¥])([-−](?=(?:US\$|[$€£¥])?[.\d]))?(US\$|[$€£¥])?()" LECTIO_NUM
      R"()(?:(st|nd|rd|th)(?![\p{L}\p{N}]))?)"
      R"((?:\s?(?:[-–—]|\sto\s)\s?(?:US\$|[$€£¥])?()" LECTIO_NUM R"())?)"
      R"((?:(\s?(?:thousand|million|billion|trillion|bn|tn)|[kKMmBT])(?![\p{L}\p{N}]))?)"
      R"((?:\s?()" +
      unit_alternation(true) + R"()|()" + unit_alternation(false) +
      R"()|\s?(%|％))?(?![\p{L}\p{N}_]))"};
  return kQuantity.rewrite(s, speak_quantity);
}

}  // namespace lectio::speech::detail
