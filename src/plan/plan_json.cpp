// The stored form of a plan: JSON in a RecordKind::kPlan record.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "lectio/core/enum_names.h"
#include "lectio/core/error.h"
#include "lectio/core/hash.h"
#include "lectio/plan/plan.h"
#include "lectio/plan/totals.h"
#include "lectio/text/strings.h"

namespace lectio::plan {

namespace {

using Json = nlohmann::ordered_json;

constexpr EnumNames<LessonStatus, 3> kStatusNames{{{LessonStatus::kBuilt, "built"},
                                                   {LessonStatus::kReused, "reused"},
                                                   {LessonStatus::kFailed, "failed"}}};

LessonStatus parse_status(const std::string& name) {
  return value_of(kStatusNames, name).value_or(LessonStatus::kBuilt);
}

Json to_json(const PlanLesson& l) {
  Json j = {{"label", l.label},
            {"id", l.id},
            {"title", l.title},
            {"topic", l.topic},
            {"status", status_name(l.status)},
            {"estimated_minutes", l.estimated_minutes}};
  j["measured_seconds"] = l.measured_seconds ? Json(*l.measured_seconds) : Json(nullptr);
  if (!l.error.empty()) j["error"] = l.error;
  return j;
}

Json to_json(const Totals& t) {
  return {{"seconds", t.seconds},
          {"duration", t.duration},
          {"chapters", t.chapters},
          {"lessons", t.lessons},
          {"estimated_lessons", t.estimated_lessons},
          {"failed_lessons", t.failed_lessons}};
}

}  // namespace

std::string_view status_name(LessonStatus status) {
  return name_of(kStatusNames, status);
}

std::string plan_id(std::string_view title, std::string_view language) {
  const std::string hash = content_hash(fmt::format("{}\x1f{}", title, language));
  return fmt::format("plan_{}_{}", text::slugify(title, 32), hash.substr(0, 8));
}

std::string plan_to_json(const Plan& p, int indent) {
  Json chapters = Json::array();
  for (const PlanChapter& c : p.chapters) {
    Json lessons = Json::array();
    for (const PlanLesson& l : c.lessons) lessons.push_back(to_json(l));
    chapters.push_back({{"title", c.title}, {"lessons", std::move(lessons)}});
  }
  const Json j = {{"id", p.id},
                  {"slug", p.slug},
                  {"title", p.title},
                  {"description", p.description},
                  {"audience", p.audience},
                  {"language", p.language},
                  {"host", p.host},
                  {"style", p.style},
                  {"date", p.date},
                  {"file", p.file},
                  {"tags", p.tags},
                  {"totals", to_json(p.totals)},
                  {"chapters", std::move(chapters)}};
  return j.dump(indent);
}

Plan plan_from_json(std::string_view text) {
  try {
    const Json j = Json::parse(text);
    Plan p;
    p.id = j.at("id").get<std::string>();
    p.slug = j.at("slug").get<std::string>();
    p.title = j.at("title").get<std::string>();
    p.description = j.value("description", "");
    p.audience = j.value("audience", "");
    p.language = j.value("language", "en");
    p.host = j.value("host", "");
    p.style = j.value("style", "quick");
    p.date = j.value("date", "");
    p.file = j.value("file", "");
    p.tags = j.value("tags", std::vector<std::string>{});
    for (const Json& c : j.at("chapters")) {
      PlanChapter chapter;
      chapter.title = c.at("title").get<std::string>();
      for (const Json& l : c.at("lessons")) {
        PlanLesson lesson;
        lesson.label = l.value("label", "");
        lesson.id = l.value("id", "");
        lesson.title = l.value("title", "");
        lesson.topic = l.value("topic", "");
        lesson.status = parse_status(l.value("status", "built"));
        lesson.error = l.value("error", "");
        lesson.estimated_minutes = l.value("estimated_minutes", 0.0);
        const auto& measured = l.at("measured_seconds");
        if (!measured.is_null()) lesson.measured_seconds = measured.get<double>();
        chapter.lessons.push_back(std::move(lesson));
      }
      p.chapters.push_back(std::move(chapter));
    }
    // Totals are derived: recomputed rather than trusted.
    p.totals = compute_totals(p.chapters, p.language);
    return p;
  } catch (const nlohmann::json::exception& e) {
    throw InvalidInput(fmt::format("not a plan document: {}", e.what()));
  }
}

void save_plan(store::ContentStore& store, const Plan& plan) {
  store::Record r;
  r.id = plan.id;
  r.slug = plan.slug;
  r.title = plan.title;
  r.language = plan.language;
  r.body = plan_to_json(plan, -1);
  store.put_record(store::RecordKind::kPlan, r);
}

std::optional<Plan> load_plan(store::ContentStore& store, std::string_view id_or_slug) {
  const auto r = store.record(store::RecordKind::kPlan, id_or_slug);
  if (!r) return std::nullopt;
  return plan_from_json(r->body);
}

std::vector<Plan> list_plans(store::ContentStore& store) {
  std::vector<Plan> out;
  for (const store::Record& r : store.records(store::RecordKind::kPlan)) {
    out.push_back(plan_from_json(r.body));
  }
  return out;
}

}  // namespace lectio::plan
