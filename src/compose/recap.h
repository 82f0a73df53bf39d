#pragma once
// The recap: the lesson's main points said again, one short cited sentence per insight
// section -- its strongest sentence, shortened so that it is heard as a reminder and not as a
// repeat, and held to the same grounding bar as every other claim.
#include <optional>
#include <string>
#include <vector>

#include "lectio/extract/selection.h"
#include "lectio/lesson/lesson.h"
#include "lectio/lesson/material.h"

namespace lectio::compose {

// The sentence cut to its main clause: up to the first clause boundary (", which", "; ",
// " because ", ...; "，" in Chinese), to a list's lead-in that counts its items ("There are
// three quoting mechanisms: ..."), or to the first item of a series of like items, when what
// is left is a whole sentence of at least five words (eight characters in Chinese), fit to be
// heard (extract::why_unfit), pointing at nothing it was said beside ("this", "also"), and
// sharing less than kRecapOverlap of its content terms with the whole. A cut never drops a
// clause of condition, exception, negation, contrast or time ("if", "unless", "but", "除非",
// "否则" ...), which could reverse what is left; asides in brackets that only name or give
// examples, and words that frame the sentence for its page ("Note that", "thus"), are left
// out. Nothing when it cannot be so shortened.
[[nodiscard]] std::optional<std::string> shorten_for_recap(const std::string& sentence,
                                                           const std::string& language);

// Content-term overlap (Jaccard) below which a shortened sentence is a reminder, not a repeat.
inline constexpr double kRecapOverlap = 0.6;

// A section's point for the recap: of the sentences it said (`said`, candidate indices), the
// strongest (high `worth` in the section, close to the section's other sentences) that
// shortens and stays supported by its chunk (grounding::kSupportThreshold), citing that chunk.
// It looks no further than the strongest third (at least three): a weak sentence that happens
// to shorten is no main point. Nothing when none of them does.
[[nodiscard]] std::optional<lesson::ScriptSentence> recap_point(const std::vector<int>& said,
                                                                const std::vector<double>& worth,
                                                                const extract::Scorer& scorer,
                                                                const lesson::Material& material,
                                                                const std::string& language);

}  // namespace lectio::compose
