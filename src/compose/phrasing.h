#pragma once
// What the host says around the material, in English and Chinese: greetings, the agenda,
// transitions, the recap and the sign-off, plus titles and FAQ questions made from the brief.
// Connective lines make no claims about the world, so they need no citation. Choices among
// variants are deterministic (seeded by the brief), so the same brief gives the same lesson.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "lectio/lesson/brief.h"

namespace lectio::compose {

class Phrasing {
 public:
  // Keeps a reference to `brief`, which must outlive the Phrasing; a temporary cannot.
  Phrasing(const lesson::Brief& brief, std::uint64_t seed);
  Phrasing(lesson::Brief&& brief, std::uint64_t seed) = delete;

  std::vector<std::string> greeting() const;  // hello, who is speaking, the topic
  std::string agenda() const;                 // the insights to come, in order
  // The insights of the brief at `covered` (indices), in order: what the lesson will say.
  std::string agenda(const std::vector<int>& covered) const;
  // "Let's start with ..." for insight `index`, the `position`-th (from 0) of `count` sections.
  std::string section_opening(int index, int count) const;  // position == index
  std::string section_opening(int index, int position, int count) const;
  std::string section_question(int index) const;  // co-host's question in a dialogue
  // The co-host's turn before the host's next sentence, made from what that sentence gives:
  // a prompt for an example, a reason or a caution only when the sentence gives one, else a
  // question naming what it is about (the heading it comes from, or its subject). Nothing when
  // the sentence gives no such hold; then the co-host waits for a later one or reacts.
  std::optional<std::string> follow_up(const std::string& next, const std::string& heading,
                                       int salt) const;
  // The lesson's `nth` reaction (from 0): a short line that claims and promises nothing
  // ("Got it."). Each round of reactions says every variant once and none is said twice in a
  // row, so the caller counts the reactions it has made.
  std::string reaction(int nth) const;
  std::string recap_cue() const;
  std::string recap() const;                                 // restates the insights covered
  std::string recap(const std::vector<int>& covered) const;  // ... those at `covered`
  std::vector<std::string> sign_off() const;

  std::string title() const;
  std::string description(double minutes) const;
  // A learner's question about an insight or a heading.
  std::string question_about(const std::string& phrase) const;
  // "What is the main difference between GPU and TPU?" for an "X vs Y" topic.
  std::optional<std::string> difference_question() const;
  // The two things an "X vs Y" topic compares.
  std::optional<std::pair<std::string, std::string>> compared() const;
  std::string unsupported_note(const std::string& insight) const;

 private:
  std::string pick(const std::vector<std::string>& variants, int salt) const;
  // 0 .. n-1 in the seed's order for round `round` of the reactions.
  std::vector<int> round_order(int n, int round) const;
  bool zh() const { return brief_.language == "zh"; }

  const lesson::Brief& brief_;
  std::uint64_t seed_;
};

// The short noun phrase a sentence opens with as its subject ("The rollback journal is a
// file ..." -> "the rollback journal"; in Chinese what comes before 是), or nothing.
std::optional<std::string> sentence_subject(const std::string& sentence, bool zh);

// "Why GPUs became ..." -> "why GPUs became ...": lower-cases the first letter unless the
// first word is an acronym or a name-like word.
std::string lower_first(const std::string& phrase);

// Capitalises each major word, keeping acronyms and small words ("of", "vs").
std::string title_case(const std::string& phrase);

}  // namespace lectio::compose
