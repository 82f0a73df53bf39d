#include "units.h"

#include <algorithm>
#include <array>
#include <vector>

namespace lectio::speech::detail {

namespace {

struct Unit {
  std::string_view symbol;
  std::string_view one;
  std::string_view many;
  std::string_view zh;
};

// Chinese speakers say data sizes by their letters ("八十 G B"), and espeak-ng's Mandarin voice
// reads separated capitals as letters, so those stay spelled; metric units have common names.
constexpr std::array kUnits = {
    Unit{"KB", "kilobyte", "kilobytes", "K B"},
    Unit{"kB", "kilobyte", "kilobytes", "K B"},
    Unit{"MB", "megabyte", "megabytes", "M B"},
    Unit{"GB", "gigabyte", "gigabytes", "G B"},
    Unit{"TB", "terabyte", "terabytes", "T B"},
    Unit{"PB", "petabyte", "petabytes", "P B"},
    Unit{"KiB", "kibibyte", "kibibytes", "K B"},
    Unit{"MiB", "mebibyte", "mebibytes", "M B"},
    Unit{"GiB", "gibibyte", "gibibytes", "G B"},
    Unit{"TiB", "tebibyte", "tebibytes", "T B"},
    Unit{"Mb", "megabit", "megabits", "兆比特"},
    Unit{"Gb", "gigabit", "gigabits", "吉比特"},
    Unit{"bps", "bit per second", "bits per second", "比特每秒"},
    Unit{"kbps", "kilobit per second", "kilobits per second", "千比特每秒"},
    Unit{"Mbps", "megabit per second", "megabits per second", "兆比特每秒"},
    Unit{"Gbps", "gigabit per second", "gigabits per second", "吉比特每秒"},
    Unit{"MB/s", "megabyte per second", "megabytes per second", "M B 每秒"},
    Unit{"GB/s", "gigabyte per second", "gigabytes per second", "G B 每秒"},
    Unit{"TB/s", "terabyte per second", "terabytes per second", "T B 每秒"},
    Unit{"Hz", "hertz", "hertz", "赫兹"},
    Unit{"kHz", "kilohertz", "kilohertz", "千赫兹"},
    Unit{"MHz", "megahertz", "megahertz", "兆赫兹"},
    Unit{"GHz", "gigahertz", "gigahertz", "G 赫兹"},
    Unit{"nm", "nanometer", "nanometers", "纳米"},
    Unit{"µm", "micrometer", "micrometers", "微米"},
    Unit{"μm", "micrometer", "micrometers", "微米"},
    Unit{"mm", "millimeter", "millimeters", "毫米"},
    Unit{"cm", "centimeter", "centimeters", "厘米"},
    Unit{"m", "meter", "meters", "米"},
    Unit{"km", "kilometer", "kilometers", "公里"},
    Unit{"ft", "foot", "feet", "英尺"},
    Unit{"mg", "milligram", "milligrams", "毫克"},
    Unit{"g", "gram", "grams", "克"},
    Unit{"kg", "kilogram", "kilograms", "公斤"},
    Unit{"lb", "pound", "pounds", "磅"},
    Unit{"lbs", "pound", "pounds", "磅"},
    Unit{"oz", "ounce", "ounces", "盎司"},
    Unit{"ns", "nanosecond", "nanoseconds", "纳秒"},
    Unit{"µs", "microsecond", "microseconds", "微秒"},
    Unit{"μs", "microsecond", "microseconds", "微秒"},
    Unit{"ms", "millisecond", "milliseconds", "毫秒"},
    Unit{"s", "second", "seconds", "秒"},
    Unit{"sec", "second", "seconds", "秒"},
    Unit{"min", "minute", "minutes", "分钟"},
    Unit{"h", "hour", "hours", "小时"},
    Unit{"hr", "hour", "hours", "小时"},
    Unit{"hrs", "hour", "hours", "小时"},
    Unit{"mW", "milliwatt", "milliwatts", "毫瓦"},
    Unit{"W", "watt", "watts", "瓦"},
    Unit{"kW", "kilowatt", "kilowatts", "千瓦"},
    Unit{"MW", "megawatt", "megawatts", "兆瓦"},
    Unit{"GW", "gigawatt", "gigawatts", "吉瓦"},
    Unit{"Wh", "watt hour", "watt hours", "瓦时"},
    Unit{"kWh", "kilowatt hour", "kilowatt hours", "千瓦时"},
    Unit{"MWh", "megawatt hour", "megawatt hours", "兆瓦时"},
    Unit{"GWh", "gigawatt hour", "gigawatt hours", "吉瓦时"},
    Unit{"TWh", "terawatt hour", "terawatt hours", "太瓦时"},
    Unit{"V", "volt", "volts", "伏"},
    Unit{"kV", "kilovolt", "kilovolts", "千伏"},
    Unit{"mA", "milliamp", "milliamps", "毫安"},
    Unit{"mAh", "milliamp hour", "milliamp hours", "毫安时"},
    Unit{"°C", "degree Celsius", "degrees Celsius", "摄氏度"},
    Unit{"℃", "degree Celsius", "degrees Celsius", "摄氏度"},
    Unit{"°F", "degree Fahrenheit", "degrees Fahrenheit", "华氏度"},
    Unit{"℉", "degree Fahrenheit", "degrees Fahrenheit", "华氏度"},
    Unit{"°", "degree", "degrees", "度"},
    Unit{"FLOPS", "flop", "flops", "FLOPS"},
    Unit{"GFLOPS", "gigaflop", "gigaflops", "G FLOPS"},
    Unit{"TFLOPS", "teraflop", "teraflops", "T FLOPS"},
    Unit{"PFLOPS", "petaflop", "petaflops", "P FLOPS"},
    Unit{"TOPS", "top", "tops", "TOPS"},
    Unit{"fps", "frame per second", "frames per second", "帧每秒"},
    Unit{"dB", "decibel", "decibels", "分贝"},
    Unit{"px", "pixel", "pixels", "像素"},
    Unit{"km/h", "kilometer per hour", "kilometers per hour", "公里每小时"},
    Unit{"mph", "mile per hour", "miles per hour", "英里每小时"},
    Unit{"m/s", "meter per second", "meters per second", "米每秒"},
    Unit{"ml", "milliliter", "milliliters", "毫升"},
    Unit{"mL", "milliliter", "milliliters", "毫升"},
};

const Unit* find_unit(std::string_view symbol) {
  for (const Unit& unit : kUnits) {
    if (unit.symbol == symbol) return &unit;
  }
  return nullptr;
}

}  // namespace

std::string unit_alternation(bool spaced) {
  std::vector<std::string_view> symbols;
  for (const Unit& unit : kUnits) {
    if (spaced && (unit.symbol.size() == 1 || unit.symbol == "°")) continue;
    symbols.push_back(unit.symbol);
  }
  std::sort(symbols.begin(), symbols.end(),
            [](std::string_view a, std::string_view b) { return a.size() > b.size(); });
  std::string out;
  for (const std::string_view symbol : symbols) {
    if (!out.empty()) out += '|';
    out += "\\Q";
    out += symbol;
    out += "\\E";
  }
  return out;
}

std::string unit_words(std::string_view unit, bool one) {
  const Unit* found = find_unit(unit);
  if (found == nullptr) return std::string(unit);
  return std::string(one ? found->one : found->many);
}

std::string unit_words_zh(std::string_view unit) {
  const Unit* found = find_unit(unit);
  return std::string(found == nullptr ? unit : found->zh);
}

}  // namespace lectio::speech::detail
