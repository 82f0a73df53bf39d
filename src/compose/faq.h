#pragma once
// The lesson's FAQ: questions a learner would ask after hearing it, each answered by cited
// sentences of the lesson's material picked by the question-answering core of `lectio ask`.
#include <string>
#include <vector>

#include "lectio/extract/candidates.h"
#include "lectio/extract/selection.h"
#include "lectio/lesson/brief.h"
#include "lectio/lesson/lesson.h"
#include "phrasing.h"

namespace lectio::compose {

// 4-8 questions a learner would ask after the lesson, each answered by 2-4 cited sentences;
// fewer when the material cannot answer more. The questions come from what the lesson's
// material says (the terms it defines, the tasks it tells how to do, an "X vs Y" topic's
// difference); the insights themselves are asked only while there are fewer than four. Every
// answer is picked by the question-answering core of `lectio ask` from the lesson's material:
// `per_insight` gives, per insight, each candidate's worth in its sections (0: not its
// material); an insight's own question is answered from its own. Empty: every sentence.
// `core` marks the sentences the questions may come from (InsightMaterial::core: the sections'
// own teaching, not a subsection's aside); empty: every sentence of the material.
// `best_part`: per insight, the worth of the candidates in the section that teaches it best
// (InsightMaterial::regions' first), where its own question is answered first; may be empty.
std::vector<lesson::FaqItem> write_faq(const lesson::Brief& brief, const lesson::Material& material,
                                       const std::vector<extract::Candidate>& candidates,
                                       const extract::Scorer& scorer, const Phrasing& say,
                                       const std::vector<std::vector<double>>& per_insight = {},
                                       const std::vector<bool>& core = {},
                                       const std::vector<std::vector<double>>& best_part = {});

// What the FAQ's answers so far have said, per candidate. A FAQ is read or heard after the
// lesson, an answer at a time: an answer may remind the learner of a sentence the lesson or
// another answer said, but two answers that open with the same sentence are one answer twice.
struct FaqSaid {
  explicit FaqSaid(std::size_t count) : led(count, false), answered(count, false) {}
  std::vector<bool> led;       // led an answer (or nearly repeats one that did): not used again
  std::vector<bool> answered;  // in an answer (or nearly repeats one): may follow, not lead
};

// The FAQ's answer to one question: up to 3 cited sentences that answer it, picked by the
// same question-answering core as `lectio ask`, with the material's chunks ranked for
// `focus_text` (the brief's words for what it asks); fewer or none when the material does not
// answer it. Its first sentence is one no earlier answer said, the others none that led an
// earlier answer (`said` is updated when it answers). Candidates marked in `outside` are not
// used (may be empty).
lesson::FaqItem answer_faq(const std::string& question, const std::string& focus_text,
                           const lesson::Brief& brief, const lesson::Material& material,
                           const std::vector<extract::Candidate>& candidates,
                           const extract::Scorer& scorer, FaqSaid& said,
                           const std::vector<bool>& outside = {});

}  // namespace lectio::compose
