// Discover (plans, recent lessons, search), plan pages and source pages. The pages' data are
// the views of page_views.h; these handlers look up what they show.
#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "app.h"
#include "lectio/lesson/lesson.h"
#include "lectio/plan/plan.h"
#include "page_views.h"
#include "plan_places.h"
#include "routes.h"
#include "study_views.h"
#include "views.h"

namespace lectio::web {

namespace {

constexpr std::size_t kMaxQueryBytes = 300;
constexpr int kFoundChunks = 20;

}  // namespace

void discover_page(Context& ctx) {
  const std::vector<plan::Plan> plans = all_plans(ctx);
  const std::vector<lesson::Lesson> lessons = recent_lessons(ctx);
  const std::string q = ctx.field("q").substr(0, kMaxQueryBytes);
  if (q.empty()) {
    ctx.app.send_page(ctx, "discover", discover_view(plans, lessons, ctx.lang),
                      ctx.app.t(ctx, "discover_title"));
    return;
  }
  search::Query query;
  query.text = q;
  query.k = kFoundChunks;
  query.words_only = true;
  const std::vector<search::Hit> hits = visible_hits(ctx, query);
  ctx.app.send_page(ctx, "discover", search_view(plans, lessons, hits, q, ctx.lang),
                    q + " · " + ctx.app.t(ctx, "discover_title"));
}

void plan_page(Context& ctx) {
  const std::string id_or_slug = ctx.req.matches[1].str();
  const std::optional<plan::Plan> p = find_plan(ctx, id_or_slug);
  if (!p) {
    throw HttpError(404, "not_found",
                    fmt::format("{}: {}", ctx.app.t(ctx, "error_no_plan"), id_or_slug));
  }
  // The pages of the plan's lessons this viewer may open (drafts are their creators').
  std::map<std::string, std::string> urls;
  for (const plan::PlanChapter& c : p->chapters) {
    for (const plan::PlanLesson& pl : c.lessons) {
      if (pl.status == plan::LessonStatus::kFailed || pl.id.empty()) continue;
      if (const std::optional<LessonEntry> entry = find_lesson(ctx, pl.id)) {
        urls.emplace(pl.id, lesson_path(entry->lesson));
      }
    }
  }
  auto view = plan_view(*p, ctx.lang, ctx.app.t(ctx, "plan_chapter"), urls);
  if (ctx.user) view.set("progress", plan_progress(ctx, *p, urls));
  ctx.app.send_page(ctx, "plan", std::move(view), p->title);
}

void source_page(Context& ctx) {
  const std::string id = ctx.req.matches[1].str();
  std::optional<int> version;
  if (const std::string v = ctx.field("v"); !v.empty()) {
    try {
      version = std::stoi(v);
    } catch (const std::exception&) {
      throw HttpError(400, "invalid_input", "v: not a version number: " + v);
    }
  }
  store::ContentStore& store = ctx.store();
  const std::optional<Source> source = visible_source(ctx, id, version);
  if (!source) {
    throw HttpError(404, "not_found", fmt::format("{}: {}", ctx.app.t(ctx, "error_no_source"), id));
  }
  const std::optional<Source> current = store.source(id, std::nullopt);
  const std::optional<int> current_version =
      current ? std::optional<int>(current->version) : std::nullopt;
  // The lessons the viewer may open that cite this source (any version of it).
  std::vector<lesson::Lesson> citing;
  for (lesson::Lesson& l : recent_lessons(ctx)) {
    if (std::any_of(l.sources.begin(), l.sources.end(),
                    [&](const lesson::CitedChunk& c) { return c.source_id == id; })) {
      citing.push_back(std::move(l));
    }
  }
  ctx.app.send_page(
      ctx, "source",
      source_view(*source, current_version, store.chunks(id, source->version), citing),
      source->file_name);
}

}  // namespace lectio::web
