#pragma once
// The questions the FAQ may ask, found in the lesson's material: what its sentences define or
// tell how to do, the headings that are questions or name a thing (faq.cpp answers them).
#include <string>
#include <vector>

#include "lectio/extract/candidates.h"
#include "lectio/lesson/brief.h"
#include "lectio/lesson/material.h"

namespace lectio::compose {

// A question for the FAQ and how to answer it.
struct Ask {
  std::string question;
  std::string focus;
  int lead = -1;         // a definition: the sentence that answers it, said first
  int insight = -1;      // an insight's own question: answered from its sections
  std::string heading;   // a heading's question: answered from the chunks under it
  std::string must_say;  // a word the answer's first sentence must say (its stem), if any
  bool whole = false;    // the lead answers it all: kept with no sentence after it
  bool option = false;   // what an option's definition says it does: only a few are kept
  // The source's own question (a FAQ's heading "What should I put in user.name?"), answered
  // first by the text under it: the source says what answers it, not a shared word.
  bool asked_by_source = false;
};

// The candidates not in any of `parts` (each a per-candidate worth, 0 outside); none when
// there are no parts.
std::vector<bool> outside_of(const std::vector<const std::vector<double>*>& parts,
                             std::size_t count);

// The questions the material's sentences answer (the terms they define, the tasks they tell
// how to do), each once, the sentences worth most to the lesson first.
std::vector<Ask> content_questions(const lesson::Brief& brief, const lesson::Material& material,
                                   const std::vector<extract::Candidate>& candidates,
                                   const std::vector<double>& worth,
                                   const std::vector<bool>& outside, double min_worth,
                                   const std::vector<std::string>& lesson_terms);

// Whether the sentence says the word (by its stem); any sentence says the empty word.
bool says(const std::string& sentence, const std::string& word, const std::string& lang);

// The questions the headings of the material's sections ask (topic_question), the sections
// worth most first, none about what an earlier question in `asked` already asks.
std::vector<Ask> topic_questions(const lesson::Brief& brief, const lesson::Material& material,
                                 const std::vector<extract::Candidate>& candidates,
                                 const std::vector<double>& worth, const std::vector<bool>& outside,
                                 const std::vector<Ask>& asked);

// The questions of a condition or a reason (faq_clauses.h) that the candidates not `outside`
// and worth something answer, a few of each kind, the sentences worth most first, none that
// `asked` asks already. They ask after a detail: the FAQ asks them last, to reach its minimum.
std::vector<Ask> clause_questions(const lesson::Brief& brief,
                                  const std::vector<extract::Candidate>& candidates,
                                  const std::vector<double>& worth,
                                  const std::vector<bool>& outside, const std::vector<Ask>& asked);

}  // namespace lectio::compose
