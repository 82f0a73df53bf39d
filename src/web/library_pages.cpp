// Discover (plans, recent lessons, search), plan pages and source pages.
#include <fmt/format.h>

#include <algorithm>

#include "app.h"
#include "lectio/lesson/lesson.h"
#include "lectio/core/text.h"
#include "lectio/plan/plan.h"
#include "lectio/plan/totals.h"
#include "lectio/text/duration.h"
#include "routes.h"
#include "views.h"

namespace lectio::web {

using kainjow::mustache::data;

namespace {

constexpr int kRecentLessons = 12;
constexpr std::size_t kMaxQueryBytes = 300;

// Snippets mark matches with [[ ]]; the template escapes the text, so the marks become
// separate parts rather than HTML.
data snippet_parts(const std::string& snippet) {
  data parts = data::type::list;
  std::size_t pos = 0;
  while (pos < snippet.size()) {
    const std::size_t open = snippet.find("[[", pos);
    const std::size_t close = open == std::string::npos ? open : snippet.find("]]", open);
    if (open == std::string::npos || close == std::string::npos) {
      data p;
      p.set("text", snippet.substr(pos));
      parts.push_back(p);
      break;
    }
    data before;
    before.set("text", snippet.substr(pos, open - pos));
    parts.push_back(before);
    data mark;
    mark.set("text", snippet.substr(open + 2, close - open - 2));
    mark.set("mark", true);
    parts.push_back(mark);
    pos = close + 2;
  }
  return parts;
}

void discover_page(Context& ctx) {
  data d;
  data plans = data::type::list;
  for (const plan::Plan& p : plan::list_plans(ctx.store())) plans.push_back(plan_card(p, ctx.lang));
  d.set("plans", plans);
  const std::vector<lesson::Lesson> lessons = visible_lessons(ctx);
  const std::string q = ctx.field("q").substr(0, kMaxQueryBytes);
  if (q.empty()) {
    data recent = data::type::list;
    for (std::size_t i = 0; i < lessons.size() && i < kRecentLessons; ++i) {
      recent.push_back(lesson_card(lessons[i], ctx.lang));
    }
    d.set("recent", recent);
    ctx.app.send_page(ctx, "discover", std::move(d), ctx.app.t(ctx, "discover_title"));
    return;
  }
  d.set("q", q);
  data found = data::type::list;
  for (const lesson::Lesson& l : lessons) {
    if (lesson_matches(l, q)) found.push_back(lesson_card(l, ctx.lang));
  }
  d.set("found_lessons", found);
  data hits = data::type::list;
  search::Query query;
  query.text = q;
  query.k = 20;
  query.words_only = true;
  for (const search::Hit& h : ctx.library().index().search(query)) {
    data hit;
    hit.set("id", h.chunk_id);
    hit.set("file", h.file_name);
    hit.set("pages", page_range(h.page_start, h.page_end));
    hit.set("url", chunk_path(h.source_id, h.version, h.ordinal));
    hit.set("snippet", snippet_parts(h.snippet));
    hits.push_back(hit);
  }
  d.set("found_chunks", hits);
  d.set("searched", true);
  ctx.app.send_page(ctx, "discover", std::move(d), q + " · " + ctx.app.t(ctx, "discover_title"));
}

void plan_page(Context& ctx, const std::string& id_or_slug) {
  const std::optional<plan::Plan> p = plan::load_plan(ctx.store(), id_or_slug);
  if (!p) {
    throw HttpError(404, "not_found",
                    fmt::format("{}: {}", ctx.app.t(ctx, "error_no_plan"), id_or_slug));
  }
  data d;
  d.set("title", p->title);
  d.set("description", p->description);
  d.set("audience", p->audience);
  d.set("date", p->date);
  d.set("host", p->host);
  d.set("duration", text::format_duration(p->totals.seconds, ctx.lang));
  d.set("chapter_count", plan::format_chapters(p->totals.chapters, ctx.lang));
  d.set("lesson_count", std::to_string(p->totals.lessons));
  d.set("feed", plan_path(*p) + "/feed.xml");
  data chapters = data::type::list;
  int number = 1;
  for (const plan::PlanChapter& c : p->chapters) {
    data chapter;
    std::string label = ctx.app.t(ctx, "plan_chapter");
    if (const std::size_t at = label.find("{n}"); at != std::string::npos) {
      label.replace(at, 3, std::to_string(number));
    }
    ++number;
    chapter.set("label", label);
    chapter.set("title", c.title);
    data lessons = data::type::list;
    for (const plan::PlanLesson& pl : c.lessons) {
      data lesson;
      lesson.set("title", pl.title.empty() ? pl.topic : pl.title);
      if (pl.status == plan::LessonStatus::kFailed || pl.id.empty()) {
        lesson.set("failed", true);
      } else {
        const std::optional<LessonEntry> entry = find_lesson(ctx, pl.id);
        if (entry) lesson.set("url", lesson_path(entry->lesson));
        const double seconds = pl.measured_seconds.value_or(pl.estimated_minutes * 60);
        lesson.set("duration", text::format_duration(seconds, ctx.lang));
      }
      lessons.push_back(lesson);
    }
    chapter.set("lessons", lessons);
    chapters.push_back(chapter);
  }
  d.set("chapters", chapters);
  ctx.app.send_page(ctx, "plan", std::move(d), p->title);
}

void source_page(Context& ctx, const std::string& id) {
  std::optional<int> version;
  if (const std::string v = ctx.field("v"); !v.empty()) {
    try {
      version = std::stoi(v);
    } catch (const std::exception&) {
      throw HttpError(400, "invalid_input", "v: not a version number: " + v);
    }
  }
  store::ContentStore& store = ctx.store();
  const std::optional<Source> source = store.source(id, version);
  if (!source) {
    throw HttpError(404, "not_found", fmt::format("{}: {}", ctx.app.t(ctx, "error_no_source"), id));
  }
  const std::optional<Source> current = store.source(id, std::nullopt);
  data d;
  d.set("id", source->id);
  d.set("title", source->title.empty() ? source->file_name : source->title);
  d.set("file", source->file_name);
  d.set("version", std::to_string(source->version));
  d.set("format", std::string(format_name(source->format)));
  d.set("pages", std::to_string(source->page_count));
  d.set("added", source->added_at.substr(0, 10));
  if (!source->origin_url.empty()) d.set("origin_url", source->origin_url);
  if (current && current->version != source->version) {
    d.set("older", true);
    d.set("current_url", source_path(id, current->version));
  }
  data chunks = data::type::list;
  for (const Chunk& c : store.chunks(id, source->version)) {
    data chunk;
    chunk.set("anchor", chunk_anchor(c.ordinal));
    chunk.set("id", c.id());
    chunk.set("pages", page_range(c.page_start, c.page_end));
    std::string heading;
    for (const std::string& h : c.heading_path) heading += (heading.empty() ? "" : " › ") + h;
    chunk.set("heading", heading);
    chunk.set("text", c.text);
    chunks.push_back(chunk);
  }
  d.set("chunks", chunks);
  ctx.app.send_page(ctx, "source", std::move(d), source->file_name);
}

}  // namespace

void register_library_pages(httplib::Server& server, App& app) {
  server.Get("/", route(app, Surface::kPage, discover_page));
  server.Get(R"(/plans/([^/]+))",
             route(app, Surface::kPage, [](Context& ctx) { plan_page(ctx, ctx.req.matches[1]); }));
  server.Get(R"(/sources/([^/]+))", route(app, Surface::kPage, [](Context& ctx) {
               source_page(ctx, ctx.req.matches[1]);
             }));
}

}  // namespace lectio::web
