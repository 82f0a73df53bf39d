#include "llm_answer.h"

#include <fmt/format.h>

#include <numeric>

#include "lectio/author/prompts.h"
#include "lectio/author/session.h"

namespace lectio::ask {

std::vector<lesson::ScriptSentence> llm_answer(llm::ChatClient& client, const std::string& question,
                                               const std::string& language,
                                               const lesson::Material& material,
                                               int max_sentences) {
  if (material.chunks.empty()) return {};
  lesson::Brief brief;  // what the session reads of a brief: the language, no hosts to name
  brief.language = language;
  author::LlmSession session(client, brief, material);
  std::vector<int> chunks(material.chunks.size());
  std::iota(chunks.begin(), chunks.end(), 0);
  nlohmann::json answer;
  try {
    answer =
        session.ask(author::answer_request(brief, question, session.label(chunks), max_sentences),
                    [&](const std::string& j) { return author::check_answer(j, language); });
  } catch (const llm::Truncated& e) {
    throw Io(fmt::format("{}; raise the model's output limit (--llm-max-tokens)", e.what()));
  }
  std::vector<lesson::ScriptSentence> out;
  for (lesson::ScriptSentence& s :
       session.accept(answer["answer"], chunks, author::DraftKind::kClaims)) {
    if (s.role != lesson::SentenceRole::kContent) continue;
    if (static_cast<int>(out.size()) == max_sentences) break;
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace lectio::ask
