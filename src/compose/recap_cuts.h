#pragma once
// Where the recap may cut a sentence, and what the cut must leave and never drop
// (shorten_for_recap() in recap.h puts them together). English and Chinese.
#include <cstddef>
#include <string>
#include <string_view>

namespace lectio::compose {

// Whether an English head reads as a sentence of its own: five words or more, a verb, not
// ending on a word that needs more after it, no subordinate clause without its main clause,
// no list, quotation or bracket left open.
[[nodiscard]] bool whole(const std::string& head);

// Whether a Chinese head reads as a sentence of its own: eight characters or more, its main
// clause in it, no quotation or bracket left open.
[[nodiscard]] bool whole_zh(const std::string& head);

// Whether cutting `tail` off would drop a clause that limits the rest: a condition, an
// exception, a negation or a bound ("unless ...", "除非……").
[[nodiscard]] bool drops_a_limit_en(std::string_view tail);
[[nodiscard]] bool drops_a_limit_zh(std::string_view tail);

// Whether a negated head's dropped tail is its reason ("X does not test Y because Z": the
// negation may deny only the reason).
[[nodiscard]] bool negated_reason(const std::string& head, std::string_view tail);

// The sentence without asides in brackets that only name or give examples.
[[nodiscard]] std::string without_asides(const std::string& sentence, bool zh);

// The sentence without words that only frame it for its page ("Note that", "thus").
[[nodiscard]] std::string without_frame(std::string sentence, bool zh);

// Where a list's lead-in that counts its items ends ("There are three quoting mechanisms"),
// or npos.
[[nodiscard]] std::size_t counted_lead_in(const std::string& lean, bool zh);

// Where the first item of a series of like items ends, or npos (English).
[[nodiscard]] std::size_t series_cut(const std::string& lean);

// Where a restrictive modifier of an indefinite object after a copula begins, or npos
// (English): "... is an ordinary disk file that is always located ..." -> "... is an ordinary
// disk file".
[[nodiscard]] std::size_t modifier_cut(const std::string& lean);

}  // namespace lectio::compose
