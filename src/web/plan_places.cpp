#include "plan_places.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "lectio/core/clock.h"
#include "lectio/pipeline/lesson_records.h"
#include "lectio/plan/totals.h"
#include "lectio/text/strings.h"

namespace lectio::web {

namespace {

constexpr std::size_t kSlugLength = 60;  // as plan and lesson slugs are cut

struct Visible {
  lesson::Lesson lesson;
  store::Record record;
};

// The lessons the viewer may see with their records, oldest first (the store lists newest
// first; among records of one second, the later made is listed first too).
std::vector<Visible> visible_records(Context& ctx) {
  std::vector<Visible> out;
  for (store::Record& r : ctx.store().records(store::RecordKind::kLesson)) {
    lesson::Lesson l = lesson::lesson_from_json(r.body);
    if (!l.published && !(ctx.user && r.owner == ctx.user->id)) continue;
    out.push_back({std::move(l), std::move(r)});
  }
  std::stable_sort(out.begin(), out.end(), [](const Visible& a, const Visible& b) {
    return a.record.created_at < b.record.created_at;
  });
  return out;
}

plan::PlanLesson plan_lesson(const lesson::Lesson& l) {
  plan::PlanLesson pl;
  pl.id = l.id;
  pl.title = l.title;
  pl.topic = l.topic;
  pl.measured_seconds = l.duration.measured_seconds;
  pl.estimated_minutes = l.duration.estimated_minutes;
  return pl;
}

// The plan a brief named, made of the lessons that name it.
std::optional<plan::Plan> named_plan(Context& ctx, std::string_view slug) {
  plan::Plan p;
  plan::PlanChapter chapter;
  for (const Visible& v : visible_records(ctx)) {
    if (v.lesson.plan.empty() || text::slugify(v.lesson.plan, kSlugLength) != slug) continue;
    if (p.title.empty()) {
      p.title = v.lesson.plan;
      p.language = v.lesson.language;
      p.host = v.lesson.host;
      p.date = v.lesson.date;
    }
    for (const std::string& tag : v.lesson.tags) {
      if (std::find(p.tags.begin(), p.tags.end(), tag) == p.tags.end()) p.tags.push_back(tag);
    }
    chapter.lessons.push_back(plan_lesson(v.lesson));
  }
  if (chapter.lessons.empty()) return std::nullopt;
  p.slug = std::string(slug);
  p.id = plan::plan_id(p.title, p.language);
  chapter.title = p.title;
  p.chapters.push_back(std::move(chapter));
  p.totals = plan::compute_totals(p.chapters, p.language);
  return p;
}

// Each lesson's length as the lesson itself now says (audio may have been made after the plan).
void refresh_lengths(Context& ctx, plan::Plan& p) {
  for (plan::PlanChapter& c : p.chapters) {
    for (plan::PlanLesson& pl : c.lessons) {
      if (pl.id.empty() || pl.status == plan::LessonStatus::kFailed) continue;
      if (const std::optional<LessonEntry> entry = find_lesson(ctx, pl.id)) {
        pl.measured_seconds = entry->lesson.duration.measured_seconds;
        pl.estimated_minutes = entry->lesson.duration.estimated_minutes;
      }
    }
  }
  p.totals = plan::compute_totals(p.chapters, p.language);
}

bool holds(const plan::Plan& p, const std::string& lesson_id) {
  for (const plan::PlanChapter& c : p.chapters) {
    for (const plan::PlanLesson& pl : c.lessons) {
      if (pl.id == lesson_id) return true;
    }
  }
  return false;
}

}  // namespace

std::optional<plan::Plan> find_plan(Context& ctx, std::string_view id_or_slug) {
  if (std::optional<plan::Plan> p = plan::load_plan(ctx.store(), id_or_slug)) {
    refresh_lengths(ctx, *p);
    return p;
  }
  return named_plan(ctx, id_or_slug);
}

std::vector<LessonEntry> plan_lessons(Context& ctx, const plan::Plan& p) {
  std::vector<LessonEntry> out;
  for (const plan::PlanChapter& c : p.chapters) {
    for (const plan::PlanLesson& pl : c.lessons) {
      if (pl.id.empty() || pl.status == plan::LessonStatus::kFailed) continue;
      if (std::optional<LessonEntry> entry = find_lesson(ctx, pl.id)) {
        out.push_back(std::move(*entry));
      }
    }
  }
  return out;
}

std::optional<PlanPlace> plan_place(Context& ctx, const lesson::Lesson& lesson) {
  std::optional<plan::Plan> holder;
  for (plan::Plan& p : plan::list_plans(ctx.store())) {
    if (holds(p, lesson.id)) {
      holder = std::move(p);
      break;
    }
  }
  if (!holder && !lesson.plan.empty()) {
    holder = named_plan(ctx, text::slugify(lesson.plan, kSlugLength));
  }
  if (!holder) return std::nullopt;
  const std::vector<LessonEntry> lessons = plan_lessons(ctx, *holder);
  const auto at = std::find_if(lessons.begin(), lessons.end(),
                               [&](const LessonEntry& e) { return e.lesson.id == lesson.id; });
  if (at == lessons.end()) return std::nullopt;
  PlanPlace place;
  place.title = holder->title;
  place.slug = holder->slug;
  place.url = plan_path(*holder);
  place.position = static_cast<int>(at - lessons.begin()) + 1;
  place.count = static_cast<int>(lessons.size());
  if (at != lessons.begin()) place.previous = std::prev(at)->lesson;
  if (std::next(at) != lessons.end()) place.next = std::next(at)->lesson;
  return place;
}

kainjow::mustache::data plan_nav_view(const PlanPlace& place) {
  kainjow::mustache::data d;
  d.set("title", place.title);
  d.set("url", place.url);
  d.set("position", std::to_string(place.position));
  d.set("count", std::to_string(place.count));
  for (const auto& [key, l] : {std::pair{"previous", &place.previous}, {"next", &place.next}}) {
    if (!*l) continue;
    kainjow::mustache::data link;
    link.set("title", (*l)->title);
    link.set("url", lesson_path(**l));
    d.set(key, link);
    d.set("links", true);
  }
  return d;
}

std::vector<lesson::Lesson> recent_lessons(Context& ctx) {
  // A plan's lessons are ranked by the newest of them and keep plan order among themselves.
  std::map<std::string, std::pair<std::string, int>> in_plan;  // lesson id → (plan id, index)
  for (const plan::Plan& p : plan::list_plans(ctx.store())) {
    int index = 0;
    for (const plan::PlanChapter& c : p.chapters) {
      for (const plan::PlanLesson& pl : c.lessons) {
        if (!pl.id.empty()) in_plan.emplace(pl.id, std::make_pair(p.id, index++));
      }
    }
  }
  std::vector<Visible> all = visible_records(ctx);
  std::map<std::string, std::string> newest;  // group → newest created_at
  const auto group = [&](const Visible& v) {
    const auto it = in_plan.find(v.lesson.id);
    return it == in_plan.end() ? v.lesson.id : it->second.first;
  };
  for (const Visible& v : all) {
    std::string& n = newest[group(v)];
    n = std::max(n, v.record.created_at);
  }
  const auto index = [&](const Visible& v) {
    const auto it = in_plan.find(v.lesson.id);
    return it == in_plan.end() ? 0 : it->second.second;
  };
  // Oldest first in, so a stable sort keeps the later-made first among equal groups.
  std::reverse(all.begin(), all.end());
  std::stable_sort(all.begin(), all.end(), [&](const Visible& a, const Visible& b) {
    const std::string& ta = newest[group(a)];
    const std::string& tb = newest[group(b)];
    if (ta != tb) return ta > tb;
    if (group(a) != group(b)) return false;
    return index(a) < index(b);
  });
  std::vector<lesson::Lesson> out;
  out.reserve(all.size());
  for (Visible& v : all) out.push_back(std::move(v.lesson));
  return out;
}

std::vector<plan::Plan> all_plans(Context& ctx) {
  std::vector<plan::Plan> out = plan::list_plans(ctx.store());
  std::vector<std::string> named;
  for (const Visible& v : visible_records(ctx)) {
    if (v.lesson.plan.empty()) continue;
    const std::string slug = text::slugify(v.lesson.plan, kSlugLength);
    const bool stored = std::any_of(out.begin(), out.end(), [&](const plan::Plan& p) {
      return p.slug == slug || holds(p, v.lesson.id);
    });
    if (stored || std::find(named.begin(), named.end(), slug) != named.end()) continue;
    named.push_back(slug);
  }
  for (const std::string& slug : named) {
    if (std::optional<plan::Plan> p = named_plan(ctx, slug)) out.push_back(std::move(*p));
  }
  return out;
}

std::vector<std::string> episode_dates(const std::vector<std::string>& created_at) {
  std::vector<std::string> out;
  std::optional<std::int64_t> last;
  for (const std::string& text : created_at) {
    std::int64_t t = unix_seconds_of(text).value_or(last.value_or(0));
    if (last && t <= *last) t = *last + 1;
    last = t;
    out.push_back(utc_timestamp_at(t));
  }
  return out;
}

}  // namespace lectio::web
