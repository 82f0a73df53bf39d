#pragma once
// Answers a learner's question about a lesson from the lesson's own sources: ranked retrieval
// over those sources, then a few sentences picked from the best chunks, each citing its chunk
// and checked by the grounding verifier. Nothing is fetched and nothing is made up: when the
// sources do not support an answer the result says so.
#include <string>
#include <string_view>
#include <vector>

#include "lectio/core/enum_names.h"
#include "lectio/lesson/lesson.h"
#include "lectio/search/index.h"
#include "lectio/store/content_store.h"

namespace lectio::llm {
class ChatClient;
}

namespace lectio::ask {

// Longest question accepted, in characters (Unicode code points).
inline constexpr int kMaxQuestionChars = 500;

struct AnswerOptions {
  int max_sentences = 3;  // 1..10
  int search_depth = 8;   // chunks retrieved and read, 1..50
  // "en" or "zh" for answer_from_sources; empty: the question's language. answer_question
  // always answers in the lesson's language.
  std::string language;
  // When set, the model behind it writes the answer from the retrieved chunks (given to it
  // with labels, mapped back to chunk ids), once the sources are found to bear on the
  // question; every sentence goes through the grounding verifier (a rejected one is sent back
  // once, then dropped). Not owned; must outlive the call.
  llm::ChatClient* writer = nullptr;
};

// Why an answer is empty: the sources do not say, or they are written in another language
// than the question (a Chinese question over English notes), which the learner can act on.
enum class Refusal { kNone, kNotSaid, kOtherLanguage };
// The names the API and `lectio ask --json` write a refusal as.
inline constexpr EnumNames<Refusal, 3> kRefusalNames{{{Refusal::kNone, "none"},
                                                      {Refusal::kNotSaid, "not_said"},
                                                      {Refusal::kOtherLanguage, "other_language"}}};

struct Answer {
  std::string question;  // as asked, surrounding whitespace removed
  // Each cites the current-version id of its chunk ("file_gpu001:c0003") and is a sentence of
  // that chunk, verbatim or lightly trimmed for reading; support is its grounding score.
  std::vector<lesson::ScriptSentence> sentences;
  // The chunks the sentences cite, in the order first cited, so that numbering them [1], [2]
  // ... follows the answer's reading order.
  std::vector<lesson::CitedChunk> sources;
  bool supported = false;  // false: "the sources don't say"; sentences and sources are empty
  Refusal refusal = Refusal::kNotSaid;  // kNone when supported
  // With kOtherLanguage: the language the sources are written in ("en" or "zh").
  std::string sources_language;
};

// What to tell the learner when `answer` is not supported, in the question's language: "The
// sources don't say." or, for kOtherLanguage, that the sources are in English (or Chinese) and
// a question in that language may find the answer. Empty for a supported answer.
[[nodiscard]] std::string refusal_message(const Answer& answer);

// Answers `question` from the current versions of the sources `lesson` cites, in the lesson's
// language ("en" or "zh"). Deterministic for the same store, index and question (without a
// writer). Throws InvalidInput for an empty question, one over kMaxQuestionChars, or options
// out of range; whatever the store, the index and the writer throw (Io) passes through.
[[nodiscard]] Answer answer_question(std::string_view question, const lesson::Lesson& lesson,
                                     store::ContentStore& store, search::Index& index,
                                     const AnswerOptions& options = {});

// The same answer from the current versions of the named sources (every source when empty),
// for `lectio ask`. Also throws NotFound for an unknown source id and InvalidInput for a
// language other than "en" or "zh".
[[nodiscard]] Answer answer_from_sources(std::string_view question,
                                         const std::vector<std::string>& source_ids,
                                         store::ContentStore& store, search::Index& index,
                                         const AnswerOptions& options = {});

}  // namespace lectio::ask
