// Chinese numbers in context. Numbers sit directly against Han characters ("共80GB内存"), so
// boundaries here exclude only Latin letters and digits.
#include <optional>
#include <set>
#include <string>

#include "numbers.h"
#include "regex_rewrite.h"
#include "units.h"

namespace lectio::speech::detail {

namespace {

#define LECTIO_ZH_NUM R"((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)"
#define LECTIO_ZH_BEFORE R"((?<![A-Za-z0-9_.,:\-/]))"

std::optional<int> small_int(std::string_view digits) {
  if (digits.empty() || digits.size() > 4) return std::nullopt;
  int value = 0;
  for (const char c : digits) value = value * 10 + (c - '0');
  return value;
}

std::optional<std::string> date_words(const Match& m) {
  const auto month = small_int(m.str(2));
  const auto day = small_int(m.str(3));
  if (!month || !day || *month < 1 || *month > 12 || *day < 1 || *day > 31) return std::nullopt;
  return zh_digits(m.str(1)) + "年" + zh_cardinal(m.str(2)) + "月" + zh_cardinal(m.str(3)) + "日";
}

std::optional<std::string> time_words(const Match& m) {
  const auto hour = small_int(m.str(1));
  const auto minute = small_int(m.str(2));
  if (!hour || !minute || *hour > 24) return std::nullopt;
  std::string out = (*hour == 2 ? "两" : zh_cardinal(m.str(1))) + "点";
  if (*minute == 0) return out;
  if (*minute < 10) out += "零";
  return out + zh_cardinal(m.str(2)) + "分";
}

// "1.2" with "million" -> 一百二十万: the magnitude is folded into the number, since Chinese
// groups by 万 and 亿 rather than by thousands.
std::string scaled(std::string_view number, std::string_view magnitude) {
  int shift = 0;
  if (magnitude == "k" || magnitude == "K" || magnitude == "thousand") shift = 3;
  if (magnitude == "M" || magnitude == "million") shift = 6;
  if (magnitude == "B" || magnitude == "bn" || magnitude == "billion") shift = 9;
  if (magnitude == "T" || magnitude == "trillion") shift = 12;
  if (shift == 0) return zh_number(number) + std::string(magnitude);  // 万, 亿 stay as written
  std::string digits;
  for (const char c : number) {
    if (c != ',') digits += c;
  }
  const auto dot = digits.find('.');
  const std::string whole = digits.substr(0, dot);
  const std::string frac = dot == std::string::npos ? "" : digits.substr(dot + 1);
  return zh_number(shift_decimal(whole, frac, shift));
}

std::string currency_name(std::string_view symbol) {
  if (symbol == "$" || symbol == "US$") return "美元";
  if (symbol == "€") return "欧元";
  if (symbol == "£") return "英镑";
  return "元";
}

const Pattern kIsoDate{R"((?<![\d\-/.])(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?![\d\-/.])[日号]?)"};
const Pattern kYear{LECTIO_ZH_BEFORE R"((\d{4})\s?年)"};
const Pattern kMonthDay{LECTIO_ZH_BEFORE R"((\d{1,2})\s?(月|日|号)(?!份?\d))"};
const Pattern kTime{R"((?<![\d:])(\d{1,2}):(\d{2})(?![\d:]))"};
const Pattern kOrdinal{R"(第\s?(\d+))"};
const Pattern kFraction{LECTIO_ZH_BEFORE R"((\d{1,4})/(\d{1,4})(?![\d/]))"};
const Pattern kPercentRange{LECTIO_ZH_BEFORE "(" LECTIO_ZH_NUM
                                             R"()\s?[%％]?\s?[-~～–—至到]\s?()" LECTIO_ZH_NUM
                                             R"()\s?[%％])"};
const Pattern kPercent{LECTIO_ZH_BEFORE R"(([-−])?()" LECTIO_ZH_NUM R"()\s?[%％])"};
const Pattern kCurrency{
    LECTIO_ZH_BEFORE
    R"(([-−])?(US\$|[$¥￥€£])\s?()" LECTIO_ZH_NUM
    R"()(?:\s?(万亿|万|亿|thousand|million|billion|trillion|bn|[kKMBT])(?![A-Za-z]))?)"
    R"((?:\s?[-~～–—至到]\s?(?:US\$|[$¥￥€£])?()" LECTIO_ZH_NUM R"())?)"};
const Pattern kMultiplier{LECTIO_ZH_BEFORE "(" LECTIO_ZH_NUM
                                           R"()(?:\s?[-~～–—至到]\s?()" LECTIO_ZH_NUM
                                           R"())?\s?[x×倍](?![A-Za-z]))"};

// Measure words after which 2 is 两: "两个", "两种", "两次".
const std::set<std::string, std::less<>> kMeasureWords = {
    "个", "种", "次", "位", "台", "块", "张", "本", "条", "件", "家", "层", "天",
    "年", "周", "小", "分", "秒", "名", "只", "辆", "部", "篇", "句", "步", "组",
    "类", "批", "支", "片", "颗", "场", "份", "项", "轮", "倍", "点"};

}  // namespace

std::string expand_numbers_zh(std::string_view text) {
  // "GPT-4" is a name and a number, not a minus sign: "GPT 四".
  static const Pattern kNameHyphen{R"((?<=[A-Za-z])-(?=\d))"};
  std::string s = kNameHyphen.replace(text, " ");
  s = kIsoDate.rewrite(s, date_words);
  s = kYear.rewrite(s, [](const Match& m) { return zh_digits(m.str(1)) + "年"; });
  s = kMonthDay.rewrite(
      s, [](const Match& m) { return zh_cardinal(m.str(1)) + std::string(m.str(2)); });
  s = kTime.rewrite(s, time_words);
  s = kOrdinal.rewrite(s, [](const Match& m) { return "第" + zh_cardinal(m.str(1)); });
  s = kFraction.rewrite(
      s, [](const Match& m) { return zh_cardinal(m.str(2)) + "分之" + zh_cardinal(m.str(1)); });
  s = kPercentRange.rewrite(s, [](const Match& m) {
    return "百分之" + zh_number(m.str(1)) + "到百分之" + zh_number(m.str(2));
  });
  s = kPercent.rewrite(s, [](const Match& m) {
    return std::string(m.has(1) ? "负" : "") + "百分之" + zh_number(m.str(2));
  });
  s = kCurrency.rewrite(s, [](const Match& m) {
    std::string out = m.has(1) ? "负" : "";
    out += scaled(m.str(3), m.str(4));
    if (m.has(5)) out += "到" + scaled(m.str(5), m.str(4));
    const std::string name = currency_name(m.str(2));
    return m.after().starts_with(name) || m.after().starts_with("块") ? out : out + name;
  });
  s = kMultiplier.rewrite(s, [](const Match& m) {
    return zh_number(m.str(1)) + (m.has(2) ? "到" + zh_number(m.str(2)) : "") + "倍";
  });
  static const Pattern kQuantity{
      LECTIO_ZH_BEFORE R"(([-−](?=\d))?()" LECTIO_ZH_NUM R"()(?:\s?[-~～–—至到]\s?()" LECTIO_ZH_NUM
                       R"())?(?:([kKMBT])(?![A-Za-z])|\s?(thousand|million|billion)(?![A-Za-z]))?)"
                       R"((?:\s?()" +
      unit_alternation(true) + ")|(" + unit_alternation(false) + R"())?(?![A-Za-z0-9]))"};
  return kQuantity.rewrite(s, [](const Match& m) -> std::optional<std::string> {
    const std::string_view number = m.str(2);
    const std::string_view magnitude = m.has(4) ? m.str(4) : m.str(5);
    const std::string_view unit = m.has(6) ? m.str(6) : m.str(7);
    std::string out = m.has(1) ? "负" : "";
    // Ten digits or more, unless round ("1000000000000"), is a phone or serial number.
    const bool digits = number.size() >= 10 &&
                        number.find_first_of(",.") == std::string_view::npos &&
                        !number.ends_with("0000");
    if (digits) return out + zh_digits(number);  // phone and serial numbers
    const std::string_view next = m.after().substr(0, 3);
    if (number == "2" && !m.has(3) && magnitude.empty() && unit.empty() &&
        kMeasureWords.contains(next)) {
      return out + "两";
    }
    out += magnitude.empty() ? zh_number(number) : scaled(number, magnitude);
    if (m.has(3))
      out += "到" + (magnitude.empty() ? zh_number(m.str(3)) : scaled(m.str(3), magnitude));
    if (!unit.empty()) out += " " + unit_words_zh(unit) + " ";
    return out;
  });
}

}  // namespace lectio::speech::detail
