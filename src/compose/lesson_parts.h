#pragma once
// Parts of a lesson beyond the script, made by the extractive engine: retrieval foci, the best
// quote and fallback tags; and the spoken frame (intro, outro) every engine uses. The FAQ is in
// faq.h.
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "lectio/extract/candidates.h"
#include "lectio/extract/selection.h"
#include "lectio/lesson/brief.h"
#include "lectio/lesson/lesson.h"
#include "phrasing.h"

namespace lectio::compose {

// Words the intro and the outro take, kept out of the insights' budget.
inline constexpr int kFrameWords = 90;

// A line that makes no claim (greeting, transition): no citation, not verified.
lesson::ScriptSentence connective(std::string text, const std::string& speaker);

// The greeting (with the co-host's in a dialogue) and the agenda.
lesson::ScriptSection intro_section(const lesson::Brief& brief, const Phrasing& say);
// The recap cue, the recap and the sign-off. The recap says `points` (one cited sentence per
// insight section, recap_point()) when there are any, else names the insights covered.
lesson::ScriptSection outro_section(const lesson::Brief& brief, const Phrasing& say,
                                    std::vector<lesson::ScriptSentence> points = {});

// The terms of `text` that stand right after another content word, as a head after its
// modifier: "substitution" in "How parameter and command substitution work", not "history" in
// "How to look at history".
std::set<std::string> qualified_terms(const std::string& text, const std::string& language);

// The terms of English's light verbs ("make", "do", "take", "get", "have", "give", "put",
// "go"): in "make the first commit" the noun says what is done; a heading that shares only the
// verb ("Making changes") is not about it. Empty for other languages.
std::set<std::string> light_verbs(const std::string& language);

// The focus for an insight or question: its content terms plus the retrieval ranking of the
// material's chunks for it (through the search index when there is one).
extract::Focus focus_for(const std::string& text, const lesson::Brief& brief,
                         const lesson::Material& material);

// One memorable sentence, verbatim from its chunk.
std::optional<lesson::BestQuote> pick_best_quote(const lesson::Brief& brief,
                                                 const lesson::Material& material,
                                                 const std::vector<extract::Candidate>& candidates,
                                                 const extract::Scorer& scorer);

// Tags from the material's most characteristic terms, when the brief gives none.
std::vector<std::string> top_terms_as_tags(const std::vector<extract::Candidate>& candidates,
                                           const std::string& language);

}  // namespace lectio::compose
