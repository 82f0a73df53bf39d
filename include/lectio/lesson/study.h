#pragma once
// What a learner studies from a lesson: flashcards and a multiple-choice quiz, each citing the
// chunk its fact came from. Plain data, kept in the lesson (Lesson::study) and written in its
// JSON form (docs/lesson.schema.json, "study"); the study module makes them.
#include <string>
#include <vector>

namespace lectio::lesson {

enum class CardKind {
  kBasic,  // a question on the front, the answer on the back
  kCloze,  // a sentence with one part hidden
};

// What kind of fact a card or question tests; wrong options are of the same kind.
enum class FactKind { kDefinition, kTerm, kFigure, kCommand, kStep };

struct StudyCard {
  std::string id;  // stable for the same fact of the same lesson: "card_<hash12>"
  CardKind kind = CardKind::kCloze;
  FactKind fact = FactKind::kTerm;
  // Basic: the question. Cloze: the sentence with the answer replaced by "___".
  std::string front;
  std::string answer;    // the hidden words (cloze) or the answer (basic)
  std::string sentence;  // the cited sentence the card was made from, in full
  std::string chunk_id;  // the chunk that sentence cites, e.g. "file_gpu001:c0003"
  int insight_index = -1;
};

struct QuizQuestion {
  std::string id;  // "quiz_<hash12>"
  FactKind fact = FactKind::kTerm;
  std::string question;
  std::vector<std::string> options;  // four: one right, three wrong, in the order shown
  int answer = 0;                    // index of the right option
  std::string explanation;           // the cited sentence, shown after answering
  std::string chunk_id;
  int insight_index = -1;
};

struct StudySet {
  std::string engine;  // which engine made it: "extractive" or "llm:<model>"
  std::vector<StudyCard> cards;
  std::vector<QuizQuestion> quiz;
};

std::string_view card_kind_name(CardKind kind);
std::string_view fact_kind_name(FactKind kind);

// The study set's JSON form (the lesson's "study" object). study_from_json throws InvalidInput
// when the text is not one.
[[nodiscard]] std::string study_to_json(const StudySet& study, int indent = 2);
[[nodiscard]] StudySet study_from_json(std::string_view json);

}  // namespace lectio::lesson
