#pragma once
// What the LLM engine asks a model: the prompts and the JSON Schemas of its five requests
// (outline, section, repair, FAQ, title and the rest). Pure functions; no I/O.
#include <optional>
#include <string>
#include <vector>

#include "lectio/lesson/brief.h"
#include "lectio/llm/chat.h"

namespace lectio::author {

// A chunk as the model sees it: a short label instead of its id.
struct LabelledChunk {
  std::string label;  // "S1"
  std::string heading;
  std::string text;
};

// A sentence the verifier rejected, sent back with its finding.
struct RepairItem {
  int index = 0;
  std::string text;
  std::vector<std::string> cites;  // labels
  std::string finding;
};

// `max_points`: the outline's longest (2 to 5 points; a smaller request asks for fewer).
[[nodiscard]] llm::ChatRequest outline_request(const lesson::Brief& brief, int insight,
                                               const std::vector<LabelledChunk>& chunks,
                                               int max_points = 5);

// `recap`: what earlier sections covered, one short line each; `words`: the section's budget
// (characters for Chinese).
[[nodiscard]] llm::ChatRequest section_request(const lesson::Brief& brief, int insight,
                                               const std::vector<std::string>& outline,
                                               const std::vector<LabelledChunk>& chunks,
                                               const std::string& recap, int words);

[[nodiscard]] llm::ChatRequest repair_request(const lesson::Brief& brief,
                                              const std::vector<RepairItem>& items,
                                              const std::vector<LabelledChunk>& chunks);

[[nodiscard]] llm::ChatRequest faq_request(const lesson::Brief& brief,
                                           const std::vector<LabelledChunk>& chunks, int questions);

[[nodiscard]] llm::ChatRequest meta_request(const lesson::Brief& brief,
                                            const std::vector<LabelledChunk>& chunks);

// A learner's question, answered in at most `sentences` cited sentences from the chunks (an
// empty answer when they do not say).
[[nodiscard]] llm::ChatRequest answer_request(const lesson::Brief& brief,
                                              const std::string& question,
                                              const std::vector<LabelledChunk>& chunks,
                                              int sentences);

// Flashcards and quiz questions for one insight from the chunks its section cites: at most
// `cards` cards (cloze or question/answer) and `questions` multiple-choice questions, each
// with the sentence of its excerpt copied word for word and that excerpt's label.
[[nodiscard]] llm::ChatRequest study_request(const lesson::Brief& brief, int insight,
                                             const std::vector<LabelledChunk>& chunks, int cards,
                                             int questions);

// Checks of an answer's shape, for ChatClient::complete_json: the reason it is unusable, or
// std::nullopt. `language` also rejects an answer most of whose sentences are in the other
// language ("": any language).
[[nodiscard]] std::optional<std::string> check_outline(const std::string& json);
[[nodiscard]] std::optional<std::string> check_sentences(const std::string& json,
                                                         const std::string& key,
                                                         const std::string& language);
[[nodiscard]] std::optional<std::string> check_faq(const std::string& json,
                                                   const std::string& language);
[[nodiscard]] std::optional<std::string> check_meta(const std::string& json);
// "cards" and "quiz" lists (either may be empty) whose items are objects.
[[nodiscard]] std::optional<std::string> check_study(const std::string& json);
// An "answer" list, which may be empty.
[[nodiscard]] std::optional<std::string> check_answer(const std::string& json,
                                                      const std::string& language);

}  // namespace lectio::author
