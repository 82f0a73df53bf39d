#pragma once
// A list heard as a sentence. Manuals list steps and kinds as lines of their own under a
// lead-in ("There are seven kinds of expansion performed:" / "brace expansion" / ...); a
// listener hears neither the lead-in, which is no sentence, nor the items, which are not either.
// Said together they are one sentence a teacher would say: "There are seven kinds of expansion
// performed: brace expansion, tilde expansion, ..., and filename expansion."
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lectio::extract {

// The most items one sentence says; a longer list is left to the page.
inline constexpr std::size_t kMaxListItems = 8;
// How much longer than a sentence a said list may run: a listener follows it item by item.
inline constexpr int kListLengthScale = 2;

// Whether a line reads as a list item said aloud: a few plain words that open with a letter
// (a Han character in Chinese), no sentence of their own and no lead-in, with nothing a
// listener would need spelled out (no code, paths, markup, diagrams or table cells) outside
// quotes: a name in quotes (‘0,/REGEXP/’) is said as the manual writes it.
[[nodiscard]] bool list_item(std::string_view line, const std::string& language);

// A numbered line's text (after its "1.") as an item said in its lead-in's sentence: written
// as a sentence ("In a regex range addresses as ‘0,/REGEXP/’."), it loses its full stop and a
// capital on a plain opening word ("in a regex range ..."). Nothing when it is no list_item()
// then. English only.
[[nodiscard]] std::optional<std::string> numbered_item(std::string_view text,
                                                       const std::string& language);

// The one sentence `lead_in` (ending with a colon) and its `items` are heard as, in the
// document's language: "Lead: a, b, and c." / "引导：甲、乙、丙。" Items holding a comma are
// set apart with semicolons. Nothing for fewer than two items or more than kMaxListItems.
[[nodiscard]] std::optional<std::string> said_with_items(std::string_view lead_in,
                                                         const std::vector<std::string>& items,
                                                         const std::string& language);

}  // namespace lectio::extract
