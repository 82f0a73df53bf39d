#include "lectio/author/card_writer.h"

#include <fmt/format.h>

#include <algorithm>
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

// The chunks the lesson's insight sections cite, as the session's material (only their ids and
// texts are known here, which is what the session reads of them).
lesson::Material cited_material(const lesson::Lesson& l,
                                const std::map<std::string, std::string>& texts) {
  lesson::Material m;
  std::set<std::string> seen;
  for (const auto& section : l.script) {
    for (const auto& s : section.sentences) {
      for (const auto& id : s.citations) {
        const auto text = texts.find(id);
        const auto ref = ChunkRef::parse(id);
        if (text == texts.end() || !ref || !seen.insert(id).second) continue;
        Chunk c;
        c.source_id = ref->source_id;
        c.ordinal = ref->ordinal;
        c.text = text->second;
        m.chunks.push_back(std::move(c));
      }
    }
  }
  return m;
}

// The material's chunks a section's content sentences cite (indexes), first cited first, at
// most kMaxChunks.
std::vector<int> section_chunks(const lesson::ScriptSection& section, const lesson::Material& m) {
  std::vector<int> out;
  for (const auto& s : section.sentences) {
    for (const auto& id : s.citations) {
      const auto it = std::find_if(m.chunks.begin(), m.chunks.end(),
                                   [&id](const Chunk& c) { return c.id() == id; });
      if (it == m.chunks.end()) continue;
      const int index = static_cast<int>(it - m.chunks.begin());
      if (std::find(out.begin(), out.end(), index) != out.end()) continue;
      if (out.size() == kMaxChunks) return out;
      out.push_back(index);
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
    const lesson::Material material = cited_material(l, texts);
    // The session labels the chunks, maps the model's labels back (however it writes them)
    // and adds up what the requests cost.
    LlmSession session(*client_, brief, material);
    lesson::StudySet out;
    for (const auto& section : l.script) {
      if (section.kind != lesson::SectionKind::kInsight || section.insight_index < 0 ||
          section.insight_index >= static_cast<int>(brief.insights.size())) {
        continue;
      }
      const std::vector<int> chunks = section_chunks(section, material);
      if (chunks.empty()) continue;
      const auto reply =
          session.ask(study_request(brief, section.insight_index, session.label(chunks),
                                    study::kCardsPerInsight, study::kQuestionsPerInsight),
                      check_study);
      spent_ = session.usage();
      add(reply, session, section.insight_index, out);
    }
    return out;
  }

 private:
  static void add(const Json& j, const LlmSession& session, int insight, lesson::StudySet& out) {
    // A label, or a list of them (models write both): its first names the chunk. A label that
    // names none is kept as written, and the holder refuses it as no chunk of the sources.
    auto chunk_of = [&session](const Json& item) {
      std::string label = string_field(item, "cite");
      if (item.contains("cite") && item["cite"].is_array() && !item["cite"].empty()) {
        label = item["cite"].front().is_string() ? item["cite"].front().get<std::string>() : "";
      }
      const Chunk* chunk = session.chunk_of(label);
      return chunk == nullptr ? label : chunk->id();
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
