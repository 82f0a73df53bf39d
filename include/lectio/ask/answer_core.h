#pragma once
// Picking the sentences that answer a question, shared by answer_question (the web's ask box,
// `lectio ask`, the API) and the lesson FAQ. Private to the compose module.
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "lectio/ask/answer_features.h"
#include "lectio/extract/candidates.h"
#include "lectio/text/wordnet.h"

namespace lectio::ask {

// The question's content terms, each once, in the order asked (question words such as
// "explain" and "什么" left out).
[[nodiscard]] std::vector<std::string> question_terms(std::string_view question,
                                                      const std::string& language);

// The sentences of the material's chunks an answer may quote, in document order: those a
// lesson may speak (build_candidates()) and also those only too long to follow by ear, since
// an answer is read. Such a long sentence is often the one that holds the answer (7% of
// SQuAD's dev answers sit only in sentences over the spoken limit). Each has the terms of
// its chunk's whole heading path, the source's title included: build_candidates() leaves out
// the headings all chunks share, which say nothing about where a sentence belongs in a
// lesson, but an article's sentences seldom repeat its title ("Super Bowl 50") and still
// answer questions that name it.
[[nodiscard]] std::vector<extract::Candidate> answer_candidates(const lesson::Material& material,
                                                                const std::string& language);

struct PickOptions {
  int max_sentences = 3;
  // Share of the question's term weight (idf) the answer's lead sentence must carry, itself,
  // by its headings or by the sentence before it (the sentences after it: half as much);
  // below it the sources only brush the subject and the honest answer is "they don't say". A
  // term the sources never use weighs more than any they use, so a question whose rarest term
  // is missing stays under the bar unless its other terms outweigh it. For a learner's
  // question the refusal model (refuse_unsure) decides the rest: 0.30 with it answered more
  // and refused more of SQuAD 2.0's unanswerable dev questions than 0.40 alone
  // (leave-one-article-out; docs/benchmarks.md, "Ask and verify").
  double min_coverage = 0.30;
  // No answer when at least this share of the question's weight is in terms no candidate
  // uses: the sources are about something else that shares the question's commoner words.
  double max_absent_share = 0.6;
  // False: terms no candidate uses are left out of the weight altogether (for questions made
  // from the brief, whose wording the sources need not share), so neither bar above counts them;
  // such questions' lead is also ranked by the hand-set weights, not the ones fitted on
  // learners' factoid questions (answer_core.cpp, kLeadWeights).
  bool weigh_absent_terms = true;
  // A question term counts, discounted, where the sentence has a word WordNet relates to it
  // ("rushing" / "rusher": answer_features.h); only for learners' questions in English.
  // `wordnet` null: WordNet::shared(), which is null (exact terms only) when the database is
  // not installed.
  bool bridge = true;
  const text::WordNet* wordnet = nullptr;
  // Refuse when the model of answer_confidence.h puts the lead's chance of answering under its
  // threshold; only for learners' questions in English (weigh_absent_terms), like the bridges.
  bool refuse_unsure = true;
  std::map<int, double> chunk_prior;  // chunk index -> retrieval prior, 0..1
  std::vector<bool> excluded;         // candidates not to use (by index); may be empty
  // Candidates that may follow the lead but not be it (by index); may be empty. A lesson's FAQ
  // marks the sentences earlier answers said: a reminder may say one again, but an answer
  // that opens with it reads as the same answer twice.
  std::vector<bool> not_lead;
  // Candidates that may follow only the sentence right before them (extract::Candidate::
  // previous), once it is in the answer, and never lead (by index); may be empty. A lesson's FAQ
  // marks the sentences that open by pointing back ("However, if the -q option is used ...",
  // "This line should be of the form #!"): heard right after what they point at, they go on
  // from it; anywhere else they point at nothing.
  std::vector<bool> after_previous_only;
  // A question that is not negated is led by a sentence that is not either, when one carries
  // it: "SQLite does not have a separate Boolean storage class." says what is not so, and
  // answers "which storage classes SQLite has" only after what is. For the lesson FAQ's
  // questions, which the sources answer by construction; a learner's question keeps the
  // ranking's lead (the refusal signs read its negation instead).
  bool affirmative_lead = false;
};

// Indices of the candidates that answer `question`, the best one's chunk first, each chunk's
// sentences in document order. Empty when no sentence carries enough of the question's term
// weight, or when the best one turns the question round (it is negated and the sentence is
// not, or the sentence says the opposite of one of its words: answer_checks.h); the honest
// answer is then "the sources don't say".
[[nodiscard]] std::vector<int> pick_answer(std::string_view question,
                                           const std::vector<extract::Candidate>& candidates,
                                           const std::string& language, const PickOptions& options);

// A candidate as the ranker scored it, for the ranker's fit (bench/qa_bench.cpp --features).
struct RankedCandidate {
  int candidate = 0;
  double coverage = 0;  // what PickOptions::min_coverage is compared with
  double score = 0;     // the weighted sum of the features that ranks the answer's sentences
  Features features{};
  bool turns_round = false;  // pick_answer() refuses when this one would lead
};

// Every candidate that carries a question term, best first (ties in document order), as
// pick_answer() ranks them before it applies the coverage bars and the refusal signs.
[[nodiscard]] std::vector<RankedCandidate> rank_candidates(
    std::string_view question, const std::vector<extract::Candidate>& candidates,
    const std::string& language, const PickOptions& options);

}  // namespace lectio::ask
