#pragma once
// Where a lesson stands among others: the plan that holds it (a stored plan, or the lessons a
// brief named one plan, as the web's create form does), the lessons before and after it, and
// the order of recent lessons. The handlers of the plan, lesson, list and feed pages share it.
#include <kainjow/mustache.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "http.h"
#include "lectio/lesson/lesson.h"
#include "lectio/plan/plan.h"
#include "views.h"

namespace lectio::web {

// A stored plan by id or slug, else the plan named by lessons' `plan` field whose slug is
// `id_or_slug` (text::slugify of the name, as lesson and plan slugs are made): one chapter of
// the lessons the viewer may see, in the order they were made. Each lesson's length is the
// stored lesson's own (measured once it has audio), so that the plan agrees with its lessons.
// std::nullopt when neither exists.
std::optional<plan::Plan> find_plan(Context& ctx, std::string_view id_or_slug);

// The lessons of a plan the viewer may open, in plan order.
std::vector<LessonEntry> plan_lessons(Context& ctx, const plan::Plan& plan);

// A lesson's place in its plan, for the links around it.
struct PlanPlace {
  std::string title;  // the plan's
  std::string slug;   // its slug (find_plan finds it again)
  std::string url;    // its page
  int position = 0;   // 1-based among the lessons the viewer may open
  int count = 0;
  std::optional<lesson::Lesson> previous;
  std::optional<lesson::Lesson> next;
};

// The plan that holds the lesson (a stored plan first, else the one its brief named);
// std::nullopt when it is in none.
std::optional<PlanPlace> plan_place(Context& ctx, const lesson::Lesson& lesson);

// The lesson page's links around a lesson: the plan ({title, url, position, count}) and the
// previous and next lessons ({title, url}).
kainjow::mustache::data plan_nav_view(const PlanPlace& place);

// The viewer's lessons for "recent" lists: newest first, but the lessons one plan build made
// together stay in plan order (they were made in the same moment; the plan says their order).
std::vector<lesson::Lesson> recent_lessons(Context& ctx);

// Every plan the viewer can open: stored plans, then the plans named only by lessons.
std::vector<plan::Plan> all_plans(Context& ctx);

// The pubDate of each lesson of a plan feed, in plan order: when it was stored, made to rise
// by at least a second from one episode to the next, so that every episode has its own date
// and apps that sort by date keep the plan's order. YYYY-MM-DDTHH:MM:SSZ.
std::vector<std::string> episode_dates(const std::vector<std::string>& created_at);

}  // namespace lectio::web
