#pragma once
// What keeps a source sentence from being spoken as a lesson sentence, judged on the sentence
// alone: it points at the page rather than the idea ("the following", "see Section 3"), it is
// a table cell or list fragment rather than a sentence, or it carries text nobody says aloud
// (URLs, paths, section numbers, code). Sentences that point back ("This ...", "However, ...")
// are fit to speak, but only right after the sentence they point back to (points_back()).
// Rules are by language ("en", "zh"); docs/benchmarks.md ("Lessons on real documentation")
// says how the Chinese word lists were adapted from the English ones.
#include <string>
#include <string_view>

namespace lectio::extract {

enum class Unfit {
  kNone,
  kLayout,    // refers to the page's layout: "below", "the following", "see Section 2"
  kFragment,  // not a sentence when heard: too short, a list item, a subjectless description
  kMarkup,    // URLs, file paths, section numbers, code and command lines
  kLength,    // too long to follow by ear
};

// The first rule the sentence breaks, or kNone. `length_scale` multiplies the length caps: a
// list said with its lead-in is followed item by item, so it may run longer (spoken_lists.h).
[[nodiscard]] Unfit why_unfit(std::string_view sentence, const std::string& language,
                              int length_scale = 1);

// True when an English clause holds a word that could be its finite verb: an auxiliary or
// modal, a pronoun subject (which always has one), or a word after the first in -s or -ed.
// Lenient (a plural noun passes), but a subject alone is caught ("A team working in JAX").
[[nodiscard]] bool has_finite_verb(std::string_view clause);

// True when the sentence opens with a word or phrase that refers back to something said
// before it ("It", "These", "However", "In this case"; "这", "此外"), or is wholly in brackets,
// an aside on the sentence before it. In English also when a clause of condition or time opens
// on a pointing subject ("If this branch ..."), or when a demonstrative anywhere in it places
// what it names in the text before ("that last command", "the preceding", "the former").
[[nodiscard]] bool points_back(std::string_view sentence, const std::string& language);

// True when the text ends as a sentence does (a full stop, "!" or "?", also before a closing
// quote or parenthesis; "。！？" in Chinese): a line that does not is a heading, a list item or
// a lead-in, not something said as a claim.
[[nodiscard]] bool ends_like_sentence(std::string_view s, const std::string& language);

}  // namespace lectio::extract
