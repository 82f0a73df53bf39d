#pragma once
// Cards and quiz questions written by someone other than the built-in engine (the LLM engine's
// model), and the rules they are held to before a learner sees them: the same grounding
// verifier that holds script sentences, and the built-in engine's quality rules.
#include <map>
#include <string>
#include <vector>

#include "lectio/lesson/lesson.h"

namespace lectio::study {

// Drafts cards and questions for a lesson. Their `sentence`/`explanation` is the sentence of
// the chunk the fact comes from and `chunk_id` that chunk; ids and option order are the
// holder's business. Implementations may throw lectio::Error (a server that fails).
class CardWriter {
 public:
  virtual ~CardWriter() = default;
  virtual std::string name() const = 0;  // the StudySet's engine when its cards are kept
  // `chunk_texts`: every chunk of the sources the lesson cites, by id.
  virtual lesson::StudySet write(const lesson::Lesson& lesson,
                                 const std::map<std::string, std::string>& chunk_texts) = 0;
  // What the writer's requests have cost so far (requests, retries, tokens); add_study_set
  // adds it to the lesson's usage.
  virtual lesson::EngineUsage spent() const { return {}; }
};

struct HeldStudySet {
  lesson::StudySet set;
  // One line for each card or question left out, naming it and why ("card 3: its answer is
  // not in its chunk").
  std::vector<std::string> dropped;
  int wrong_options_dropped = 0;  // wrong options the sources state as true
};

// Holds written cards and questions to these rules; a card or question that breaks one is
// left out, with the reason:
// - it cites a chunk of the lesson's sources, and its sentence is in that chunk word for word;
// - its answer is held by that chunk (grounding::check_claim of the filled-in cloze, or of the
//   answer against its sentence): supported, with no name or number the chunk lacks;
// - it tests one fact that matters: its answer carries a content word and is short; no two
//   cards (or questions) test the same answer or come from the same sentence;
// - a cloze hides exactly one "___"; a Chinese lesson's cards are in Chinese;
// - a question keeps three wrong options after those the sources state as true (the sentence
//   with the wrong option in place of the right one) and duplicates are dropped.
// Kept items get stable ids and a right option placed by their id, as the built-in engine's.
HeldStudySet hold_study_set(const lesson::StudySet& written, const lesson::Lesson& lesson,
                            const std::map<std::string, std::string>& chunk_texts);

}  // namespace lectio::study
