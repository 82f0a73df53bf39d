#pragma once
// Units of measure written after numbers ("80GB", "3.2 GHz", "25 °C") and their spoken names.
#include <string>
#include <string_view>

namespace lectio::speech::detail {

// A regex alternation of unit symbols, longest first. `spaced`: the units that may stand apart
// from their number ("80 GB"); one-letter units ("5m", "60W") count only when attached, since
// "5 m" and "plan 2 W" are too often something else.
std::string unit_alternation(bool spaced);

// "GB" -> "gigabyte" (one) or "gigabytes"; "km/h" -> "kilometers per hour".
std::string unit_words(std::string_view unit, bool one);

// The Chinese reading: "km" -> 公里, "GB" -> "G B" (how Chinese speakers say it).
std::string unit_words_zh(std::string_view unit);

}  // namespace lectio::speech::detail
