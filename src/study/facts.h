#pragma once
// Finding the fact a cited sentence teaches (a term in capitals, a figure with its unit, a
// definition, a key term of the lesson) and what other facts of the same kind the sources hold,
// for wrong options. Private to the study module.
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "lectio/lesson/study.h"

namespace lectio::study {

// A fact found in a sentence: the words a card hides or asks for.
struct Fact {
  lesson::FactKind kind = lesson::FactKind::kTerm;
  std::string answer;     // as written in the sentence
  std::size_t begin = 0;  // byte span of the answer in the sentence (cloze)
  std::size_t end = 0;
  std::string unit;        // a figure's unit word, lower-cased ("parts"); a command's family
  std::string subject;     // a definition's subject ("the rollback journal"); the answer follows
  int priority = 0;        // higher: more worth a card
  std::string chunk_text;  // the cited chunk's text (wrong options found there come first)
};

// What the sources say, gathered once per lesson: the text of every chunk of the cited
// sources, their words' document frequencies and the candidate facts of each kind.
class SourceFacts {
 public:
  // Keeps a pointer to chunk_texts, which must outlive it.
  SourceFacts(const std::map<std::string, std::string>& chunk_texts, std::string language);

  const std::string& language() const { return language_; }
  // Inverse document frequency of a lower-cased word over the chunks (0 for a word in all).
  double idf(const std::string& word) const;
  // The members of a command family ("git" -> {"commit", "log" ...}); empty for no family.
  const std::map<std::string, int>& command_family(const std::string& prefix) const;
  // True when the sources contain this text, comparing letters and digits only.
  bool sources_say(std::string_view text) const;
  // Wrong options of the same kind as `fact`, most frequent first, none equal to the answer
  // nor found in `sentence`; at most `n`.
  std::vector<std::string> others_like(const Fact& fact, std::string_view sentence,
                                       std::size_t n) const;

 private:
  // Options of the same kind as `fact` with how often the sources use each, unordered.
  std::vector<std::pair<int, std::string>> options_of_kind(const Fact& fact) const;

  std::string language_;
  std::string normalized_;  // every chunk's text, normalized, separated by '\n'
  std::size_t chunk_count_ = 0;
  std::map<std::string, int> document_frequency_;
  std::map<std::string, int> capitals_;  // terms in capitals
  std::map<std::string, int> names_;     // mixed-case names mid-sentence ("PyTorch", "Google")
  // Command families: "git" for git-commit, git-log, git-diff (a prefix that three or more
  // hyphenated words of the sources share), with each member's count.
  std::map<std::string, std::map<std::string, int>> commands_;
  std::map<std::string, std::map<std::string, int>> figures_;  // unit -> figure -> count
  std::map<std::string, int> key_terms_;                       // content words, lower-cased
  // What definitions say, found only when a definition needs wrong options: splitting every
  // chunk into sentences was most of the time making a lesson's cards took.
  const std::map<std::string, std::string>* chunk_texts_;
  mutable std::optional<std::map<std::string, int>> definitions_;
};

// Letters and digits of `text`, lower-cased, words separated by one space.
std::string normalized(std::string_view text);

// Whether a cited sentence can stand alone on a card: not a layout fragment, not opening with
// a word that points back to an earlier sentence, neither too short nor too long.
bool stands_alone(std::string_view sentence, std::string_view language);

// The facts of a sentence, best first. `lesson_words` counts the lesson's content words (a key
// term must recur in the lesson); `insight_words` are the section's insight's words, which a
// key term must not repeat (the insight would give it away).
std::vector<Fact> facts_of(std::string_view sentence, const SourceFacts& sources,
                           const std::map<std::string, int>& lesson_words,
                           const std::set<std::string>& insight_words);

// "card_" or "quiz_" and 12 hex digits of the key's hash: the same fact of the same lesson keeps
// its id.
std::string short_id(std::string_view prefix, std::string_view key);

// Sets q.answer and q.options: the wrong options in order, with `right` at a place that depends
// on q.id only, so that the same lesson gives the same quiz and the right answer is not always
// first.
void place_options(lesson::QuizQuestion& q, const std::string& right,
                   std::vector<std::string> wrong);

// The definition a sentence states ("The rollback journal is an ordinary disk file ..."), in
// English only.
std::optional<Fact> definition_of(std::string_view sentence);

}  // namespace lectio::study
