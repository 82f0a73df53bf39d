// Chinese number readings, by hand: ICU's zh spell-out writes 〇 for zero, 一十 inside numbers
// and 兆 for 10^12, where spoken Mandarin says 零, 十 at the head and 万亿. Readings follow
// the common spoken forms: 12345 -> 一万二千三百四十五, 1001 -> 一千零一, 2000 -> 两千,
// years digit by digit (2026年 -> 二零二六年), 百分之 for percentages.
#include <array>
#include <optional>
#include <string>

#include "numbers.h"
#include "regex_rewrite.h"
#include "units.h"

namespace lectio::speech::detail {

namespace {

constexpr std::array<const char*, 10> kDigits = {"零", "一", "二", "三", "四",
                                                 "五", "六", "七", "八", "九"};
constexpr std::array<const char*, 4> kPlaces = {"", "十", "百", "千"};
constexpr std::array<const char*, 4> kGroups = {"", "万", "亿", "万亿"};
constexpr std::size_t kMaxCardinalDigits = 16;

// One group of four digits; `head`: the group opens the number, where 10-19 are 十, 十一...
std::string group_words(std::string_view four, bool head) {
  std::string out;
  bool zero = false;
  bool started = false;
  const std::size_t width = four.size();
  for (std::size_t i = 0; i < width; ++i) {
    const int d = four[i] - '0';
    const std::size_t place = width - 1 - i;
    if (d == 0) {
      zero = started;
      continue;
    }
    if (zero) out += "零";
    zero = false;
    if (!(place == 1 && d == 1 && !started && head)) out += kDigits[static_cast<std::size_t>(d)];
    out += kPlaces[place];
    started = true;
  }
  return out;
}

std::string digits_only(std::string_view written) {
  std::string out;
  for (const char c : written) {
    if (c >= '0' && c <= '9') out += c;
  }
  return out;
}

}  // namespace

std::string zh_digits(std::string_view digits) {
  std::string out;
  for (const char c : digits) {
    if (c >= '0' && c <= '9') out += kDigits[static_cast<std::size_t>(c - '0')];
  }
  return out;
}

std::string zh_cardinal(std::string_view written, bool liang) {
  std::string digits = digits_only(written);
  const auto first = digits.find_first_not_of('0');
  if (first == std::string::npos) return "零";
  digits.erase(0, first);
  if (digits.size() > kMaxCardinalDigits) return zh_digits(digits);
  std::string out;
  bool pending_zero = false;
  const std::size_t groups = (digits.size() + 3) / 4;
  const std::size_t lead = digits.size() - (groups - 1) * 4;
  for (std::size_t g = 0; g < groups; ++g) {
    const std::string_view four = g == 0 ? std::string_view(digits).substr(0, lead)
                                         : std::string_view(digits).substr(lead + (g - 1) * 4, 4);
    const std::size_t unit = groups - 1 - g;
    if (four.find_first_not_of('0') == std::string_view::npos) {
      pending_zero = true;
      continue;
    }
    if (!out.empty() && (pending_zero || four[0] == '0')) out += "零";
    out += group_words(four, out.empty());
    out += kGroups[unit];
    pending_zero = false;
  }
  // 两 for a leading 2 before 百, 千, 万 or 亿: "两千", "两万", as people say them.
  if (liang && out.starts_with("二") && out.size() > 3) {
    const std::string_view next = std::string_view(out).substr(3, 3);
    if (next == "百" || next == "千" || next == "万" || next == "亿") out.replace(0, 3, "两");
  }
  return out;
}

std::string zh_number(std::string_view written) {
  const auto dot = written.find('.');
  const std::string whole = digits_only(written.substr(0, dot));
  std::string out;
  if (whole.size() > 1 && whole[0] == '0') {
    out = zh_digits(whole);
  } else {
    out = zh_cardinal(whole.empty() ? "0" : whole, true);
  }
  if (dot != std::string_view::npos && dot + 1 < written.size()) {
    out += "点" + zh_digits(written.substr(dot + 1));
  }
  return out;
}

}  // namespace lectio::speech::detail
