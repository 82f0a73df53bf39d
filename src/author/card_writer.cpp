#include "lectio/author/card_writer.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <set>

#include "lectio/author/prompts.h"
#include "lectio/author/session.h"
#include "lectio/study/study_set.h"

namespace lectio::author {

namespace {

using Json = nlohmann::json;
constexpr std::size_t kMaxChunks = 8;  // excerpts per request: a section's most cited

lesson::Brief brief_of(const lesson::Lesson& l) {
  lesson::Brief b;
  b.topic = l.topic.empty() ? l.title : l.topic;
  b.overview = l.overview;
  b.insights = l.insights;
  b.language = l.language == "zh" ? "zh" : "en";
  b.host = l.host;
  return b;
}

// The chunks a section's content sentences cite, first cited first, labelled S1, S2 ...
std::vector<std::pair<std::string, LabelledChunk>> section_chunks(
    const lesson::ScriptSection& section, const std::map<std::string, std::string>& texts) {
  std::vector<std::pair<std::string, LabelledChunk>> out;
  std::set<std::string> seen;
  for (const auto& s : section.sentences) {
    for (const auto& id : s.citations) {
      const auto text = texts.find(id);
      if (text == texts.end() || !seen.insert(id).second || out.size() == kMaxChunks) continue;
      out.push_back({id, {fmt::format("S{}", out.size() + 1), "", text->second}});
    }
  }
  return out;
}

lesson::FactKind fact_of(const std::string& front, const std::string& answer, bool cloze) {
  if (answer.find_first_of("0123456789") != std::string::npos) return lesson::FactKind::kFigure;
  if (!cloze && (front.starts_with("What is ") || front.starts_with("What are "))) {
    return lesson::FactKind::kDefinition;
  }
  return lesson::FactKind::kTerm;
}

class LlmCardWriter final : public study::CardWriter {
 public:
  explicit LlmCardWriter(std::shared_ptr<llm::ChatClient> client) : client_(std::move(client)) {}

  std::string name() const override { return "llm:" + client_->options().model; }
  lesson::EngineUsage spent() const override { return spent_; }

  lesson::StudySet write(const lesson::Lesson& l,
                         const std::map<std::string, std::string>& texts) override {
    const lesson::Brief brief = brief_of(l);
    lesson::StudySet out;
    for (const auto& section : l.script) {
      if (section.kind != lesson::SectionKind::kInsight || section.insight_index < 0 ||
          section.insight_index >= static_cast<int>(brief.insights.size())) {
        continue;
      }
      const auto chunks = section_chunks(section, texts);
      if (chunks.empty()) continue;
      std::vector<LabelledChunk> labelled;
      std::map<std::string, std::string> ids;  // label -> chunk id
      for (const auto& [id, chunk] : chunks) {
        labelled.push_back(chunk);
        ids[chunk.label] = id;
      }
      const auto request = study_request(brief, section.insight_index, labelled,
                                         study::kCardsPerInsight, study::kQuestionsPerInsight);
      const auto reply = client_->complete_json(request, check_study);
      spent_.requests += reply.attempts;
      spent_.retries += reply.attempts - 1;
      spent_.prompt_tokens += reply.prompt_tokens;
      spent_.completion_tokens += reply.completion_tokens;
      add(Json::parse(reply.json), ids, section.insight_index, out);
    }
    return out;
  }

 private:
  static void add(const Json& j, const std::map<std::string, std::string>& ids, int insight,
                  lesson::StudySet& out) {
    // A label, or a list of them (models write both): its first names the chunk.
    auto chunk_of = [&ids](const Json& item) {
      std::string label = string_field(item, "cite");
      if (item.contains("cite") && item["cite"].is_array() && !item["cite"].empty()) {
        label = item["cite"].front().is_string() ? item["cite"].front().get<std::string>() : "";
      }
      const auto it = ids.find(label);
      return it == ids.end() ? label : it->second;
    };
    for (const Json& c : j.value("cards", Json::array())) {
      lesson::StudyCard card;
      card.front = string_field(c, "front");
      card.answer = string_field(c, "answer");
      const bool cloze = string_field(c, "kind") != "basic";
      card.kind = cloze ? lesson::CardKind::kCloze : lesson::CardKind::kBasic;
      card.fact = fact_of(card.front, card.answer, cloze);
      card.sentence = string_field(c, "quote");
      card.chunk_id = chunk_of(c);
      card.insight_index = insight;
      out.cards.push_back(std::move(card));
    }
    for (const Json& q : j.value("quiz", Json::array())) {
      lesson::QuizQuestion question;
      question.question = string_field(q, "question");
      question.options.push_back(string_field(q, "right"));
      if (q.contains("wrong") && q["wrong"].is_array()) {
        for (const Json& w : q["wrong"]) {
          if (w.is_string()) question.options.push_back(w.get<std::string>());
        }
      }
      question.answer = 0;
      question.fact = fact_of(question.question, question.options.front(), false);
      question.explanation = string_field(q, "quote");
      question.chunk_id = chunk_of(q);
      question.insight_index = insight;
      out.quiz.push_back(std::move(question));
    }
  }

  std::shared_ptr<llm::ChatClient> client_;
  lesson::EngineUsage spent_{.model = client_->options().model};
};

}  // namespace

std::unique_ptr<study::CardWriter> make_llm_card_writer(std::shared_ptr<llm::ChatClient> client) {
  return std::make_unique<LlmCardWriter>(std::move(client));
}

}  // namespace lectio::author
