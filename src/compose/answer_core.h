#pragma once
// Picking the sentences that answer a question, shared by answer_question (the web's ask box,
// `lectio ask`, the API) and the lesson FAQ. Private to the compose module.
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "candidates.h"

namespace lectio::compose {

// The question's content terms, each once, in the order asked (question words such as
// "explain" and "什么" left out).
std::vector<std::string> question_terms(std::string_view question, const std::string& language);

struct PickOptions {
  int max_sentences = 3;
  // Share of the question's term weight (idf) every answer sentence must carry, itself, by its
  // headings or by the sentence before it; below it the sources only brush the subject and the
  // honest answer is "they don't say". A term the sources never use weighs more than any they
  // use, so a question whose rarest term is missing stays under the bar unless its other
  // terms outweigh it. 0.4 answers 87% of SQuAD's answerable dev questions
  // (docs/benchmarks.md, "Ask and verify").
  double min_coverage = 0.4;
  // No answer when at least this share of the question's weight is in terms no candidate
  // uses: the sources are about something else that shares the question's commoner words.
  double max_absent_share = 0.6;
  // False: terms no candidate uses are left out of the weight altogether (for questions made
  // from the brief, whose wording the sources need not share), so neither bar above counts them.
  bool weigh_absent_terms = true;
  std::map<int, double> chunk_prior;  // chunk index -> retrieval prior, 0..1
  std::vector<bool> excluded;         // candidates not to use (by index); may be empty
};

// Indices of the candidates that answer `question`, the best one's chunk first, each chunk's
// sentences in document order. Empty when no sentence carries enough of the question's term
// weight (the honest answer is then "the sources don't say").
std::vector<int> pick_answer(std::string_view question, const std::vector<Candidate>& candidates,
                             const std::string& language, const PickOptions& options);

}  // namespace lectio::compose
