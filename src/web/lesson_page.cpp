// The lesson page: player, live transcript, chapters, FAQ, knowledge sources, questions,
// ratings and reviews, related plans and the creator. The page's data is lesson_view()
// (lesson_view.cpp); this file looks up what it needs and keeps shared pages in the cache.
#include <spdlog/spdlog.h>

#include <algorithm>
#include <memory>
#include <utility>

#include "app.h"
#include "lectio/ask/answer.h"
#include "lectio/core/error.h"
#include "lectio/plan/related.h"
#include "page_views.h"
#include "plan_places.h"
#include "routes.h"
#include "views.h"

namespace lectio::web {

namespace {

// Stands for the CSRF token in cached pages; made of characters a token never has.
constexpr std::string_view kCsrfPlaceholder = "\x01csrf\x01";

// The page depends on the path and the parameters it reads: lang (here) and q (never shared).
// Any other parameter is ignored, so that ?random=… neither misses the cache nor fills it.
std::string shared_page_key(const httplib::Request& req, const std::string& lang) {
  return "lesson:" + lang + ":" + req.path;
}

// Plans that hold lessons related to this one (at most three).
std::vector<plan::Plan> related_plans(store::ContentStore& store, const std::string& lesson_id) {
  std::vector<plan::Plan> out;
  try {
    for (const plan::RelatedPlan& p : plan::related_plans(store, lesson_id, 3)) {
      if (std::optional<plan::Plan> full = plan::load_plan(store, p.id)) {
        out.push_back(std::move(*full));
      }
    }
  } catch (const NotFound&) {
    // No plans stored yet: nothing to relate.
  }
  return out;
}

// The languages of the sources the lesson cites, each once (a source since deleted is left out).
std::vector<std::string> source_languages(store::ContentStore& store, const lesson::Lesson& l) {
  std::vector<std::string> ids;
  for (const lesson::CitedChunk& c : l.sources) ids.push_back(c.source_id);
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  std::vector<std::string> out;
  for (const std::string& id : ids) {
    const std::optional<Source> s = store.source(id, std::nullopt);
    if (s && std::find(out.begin(), out.end(), s->language) == out.end()) {
      out.push_back(s->language);
    }
  }
  return out;
}

// What the page shows besides the lesson, for this request. A question (?q=, asked without
// scripts) is answered first: a refused one (429) looks nothing else up.
LessonPageInput lesson_page_input(Context& ctx, const LessonEntry& entry) {
  LessonPageInput in;
  in.lang = ctx.lang;
  in.viewer = ctx.user ? ctx.user->id : std::string();
  in.owner = entry.record.owner;
  if (std::string q = ctx.field("q"); !q.empty()) {
    in.answer = ask(ctx, entry.lesson, q);
    in.question = std::move(q);
  }
  in.rating = ctx.community().rating_summary(entry.lesson.id);
  in.reviews = ctx.community().reviews(entry.lesson.id, in.viewer);
  in.related = related_plans(ctx.store(), entry.lesson.id);
  // The plan that holds the lesson comes first: it is where a learner goes on.
  if (std::optional<PlanPlace> place = plan_place(ctx, entry.lesson)) {
    if (std::optional<plan::Plan> own = find_plan(ctx, place->slug)) {
      in.related.insert(in.related.begin(), std::move(*own));
    }
  }
  in.creator = creator_name(ctx.community(), entry.record.owner);
  in.source_languages = source_languages(ctx.store(), entry.lesson);
  return in;
}

}  // namespace

bool serve_cached_lesson(App& app, const httplib::Request& req, httplib::Response& res) {
  if (req.method != "GET" || req.path.rfind("/lessons/", 0) != 0 ||
      req.path.find('/', 9) != std::string::npos || req.has_param("q") ||
      !cookie(req, "lectio_session").empty()) {
    return false;
  }
  const PageCache::Page page = app.page_cache().get(shared_page_key(req, pick_language(req)),
                                                    PageCache::Clock::now(), false);
  if (!page) return false;
  const std::string csrf = browser_csrf(req, res, app.options().secure_cookies);
  res.set_header("Cache-Control", "no-store");
  // Moved in rather than set_content(), which would copy the page once more.
  res.body = page->join(csrf);
  res.set_header("Content-Type", "text/html; charset=utf-8");
  return true;
}

ask::Answer ask(Context& ctx, const lesson::Lesson& lesson, const std::string& question) {
  if (const int wait = ctx.app.ask_limiter().take(ctx.req.remote_addr); wait > 0) {
    ctx.res.set_header("Retry-After", std::to_string(wait));
    throw HttpError(429, "rate_limited", ctx.app.t(ctx, "error_rate_limited"));
  }
  Library& library = ctx.library();
  ask::AnswerOptions options;
  // A server run with the LLM engine answers with the model, checked sentence by sentence.
  if (ctx.app.options().engine == "llm") options.writer = ctx.app.engines().llm.get();
  try {
    return ask::answer_question(question, lesson, library.store(), library.index(), options);
  } catch (const Io& e) {
    if (!options.writer) throw;
    spdlog::warn("ask: {}", e.what());  // the endpoint is the operator's business
    throw HttpError(502, "model_unavailable", ctx.app.t(ctx, "error_model_unavailable"));
  }
}

void lesson_page(Context& ctx) {
  // Visitors who are not signed in and ask nothing all get the same page.
  const bool shared = !ctx.user && ctx.field("q").empty();
  const std::string key = shared_page_key(ctx.req, ctx.lang);
  PageCache& cache = ctx.app.page_cache();
  const std::uint64_t version = cache.version();
  if (shared) {
    if (const PageCache::Page page = cache.get(key)) return ctx.send_html(page->join(ctx.csrf));
  }
  const LessonEntry entry = require_lesson(ctx, ctx.req.matches[1].str());
  const lesson::Lesson& l = entry.lesson;
  kainjow::mustache::data d = lesson_view(l, lesson_page_input(ctx, entry));
  if (const std::optional<PlanPlace> place = plan_place(ctx, l))
    d.set("plan_nav", plan_nav_view(*place));
  if (!shared || !l.published) return ctx.app.send_page(ctx, "lesson", std::move(d), l.title);
  // Rendered once with a placeholder where the CSRF token goes, then kept split there.
  const std::string token = std::exchange(ctx.csrf, std::string(kCsrfPlaceholder));
  const std::string body = ctx.app.render_body(ctx, "lesson", std::move(d));
  auto page = std::make_shared<const CachedPage>(
      CachedPage::split(ctx.app.layout_html(ctx, "lesson", body, l.title), kCsrfPlaceholder));
  ctx.csrf = token;
  cache.put(key, page, version);
  ctx.send_html(page->join(ctx.csrf));
}

}  // namespace lectio::web
