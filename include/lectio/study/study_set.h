#pragma once
// The built-in engine of the study tools: flashcards and a multiple-choice quiz made from the
// sentences a lesson cites, offline. Each card tests one fact that matters to an insight of the
// lesson (a term, a figure with its unit, a definition, a key term), cites its chunk and makes
// sense without the lesson open; no two cards test the same fact or come from the same
// sentence. Each question has one right option and three wrong ones of the same kind from the
// same sources (other terms, other figures of the same unit, other definitions); a wrong
// option that the sources also state is dropped. Chinese lessons get Chinese cards.
#include <map>
#include <string>

#include "lectio/lesson/lesson.h"
#include "lectio/store/content_store.h"

namespace lectio::study {

inline constexpr int kCardsPerInsight = 4;
inline constexpr int kQuestionsPerInsight = 3;

// The cards and quiz of a lesson. `chunk_texts` maps chunk ids to their text: every chunk of
// the sources the lesson cites (the wrong options come from them).
lesson::StudySet make_study_set(const lesson::Lesson& lesson,
                                const std::map<std::string, std::string>& chunk_texts);

// The text of every chunk of the source versions the lesson cites, by chunk id.
std::map<std::string, std::string> cited_source_texts(const lesson::Lesson& lesson,
                                                      store::ContentStore& store);

class CardWriter;

// Sets lesson.study from the lesson and the store's chunks. With a writer (the LLM engine's),
// its cards and questions that hold (hold_study_set) come first, and an insight it leaves
// without any gets the built-in engine's; what was left out, and a writer that fails (the
// built-in set is kept then), are said in one line of lesson.warnings each.
void add_study_set(lesson::Lesson& lesson, store::ContentStore& store,
                   CardWriter* writer = nullptr);
// The same with the chunks given (cited_source_texts).
void add_study_set(lesson::Lesson& lesson, const std::map<std::string, std::string>& chunk_texts,
                   CardWriter* writer);

}  // namespace lectio::study
