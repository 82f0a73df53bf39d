#pragma once
// One lesson's conversation with the model: chunk labels and their mapping back to ids, the
// requests (with their usage added up), and the gate every sentence the model writes passes
// through: citations resolved, the grounding verifier run, a rejected sentence sent back once
// with the verifier's finding, dropped if the repair fails too.
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "lectio/author/prompts.h"
#include "lectio/lesson/brief.h"
#include "lectio/lesson/lesson.h"
#include "lectio/lesson/material.h"
#include "lectio/llm/chat.h"

namespace lectio::author {

// What a sentence may be: a claim (content, cites and is verified) or, in a dialogue, the
// co-host's question (connective, checked against the section's chunks).
enum class DraftKind { kClaims, kTurns };

class LlmSession {
 public:
  LlmSession(llm::ChatClient& client, const lesson::Brief& brief, const lesson::Material& material);

  // The chunks (indexes into material.chunks) with their labels, assigned on first use.
  std::vector<LabelledChunk> label(const std::vector<int>& chunks);
  // The chunk a label names; nullptr when it names none.
  const Chunk* chunk_of(const std::string& label) const;

  // Sends a request and parses its checked JSON; adds the reply's usage.
  nlohmann::json ask(const llm::ChatRequest& request, const llm::AnswerCheck& check);

  // A request at a size: step 0 is the full one; each step asks for less (fewer chunks,
  // points, sentences or questions).
  using SizedRequest = std::function<llm::ChatRequest(int step)>;
  static constexpr int kShrinks = 2;  // smaller requests tried after one is cut off
  // Like ask(), but an answer cut off at max_tokens (llm::Truncated, finish_reason "length")
  // is asked for again one step smaller, up to kShrinks times; throws llm::Truncated only
  // when the answer at every size was cut off. `step` (when not null) is set to the step
  // whose answer is returned.
  nlohmann::json ask_shrinking(const SizedRequest& request, const llm::AnswerCheck& check,
                               int* step = nullptr);
  // The chunks a request of this step is written from: halved each step, at least two.
  [[nodiscard]] static std::vector<int> fewer(const std::vector<int>& chunks, int step);

  // Turns the model's items ({speaker?, text, cites}) into verified sentences, sending the
  // rejected ones back once. `chunks` are the ones the items were written from.
  std::vector<lesson::ScriptSentence> accept(const nlohmann::json& items,
                                             const std::vector<int>& chunks, DraftKind kind);

  const lesson::EngineUsage& usage() const { return usage_; }
  int repaired() const { return repaired_; }
  int rejected() const { return rejected_; }
  std::vector<std::string>& warnings() { return warnings_; }

 private:
  struct Checked {
    lesson::ScriptSentence sentence;
    std::vector<std::string> labels;
    std::optional<std::string> finding;  // why the verifier rejects it
    bool repairable = true;
  };
  Checked check(const nlohmann::json& item, const std::vector<int>& chunks, DraftKind kind) const;
  std::optional<std::string> speaker_of(const nlohmann::json& item) const;

  llm::ChatClient& client_;
  const lesson::Brief& brief_;
  const lesson::Material& material_;
  std::map<std::string, int> label_to_chunk_;
  std::map<int, std::string> chunk_to_label_;
  lesson::EngineUsage usage_;
  int repaired_ = 0;
  int rejected_ = 0;
  std::vector<std::string> warnings_;
};

// A model's field as a string (or an int), whatever the model put there: "" (or 0) when it
// is missing or of another type, so that a sloppy answer never throws.
[[nodiscard]] std::string string_field(const nlohmann::json& object, const char* key);
[[nodiscard]] int int_field(const nlohmann::json& object, const char* key);

// Whitespace-normalised `quote` found in `text` (verbatim apart from spacing).
[[nodiscard]] bool holds_verbatim(const std::string& text, const std::string& quote);

}  // namespace lectio::author
