// The JSON form of a lesson's cards and quiz (docs/lesson.schema.json, "study").
#include "study_json.h"

#include <fmt/format.h>

#include "lectio/core/enum_names.h"
#include "lectio/core/error.h"

namespace lectio::lesson {

namespace {

using Json = nlohmann::ordered_json;

constexpr EnumNames<CardKind, 2> kCardKindNames{
    {{CardKind::kBasic, "basic"}, {CardKind::kCloze, "cloze"}}};
constexpr EnumNames<FactKind, 5> kFactKindNames{{{FactKind::kDefinition, "definition"},
                                                 {FactKind::kTerm, "term"},
                                                 {FactKind::kFigure, "figure"},
                                                 {FactKind::kCommand, "command"},
                                                 {FactKind::kStep, "step"}}};

template <typename Enum, std::size_t N>
Enum enum_field(const Json& j, const char* key, const EnumNames<Enum, N>& names) {
  const std::string name = j.at(key).get<std::string>();
  const auto value = value_of(names, name);
  if (!value) throw InvalidInput(fmt::format("study: field '{}': unknown value '{}'", key, name));
  return *value;
}

}  // namespace

std::string_view card_kind_name(CardKind kind) {
  return name_of(kCardKindNames, kind);
}

std::string_view fact_kind_name(FactKind kind) {
  return name_of(kFactKindNames, kind);
}

Json study_value(const StudySet& study) {
  Json cards = Json::array();
  for (const StudyCard& c : study.cards) {
    cards.push_back({{"id", c.id},
                     {"kind", card_kind_name(c.kind)},
                     {"fact", fact_kind_name(c.fact)},
                     {"front", c.front},
                     {"answer", c.answer},
                     {"sentence", c.sentence},
                     {"chunk_id", c.chunk_id},
                     {"insight_index", c.insight_index}});
  }
  Json quiz = Json::array();
  for (const QuizQuestion& q : study.quiz) {
    quiz.push_back({{"id", q.id},
                    {"fact", fact_kind_name(q.fact)},
                    {"question", q.question},
                    {"options", q.options},
                    {"answer", q.answer},
                    {"explanation", q.explanation},
                    {"chunk_id", q.chunk_id},
                    {"insight_index", q.insight_index}});
  }
  return {{"engine", study.engine}, {"cards", std::move(cards)}, {"quiz", std::move(quiz)}};
}

StudySet study_value_from(const Json& j) {
  StudySet s;
  s.engine = j.value("engine", "");
  for (const Json& cj : j.value("cards", Json::array())) {
    StudyCard c;
    c.id = cj.at("id").get<std::string>();
    c.kind = enum_field(cj, "kind", kCardKindNames);
    c.fact = enum_field(cj, "fact", kFactKindNames);
    c.front = cj.at("front").get<std::string>();
    c.answer = cj.at("answer").get<std::string>();
    c.sentence = cj.value("sentence", "");
    c.chunk_id = cj.at("chunk_id").get<std::string>();
    c.insight_index = cj.value("insight_index", -1);
    s.cards.push_back(std::move(c));
  }
  for (const Json& qj : j.value("quiz", Json::array())) {
    QuizQuestion q;
    q.id = qj.at("id").get<std::string>();
    q.fact = enum_field(qj, "fact", kFactKindNames);
    q.question = qj.at("question").get<std::string>();
    q.options = qj.at("options").get<std::vector<std::string>>();
    q.answer = qj.at("answer").get<int>();
    if (q.answer < 0 || q.answer >= static_cast<int>(q.options.size())) {
      throw InvalidInput(
          fmt::format("study: question {}: answer {} is not one of its options", q.id, q.answer));
    }
    q.explanation = qj.value("explanation", "");
    q.chunk_id = qj.at("chunk_id").get<std::string>();
    q.insight_index = qj.value("insight_index", -1);
    s.quiz.push_back(std::move(q));
  }
  return s;
}

std::string study_to_json(const StudySet& study, int indent) {
  return study_value(study).dump(indent);
}

StudySet study_from_json(std::string_view text) {
  const Json j = Json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) throw InvalidInput("not a study set: invalid JSON");
  try {
    return study_value_from(j);
  } catch (const Json::exception& e) {
    throw InvalidInput(fmt::format("not a study set: {}", e.what()));
  }
}

}  // namespace lectio::lesson
