// The prompts keep the model on its chunks: every claim cites the labels of the chunks that
// hold it, one sentence per item, nothing from outside knowledge. The schemas are small and
// forgiving (a missing field is an empty one), since small local models break big schemas.
#include "lectio/author/prompts.h"

#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "lectio/text/strings.h"

namespace lectio::author {

namespace {

using Json = nlohmann::json;

const char* kCites = R"({"type":"array","items":{"type":"string"}})";

std::string sentence_schema(const std::string& key, bool speaker) {
  const std::string who = speaker ? R"("speaker":{"type":"string"},)" : "";
  return fmt::format(
      R"({{"type":"object","properties":{{"{}":{{"type":"array","items":{{"type":"object",)"
      R"("properties":{{{}"text":{{"type":"string"}},"cites":{}}},"required":["text","cites"]}}}}}},)"
      R"("required":["{}"]}})",
      key, who, kCites, key);
}

std::string language_rule(const lesson::Brief& brief) {
  return brief.language == "zh"
             ? "Write in Simplified Chinese (简体中文), whatever the sources' language."
             : "Write in English.";
}

std::string system_prompt(const lesson::Brief& brief) {
  return fmt::format(
      "You write the script of an audio lesson from source excerpts. Use only what the "
      "excerpts say: no outside knowledge, no invented names, numbers, dates or examples. "
      "Every sentence that states a fact cites the labels of the excerpts that hold it "
      "(\"cites\": [\"S2\"]). Write for the ear: plain, concrete, one idea per sentence. {} "
      "Answer with one JSON object that follows the schema, nothing else.",
      language_rule(brief));
}

std::string excerpts(const std::vector<LabelledChunk>& chunks) {
  std::string out = "Excerpts (cite them by label):\n";
  for (const LabelledChunk& c : chunks) {
    out += c.heading.empty() ? fmt::format("[{}] {}\n", c.label, c.text)
                             : fmt::format("[{}] (from \"{}\") {}\n", c.label, c.heading, c.text);
  }
  return out;
}

std::string subject(const lesson::Brief& brief, int insight) {
  std::string out = fmt::format("Lesson topic: {}\n", brief.topic);
  if (!brief.overview.empty()) out += fmt::format("Overview: {}\n", brief.overview);
  if (insight >= 0) {
    out += fmt::format("This section teaches insight {} of {}: {}\n", insight + 1,
                       brief.insights.size(), brief.insights[static_cast<std::size_t>(insight)]);
  }
  return out;
}

llm::ChatRequest request(const lesson::Brief& brief, std::string name, std::string schema,
                         std::string user) {
  llm::ChatRequest r;
  r.messages = {{"system", system_prompt(brief)}, {"user", std::move(user)}};
  r.schema_name = std::move(name);
  r.schema = std::move(schema);
  return r;
}

// The answer is in the wrong language when most of its sentences are: one English term or
// sentence in a Chinese answer is the verifier's business, not a reason to ask again.
std::optional<std::string> check_items(const Json& items, const std::string& language) {
  int in_language = 0;
  int total = 0;
  for (const Json& s : items) {
    if (!s.is_object() || !s.contains("text") || !s["text"].is_string()) {
      return "every item needs a \"text\" string";
    }
    ++total;
    in_language += text::detect_language(s["text"].get<std::string>()) == language ? 1 : 0;
  }
  if (language.empty() || 2 * in_language >= total) return std::nullopt;
  return language == "zh" ? "the answer is not in Chinese; write in Chinese"
                          : "the answer is not in English; write in English";
}

}  // namespace

llm::ChatRequest outline_request(const lesson::Brief& brief, int insight,
                                 const std::vector<LabelledChunk>& chunks, int max_points) {
  const int most = std::clamp(max_points, 2, 5);
  const std::string schema = fmt::format(
      R"({{"type":"object","properties":{{"points":{{"type":"array","items":{{"type":"object",)"
      R"("properties":{{"point":{{"type":"string"}},"cites":{}}},"required":["point","cites"]}}}}}},)"
      R"("required":["points"]}})",
      kCites);
  return request(brief, "outline", schema,
                 subject(brief, insight) + excerpts(chunks) +
                     fmt::format("Task: plan this section. List {} teaching points in the order a "
                                 "learner needs them, each one short line with the labels that "
                                 "support it.",
                                 most == 2 ? std::string("2") : fmt::format("2 to {}", most)));
}

llm::ChatRequest section_request(const lesson::Brief& brief, int insight,
                                 const std::vector<std::string>& outline,
                                 const std::vector<LabelledChunk>& chunks, const std::string& recap,
                                 int words) {
  const bool dialogue = brief.format == lesson::LessonFormat::kDialogue;
  std::string user = subject(brief, insight);
  if (!recap.empty()) user += "Covered earlier (do not repeat):\n" + recap;
  user += "Plan for this section:\n";
  for (const std::string& p : outline) user += "- " + p + "\n";
  user += excerpts(chunks);
  const std::string unit = brief.language == "zh" ? "Chinese characters" : "words";
  user += dialogue ? fmt::format(
                         "Task: write this section as a conversation of about {} {}. {} is the "
                         "host who explains; {} is the co-host who asks short questions and "
                         "reacts. Each item is one sentence with \"speaker\" set to {} or {}.",
                         words, unit, brief.host, brief.cohost, brief.host, brief.cohost)
                   : fmt::format(
                         "Task: write this section, spoken by {}, in about {} {}. Each item "
                         "is one sentence; explain, give the excerpts' examples, connect the "
                         "ideas.",
                         brief.host, words, unit);
  return request(brief, "section", sentence_schema("sentences", true), user);
}

llm::ChatRequest repair_request(const lesson::Brief& brief, const std::vector<RepairItem>& items,
                                const std::vector<LabelledChunk>& chunks) {
  std::string user = excerpts(chunks) +
                     "A checker compared these sentences with the excerpts they cite and found "
                     "claims the excerpts do not hold:\n";
  for (const RepairItem& it : items) {
    user += fmt::format("{}. \"{}\" (cites: {}) — {}\n", it.index, it.text,
                        it.cites.empty() ? "none" : fmt::format("{}", fmt::join(it.cites, ", ")),
                        it.finding);
  }
  user +=
      "Task: rewrite each sentence so that it says only what its excerpts say, and cite "
      "them; give an empty text to drop a sentence the excerpts cannot support.";
  const std::string schema = fmt::format(
      R"({{"type":"object","properties":{{"repairs":{{"type":"array","items":{{"type":"object",)"
      R"("properties":{{"index":{{"type":"integer"}},"text":{{"type":"string"}},"cites":{}}},)"
      R"("required":["index","text","cites"]}}}}}},"required":["repairs"]}})",
      kCites);
  return request(brief, "repair", schema, user);
}

llm::ChatRequest faq_request(const lesson::Brief& brief, const std::vector<LabelledChunk>& chunks,
                             int questions) {
  const std::string schema = fmt::format(
      R"({{"type":"object","properties":{{"faq":{{"type":"array","items":{{"type":"object",)"
      R"("properties":{{"question":{{"type":"string"}},"answer":{}}},)"
      R"("required":["question","answer"]}}}}}},"required":["faq"]}})",
      Json::parse(sentence_schema("answer", false))["properties"]["answer"].dump());
  return request(brief, "faq", schema,
                 subject(brief, -1) + excerpts(chunks) +
                     fmt::format("Task: write up to {} questions a learner would ask about "
                                 "the topic, each answered in 2 or 3 cited sentences from the "
                                 "excerpts. Skip questions the excerpts cannot answer.",
                                 questions));
}

llm::ChatRequest meta_request(const lesson::Brief& brief,
                              const std::vector<LabelledChunk>& chunks) {
  const std::string schema = fmt::format(
      R"({{"type":"object","properties":{{"title":{{"type":"string"}},)"
      R"("description":{{"type":"string"}},"tags":{},"quote":{{"type":"object",)"
      R"("properties":{{"text":{{"type":"string"}},"cite":{{"type":"string"}}}},)"
      R"("required":["text","cite"]}}}},"required":["title","description","tags","quote"]}})",
      kCites);
  return request(brief, "meta", schema,
                 subject(brief, -1) + excerpts(chunks) +
                     "Task: give the lesson a short title, a one- or two-sentence description "
                     "of what it teaches, 3 to 6 one- or two-word tags, and the most memorable "
                     "sentence of the excerpts as the quote, copied word for word, with its "
                     "label.");
}

llm::ChatRequest answer_request(const lesson::Brief& brief, const std::string& question,
                                const std::vector<LabelledChunk>& chunks, int sentences) {
  return request(
      brief, "answer", sentence_schema("answer", false),
      excerpts(chunks) + fmt::format("A learner asks: {}\nTask: answer in at most {} sentences, "
                                     "each citing the labels of the excerpts that hold it. If the "
                                     "excerpts do not answer the question, give an empty answer.",
                                     question, sentences));
}

llm::ChatRequest study_request(const lesson::Brief& brief, int insight,
                               const std::vector<LabelledChunk>& chunks, int cards, int questions) {
  const std::string item = R"("quote":{"type":"string"},"cite":{"type":"string"})";
  const std::string schema = fmt::format(
      R"({{"type":"object","properties":{{"cards":{{"type":"array","items":{{"type":"object",)"
      R"("properties":{{"kind":{{"type":"string","enum":["cloze","basic"]}},)"
      R"("front":{{"type":"string"}},"answer":{{"type":"string"}},{}}},)"
      R"("required":["kind","front","answer","quote","cite"]}}}},)"
      R"("quiz":{{"type":"array","items":{{"type":"object","properties":{{)"
      R"("question":{{"type":"string"}},"right":{{"type":"string"}},)"
      R"("wrong":{{"type":"array","items":{{"type":"string"}}}},{}}},)"
      R"("required":["question","right","wrong","quote","cite"]}}}}}},"required":["cards","quiz"]}})",
      item, item);
  return request(
      brief, "study", schema,
      subject(brief, insight) + excerpts(chunks) +
          fmt::format(
              "Task: write up to {} flashcards and up to {} quiz questions that test the facts "
              "of this insight a learner should remember (a term, a figure with its unit, a "
              "definition, a step), one fact each, never the same fact twice. A card is a "
              "\"cloze\" (one sentence with the fact replaced by ___) or \"basic\" (a "
              "question and a short answer). A quiz question has one right option and three "
              "wrong ones of the same kind that the excerpts do not say are true. Each item "
              "copies the excerpt sentence it comes from word for word as \"quote\" and gives "
              "that excerpt's label as \"cite\". A question must make sense without the "
              "lesson open.",
              cards, questions));
}

std::optional<std::string> check_outline(const std::string& json) {
  const Json j = Json::parse(json);
  if (!j.contains("points") || !j["points"].is_array() || j["points"].empty()) {
    return "the answer needs a non-empty \"points\" list";
  }
  return std::nullopt;
}

std::optional<std::string> check_sentences(const std::string& json, const std::string& key,
                                           const std::string& language) {
  const Json j = Json::parse(json);
  if (!j.contains(key) || !j[key].is_array() || j[key].empty()) {
    return fmt::format("the answer needs a non-empty \"{}\" list", key);
  }
  return check_items(j[key], language);
}

std::optional<std::string> check_faq(const std::string& json, const std::string& language) {
  const Json j = Json::parse(json);
  if (!j.contains("faq") || !j["faq"].is_array()) return "the answer needs a \"faq\" list";
  for (const Json& f : j["faq"]) {
    if (!f.is_object() || !f.contains("answer") || !f["answer"].is_array()) {
      return "every FAQ item needs an \"answer\" list";
    }
    if (auto problem = check_items(f["answer"], language)) return problem;
  }
  return std::nullopt;
}

std::optional<std::string> check_study(const std::string& json) {
  const Json j = Json::parse(json);
  for (const char* key : {"cards", "quiz"}) {
    if (!j.contains(key)) continue;
    if (!j[key].is_array()) return fmt::format("\"{}\" must be a list", key);
    for (const Json& item : j[key]) {
      if (!item.is_object()) return fmt::format("every item of \"{}\" must be an object", key);
    }
  }
  if (!j.contains("cards") && !j.contains("quiz")) return "the answer needs \"cards\" and \"quiz\"";
  return std::nullopt;
}

std::optional<std::string> check_answer(const std::string& json, const std::string& language) {
  const Json j = Json::parse(json);
  if (!j.contains("answer") || !j["answer"].is_array())
    return "the answer needs an \"answer\" list";
  return check_items(j["answer"], language);
}

std::optional<std::string> check_meta(const std::string& json) {
  const Json j = Json::parse(json);
  if (!j.contains("title") || !j["title"].is_string()) return "the answer needs a \"title\"";
  return std::nullopt;
}

}  // namespace lectio::author
