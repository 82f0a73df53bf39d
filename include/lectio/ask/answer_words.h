#pragma once
// The words of a question and of a candidate answer sentence side by side: what kind of thing
// the question asks for, whether the sentence holds one the question does not name, and how
// the question's terms fall in the sentence (phrases, runs, spread). The answer ranker's
// features are made of these (answer_features.h). Private to the compose module.
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "lectio/text/weighting.h"
#include "lectio/text/wordnet.h"

namespace lectio::ask {

// What kind of thing the question asks for: the answer type of lexical answer-sentence
// selection. A sentence that holds no such thing rarely answers the question.
enum class AnswerType { kAny, kNumber, kDate, kName };

[[nodiscard]] AnswerType answer_type(std::string_view question, const std::string& language);

// True when `sentence` holds a thing of the asked type that the question itself does not name.
[[nodiscard]] bool holds_type(std::string_view sentence, AnswerType type, std::string_view question,
                              const std::string& language);

// The terms of the noun a what- or which-question asks for ("team" of "Which NFL team won?",
// "year" of "In what year ..."): the word names the answer's kind, and the sentence that
// answers names the thing itself ("the Denver Broncos"), seldom the kind. Empty when there is
// none ("What was ...", "What is the oldest ...") or the language is not English.
[[nodiscard]] std::vector<std::string> type_head_terms(std::string_view question,
                                                       const std::string& language);

struct Question {
  std::vector<std::string> terms;  // question_terms()
  AnswerType type = AnswerType::kAny;
  std::string text;
  std::string language;
  std::vector<std::string> type_head;  // type_head_terms(): weigh less than the other terms
};

// The question's terms in the order asked, each with its idf among the candidates.
using TermWeights = std::vector<std::pair<std::string, double>>;

// The question's terms with each misspelt one replaced by the term `stats` holds one edit
// away from it (a letter added, dropped, changed or two swapped: "pacakg" / "packag",
// "parliment" / "parliament"), the commonest when several are. Misspelt: four letters or
// more, in no document of `stats` and no word WordNet knows ("never" is not a typo of
// "sever"). Terms with a digit stay: "MPEG-3" is not a typo of "MPEG-2".
[[nodiscard]] std::vector<std::string> respelt(const std::vector<std::string>& terms,
                                               const text::TermStats& stats,
                                               const text::WordNet& wordnet);

// Share of the question's adjacent term pairs (idf-weighted) that are adjacent in `doc` (a
// sentence's terms), either way round: a phrase of the question, not only its words.
[[nodiscard]] double pair_share(const TermWeights& weight, const std::vector<std::string>& doc);

// Longest run of the question's terms, in the question's order, that `doc` holds in a row.
[[nodiscard]] int longest_run(const TermWeights& weight, const std::vector<std::string>& doc);

// Distinct question terms `doc` holds over the length of the smallest stretch of it that
// holds them all: 1 when they stand together, small when scattered; 0 when none.
[[nodiscard]] double density(const std::set<std::string>& asked,
                             const std::vector<std::string>& doc);

// The question's wh-word, as far as the sentence features tell them apart ("when" and
// "how many" as answer_type() finds them, so "what year" is kWhen).
enum class Wh { kOther, kWho, kWhere, kWhen, kHowMany, kWhat };

[[nodiscard]] Wh wh_of(const Question& q);

// What a sentence holds, word by word, that the question does not name (English).
struct WordView {
  bool name = false;    // a capitalised word past the sentence's first
  bool number = false;  // a number, in digits or words
  bool year = false;    // four digits from 1000 to 2999
  // 1 / (1 + the words between a question term and the nearest such word of the asked kind:
  // a name for who, where, what and which; a year for when; a number for how many), 0: none.
  double near = 0;
  double exact_names = 0;  // share of the question's capitalised words it has as written
};

[[nodiscard]] WordView word_view(const Question& q, Wh wh, const std::set<std::string>& asked_terms,
                                 std::string_view sentence);

}  // namespace lectio::ask
