#pragma once
// Parts of a lesson beyond the script, made by the extractive engine: retrieval foci, the FAQ,
// the best quote and fallback tags; and the spoken frame (intro, outro) every engine uses.
#include <optional>
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

// The focus for an insight or question: its content terms plus the retrieval ranking of the
// material's chunks for it (through the search index when there is one).
extract::Focus focus_for(const std::string& text, const lesson::Brief& brief,
                         const lesson::Material& material);

// 4-8 questions a learner would ask after the lesson, each answered by 2-4 cited sentences;
// fewer when the material cannot answer more. The questions come from what the lesson's
// material says (the terms it defines, the tasks it tells how to do, an "X vs Y" topic's
// difference); the insights themselves are asked only while there are fewer than four. Every
// answer is picked by the question-answering core of `lectio ask` from the lesson's material:
// `per_insight` gives, per insight, each candidate's worth in its sections (0: not its
// material); an insight's own question is answered from its own. Empty: every sentence.
std::vector<lesson::FaqItem> write_faq(const lesson::Brief& brief, const lesson::Material& material,
                                       const std::vector<extract::Candidate>& candidates,
                                       const extract::Scorer& scorer, const Phrasing& say,
                                       const std::vector<std::vector<double>>& per_insight = {});

// "To keep a database safe, use ..." or "If you need to undo changes that you have pushed, use
// git revert" -> "How do you keep a database safe?", "How do you undo changes that you have
// pushed?": the question a sentence telling how to do something answers; nothing for other
// sentences, nor for an aside ("To make matters worse, the ...").
std::optional<std::string> task_question(const std::string& sentence, const std::string& language);

// "The "pull" command thus performs two operations: ..." -> "What does the pull command do?":
// the question a sentence saying what a named command does answers; nothing otherwise.
std::optional<std::string> command_question(const std::string& sentence,
                                            const std::string& language);

// "How to use bisect to find a regression" -> "How do you use bisect to find a regression?":
// a heading that is a learner's question already; nothing for other headings.
std::optional<std::string> heading_question(const std::string& heading,
                                            const std::string& language);

// The FAQ's answer to one question: up to 3 cited sentences that answer it and that no earlier
// answer used (`used` is updated), picked by the same question-answering core as `lectio ask`,
// with the material's chunks ranked for `focus_text` (the brief's words for what it asks);
// fewer or none when the material does not answer it. Candidates marked in `outside` are
// not used (may be empty).
lesson::FaqItem answer_faq(const std::string& question, const std::string& focus_text,
                           const lesson::Brief& brief, const lesson::Material& material,
                           const std::vector<extract::Candidate>& candidates,
                           const extract::Scorer& scorer, std::vector<bool>& used,
                           const std::vector<bool>& outside = {});

// One memorable sentence, verbatim from its chunk.
std::optional<lesson::BestQuote> pick_best_quote(const lesson::Brief& brief,
                                                 const lesson::Material& material,
                                                 const std::vector<extract::Candidate>& candidates,
                                                 const extract::Scorer& scorer);

// Tags from the material's most characteristic terms, when the brief gives none.
std::vector<std::string> top_terms_as_tags(const std::vector<extract::Candidate>& candidates,
                                           const std::string& language);

}  // namespace lectio::compose
