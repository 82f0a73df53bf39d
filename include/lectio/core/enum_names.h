#pragma once
// One table of names per enum: the name an enum value is written as (JSON, YAML, SQL, the
// command line) and the value a name is read back as come from the same table, so the two
// directions cannot drift apart.
//
//   constexpr EnumNames<Format, 2> kFormatNames{{{Format::kText, "text"}, {Format::kPdf, "pdf"}}};
//   name_of(kFormatNames, Format::kPdf)  -> "pdf"
//   value_of(kFormatNames, "pdf")        -> Format::kPdf; std::nullopt for an unknown name
#include <array>
#include <cstddef>
#include <optional>
#include <string_view>
#include <utility>

namespace lectio {

template <typename Enum, std::size_t N>
using EnumNames = std::array<std::pair<Enum, std::string_view>, N>;

// The value's name; the first entry's name for a value the table lacks (a table lists every
// value, so that only happens for a value cast from an out-of-range integer).
template <typename Enum, std::size_t N>
constexpr std::string_view name_of(const EnumNames<Enum, N>& names, Enum value) {
  for (const auto& [v, name] : names) {
    if (v == value) return name;
  }
  return names.front().second;
}

template <typename Enum, std::size_t N>
constexpr std::optional<Enum> value_of(const EnumNames<Enum, N>& names, std::string_view name) {
  for (const auto& [v, n] : names) {
    if (n == name) return v;
  }
  return std::nullopt;
}

// The names in table order, e.g. for "must be one of ..." messages and choices.
template <typename Enum, std::size_t N>
constexpr std::array<std::string_view, N> names_in(const EnumNames<Enum, N>& names) {
  std::array<std::string_view, N> out{};
  for (std::size_t i = 0; i < N; ++i) out[i] = names[i].second;
  return out;
}

}  // namespace lectio
