#pragma once
// A built learning plan as it is stored (RecordKind::kPlan, as JSON) and shown: its chapters,
// the lessons they hold with each lesson's duration, and the totals.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lectio/store/content_store.h"

namespace lectio::plan {

enum class LessonStatus { kBuilt, kReused, kFailed };

std::string_view status_name(LessonStatus status);

struct PlanLesson {
  std::string label;  // "chapter 1, lesson 2"
  std::string id;     // the stored lesson's id; empty when it failed
  std::string title;
  std::string topic;
  LessonStatus status = LessonStatus::kBuilt;
  std::string error;                       // why it failed, one line
  std::optional<double> measured_seconds;  // the rendered audio's length
  double estimated_minutes = 0;            // from the script, for lessons without audio
};

struct PlanChapter {
  std::string title;
  std::vector<PlanLesson> lessons;
};

struct Totals {
  double seconds = 0;  // measured durations, plus estimates for lessons without audio
  int chapters = 0;
  int lessons = 0;            // lessons that were built (failed ones are not counted)
  int estimated_lessons = 0;  // of those, lessons whose length is an estimate (no audio)
  int failed_lessons = 0;
  std::string duration;  // "2 h 39 m"; "~2 h 39 m" when any length is an estimate
};

struct Plan {
  std::string id;  // "plan_<slug>_<hash8>"
  std::string slug;
  std::string title;
  std::string description;
  std::string audience;
  std::string language;
  std::string host;
  std::string style;
  std::string date;  // YYYY-MM-DD of the first build; undated briefs get it
  std::string file;  // the plan file it was built from
  std::vector<std::string> tags;
  std::vector<PlanChapter> chapters;
  Totals totals;
};

// The id a plan of this title and language gets, so that rebuilding a plan replaces it.
std::string plan_id(std::string_view title, std::string_view language);

std::string plan_to_json(const Plan& plan, int indent = 2);
// Throws InvalidInput when the text is not a plan document.
Plan plan_from_json(std::string_view json);

// Stores the plan under its id, replacing an earlier one. Throws Io.
void save_plan(store::ContentStore& store, const Plan& plan);
// A stored plan by id or slug; std::nullopt when there is none.
std::optional<Plan> load_plan(store::ContentStore& store, std::string_view id_or_slug);
// Every stored plan, newest first.
std::vector<Plan> list_plans(store::ContentStore& store);

}  // namespace lectio::plan
