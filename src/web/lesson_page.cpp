// The lesson page: player, live transcript, chapters, FAQ, knowledge sources, questions,
// ratings and reviews, related plans and the creator.
#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <map>
#include <memory>
#include <utility>

#include "app.h"
#include "lectio/ask/answer.h"
#include "lectio/core/error.h"
#include "lectio/core/hosts.h"
#include "lectio/plan/related.h"
#include "lectio/text/duration.h"
#include "routes.h"
#include "views.h"

namespace lectio::web {

using kainjow::mustache::data;

namespace {

// Citation numbers: a chunk's position in the lesson's knowledge sources, from 1.
using Numbers = std::map<std::string, int, std::less<>>;

data citations(const lesson::ScriptSentence& s, const Numbers& numbers) {
  data list = data::type::list;
  for (const std::string& id : s.citations) {
    const auto it = numbers.find(id);
    if (it == numbers.end()) continue;
    data c;
    c.set("n", std::to_string(it->second));
    c.set("id", id);
    list.push_back(c);
  }
  return list;
}

data sentence_data(const lesson::ScriptSentence& s, const Numbers& numbers, int index,
                   bool dialogue) {
  data d;
  d.set("text", s.text);
  d.set("index", std::to_string(index));
  d.set("cites", citations(s, numbers));
  if (dialogue && !s.speaker.empty()) d.set("speaker", s.speaker);
  return d;
}

// A cited chunk as a numbered entry of a source list.
data cited_chunk_data(const lesson::CitedChunk& c, int n) {
  data s;
  s.set("n", std::to_string(n));
  s.set("id", c.chunk_id);
  s.set("file", c.file_name);
  s.set("pages", c.pages);
  s.set("heading", c.heading);
  if (!c.origin_url.empty()) s.set("origin_url", c.origin_url);
  s.set("url", chunk_path(c));
  return s;
}

std::string host_line(const lesson::Lesson& lesson) {
  if (lesson.cohost.empty()) return lesson.host;
  return lesson.host + " & " + lesson.cohost;
}

data rating_data(const store::RatingSummary& summary) {
  data d;
  d.set("count", std::to_string(summary.count));
  d.set("average", summary.count ? fmt::format("{:.1f}", summary.average) : std::string("–"));
  data bars = data::type::list;
  for (int stars = 5; stars >= 1; --stars) {
    const int n = summary.histogram[stars - 1];
    data bar;
    bar.set("stars", std::to_string(stars));
    bar.set("count", std::to_string(n));
    bar.set("percent", std::to_string(summary.count ? n * 100 / summary.count : 0));
    bars.push_back(bar);
  }
  d.set("bars", bars);
  return d;
}

std::string stars(int rating) {
  std::string out;
  for (int i = 1; i <= 5; ++i) out += i <= rating ? "★" : "☆";
  return out;
}

// Stands for the CSRF token in cached pages; made of characters a token never has.
constexpr std::string_view kCsrfPlaceholder = "\x01csrf\x01";

std::string shared_page_key(const httplib::Request& req, const std::string& lang) {
  return "lesson:" + lang + ":" + path_without_lang(req);
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

// An answer as template data (sentences with numbered citations, the cited chunks).
static data answer_data(const ask::Answer& answer) {
  data d;
  d.set("question", answer.question);
  if (!answer.supported) {
    d.set("unsupported", true);
    return d;
  }
  Numbers numbers;
  data sources = data::type::list;
  for (const lesson::CitedChunk& c : answer.sources) {
    numbers.emplace(c.chunk_id, static_cast<int>(numbers.size()) + 1);
    sources.push_back(cited_chunk_data(c, static_cast<int>(numbers.size())));
  }
  data sentences = data::type::list;
  int i = 0;
  for (const lesson::ScriptSentence& s : answer.sentences) {
    sentences.push_back(sentence_data(s, numbers, i++, false));
  }
  d.set("sentences", sentences);
  d.set("sources", sources);
  return d;
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

void lesson_page(Context& ctx, const std::string& id_or_slug) {
  // Visitors who are not signed in and ask nothing all get the same page.
  const bool shared = !ctx.user && ctx.field("q").empty();
  const std::string key = shared_page_key(ctx.req, ctx.lang);
  PageCache& cache = ctx.app.page_cache();
  const std::uint64_t version = cache.version();
  if (shared) {
    if (const PageCache::Page page = cache.get(key)) return ctx.send_html(page->join(ctx.csrf));
  }
  const LessonEntry entry = require_lesson(ctx, id_or_slug);
  const lesson::Lesson& l = entry.lesson;
  store::ContentStore& store = ctx.store();
  const bool dialogue = !l.cohost.empty();

  Numbers numbers;
  data sources = data::type::list;
  for (const lesson::CitedChunk& c : l.sources) {
    numbers.emplace(c.chunk_id, static_cast<int>(numbers.size()) + 1);
    sources.push_back(cited_chunk_data(c, static_cast<int>(numbers.size())));
  }

  data sections = data::type::list;
  int index = 0;
  int section_index = 0;
  for (const lesson::ScriptSection& sec : l.script) {
    data section;
    section.set("title", sec.title);
    section.set("index", std::to_string(section_index++));
    data sentences = data::type::list;
    for (const lesson::ScriptSentence& s : sec.sentences) {
      sentences.push_back(sentence_data(s, numbers, index++, dialogue));
    }
    section.set("sentences", sentences);
    sections.push_back(section);
  }

  data faq = data::type::list;
  for (const lesson::FaqItem& f : l.faq) {
    data item;
    item.set("question", f.question);
    data answer = data::type::list;
    int i = 0;
    for (const lesson::ScriptSentence& s : f.answer) {
      answer.push_back(sentence_data(s, numbers, i++, false));
    }
    item.set("answer", answer);
    faq.push_back(item);
  }

  data d;
  d.set("id", l.id);
  d.set("slug", l.slug);
  d.set("title", l.title);
  d.set("description", l.description);
  d.set("date", l.date);
  d.set("duration", text::format_duration(lesson_seconds(l), ctx.lang));
  data tags = data::type::list;
  for (const std::string& tag : l.tags) tags.push_back(data(tag));
  d.set("tags", tags);
  d.set("host", host_line(l));
  d.set(l.style == "deep" ? "style_deep" : "style_quick", true);
  d.set("plan", l.plan);
  if (!l.published) d.set("draft", true);
  if (l.best_quote) {
    data quote;
    quote.set("text", l.best_quote->text);
    const auto it = numbers.find(l.best_quote->chunk_id);
    for (const lesson::CitedChunk& c : l.sources) {
      if (c.chunk_id != l.best_quote->chunk_id) continue;
      quote.set("file", c.file_name);
      quote.set("pages", c.pages);
    }
    if (it != numbers.end()) quote.set("n", std::to_string(it->second));
    d.set("quote", quote);
  }
  if (l.audio) {
    data media;
    media.set("mp3", "/media/" + l.id + ".mp3");
    media.set("opus", "/media/" + l.id + ".opus");
    media.set("vtt", "/media/" + l.id + ".vtt");
    d.set("audio", media);
  }
  d.set("sections", sections);
  d.set("faq", faq);
  d.set("sources", sources);
  d.set("source_count", std::to_string(l.sources.size()));

  // A question asked without scripts arrives as ?q= and is answered in the page.
  if (const std::string q = ctx.field("q"); !q.empty()) {
    d.set("answer", answer_data(ask(ctx, l, q)));
    d.set("q", q);
  }

  d.set("rating", rating_data(ctx.community().rating_summary(l.id)));
  data reviews = data::type::list;
  const std::string viewer = ctx.user ? ctx.user->id : std::string();
  for (const store::Review& r : ctx.community().reviews(l.id, viewer)) {
    data review;
    review.set("id", r.id);
    review.set("author", r.user_name);
    review.set("stars", stars(r.rating));
    review.set("rating", std::to_string(r.rating));
    review.set("text", r.text);
    review.set("likes", std::to_string(r.likes));
    review.set("date", r.created_at.substr(0, 10));
    if (r.liked_by_viewer) review.set("liked", true);
    if (r.user_id == viewer) review.set("mine", true);
    reviews.push_back(review);
  }
  d.set("reviews", reviews);

  data related = data::type::list;
  try {
    for (const plan::RelatedPlan& p : plan::related_plans(store, l.id, 3)) {
      if (const std::optional<plan::Plan> full = plan::load_plan(store, p.id)) {
        related.push_back(plan_card(*full, ctx.lang));
      }
    }
  } catch (const NotFound&) {
    // No plans stored yet: nothing to relate.
  }
  d.set("related", related);
  if (const std::string creator = creator_name(ctx.community(), entry.record.owner); !creator.empty()) {
    d.set("creator", creator);
  }
  if (ctx.user && entry.record.owner == ctx.user->id) d.set("mine", true);
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

void register_lesson_page(httplib::Server& server, App& app) {
  server.Get(R"(/lessons/([^/]+))", route(app, Surface::kPage, [](Context& ctx) {
               lesson_page(ctx, ctx.req.matches[1]);
             }));
}

}  // namespace lectio::web
