#include "llm_answer.h"

#include <fmt/format.h>

#include <numeric>

#include "llm_prompts.h"
#include "llm_session.h"

namespace lectio::compose {

std::vector<ScriptSentence> llm_answer(llm::ChatClient& client, const std::string& question,
                                       const std::string& language, const Material& material,
                                       int max_sentences) {
  if (material.chunks.empty()) return {};
  Brief brief;  // what the session reads of a brief: the language, no hosts to name
  brief.language = language;
  LlmSession session(client, brief, material);
  std::vector<int> chunks(material.chunks.size());
  std::iota(chunks.begin(), chunks.end(), 0);
  nlohmann::json answer;
  try {
    answer = session.ask(answer_request(brief, question, session.label(chunks), max_sentences),
                         [&](const std::string& j) { return check_answer(j, language); });
  } catch (const llm::Truncated& e) {
    throw Io(fmt::format("{}; raise the model's output limit (--llm-max-tokens)", e.what()));
  }
  std::vector<ScriptSentence> out;
  for (ScriptSentence& s : session.accept(answer["answer"], chunks, DraftKind::kClaims)) {
    if (s.role != SentenceRole::kContent) continue;
    if (static_cast<int>(out.size()) == max_sentences) break;
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace lectio::compose
