// The read side of the JSON API (docs/api.md): lessons, plans, sources, search, questions,
// related plans and voices. Errors are {"error":{"status","code","message"}}.
#include <fmt/format.h>

#include "app.h"
#include "lectio/core/error.h"
#include "lectio/ingest/source_json.h"
#include "lectio/plan/related.h"
#include "lectio/voices/hosts.h"
#include "list_page.h"
#include "request.h"
#include "routes.h"
#include "views.h"

namespace lectio::web {

using nlohmann::json;

namespace {

json lesson_summary(const lesson::Lesson& l) {
  return {{"id", l.id},
          {"slug", l.slug},
          {"title", l.title},
          {"description", l.description},
          {"tags", l.tags},
          {"date", l.date},
          {"plan", l.plan},
          {"language", l.language},
          {"host", l.host},
          {"seconds", lesson_seconds(l)},
          {"measured", l.duration.measured_seconds.has_value()},
          {"published", l.published},
          {"url", lesson_path(l)}};
}

json media_json(const lesson::Lesson& l) {
  if (!l.audio) return nullptr;
  const std::string base = "/media/" + l.id;
  return {{"mp3", base + ".mp3"},
          {"opus", base + ".opus"},
          {"vtt", base + ".vtt"},
          {"chapters", base + ".chapters.json"}};
}

json plan_summary(const plan::Plan& p) {
  return {{"id", p.id},
          {"slug", p.slug},
          {"title", p.title},
          {"description", p.description},
          {"language", p.language},
          {"chapters", p.totals.chapters},
          {"lessons", p.totals.lessons},
          {"seconds", p.totals.seconds},
          {"duration", p.totals.duration},
          {"url", plan_path(p)},
          {"feed", plan_path(p) + "/feed.xml"}};
}

json source_json(const Source& s) {
  json body = json::parse(ingest::source_to_json(s, -1));
  body["url"] = source_path(s.id, s.version);
  body["visibility"] = s.is_private ? "private" : "public";
  return body;
}

int int_param(Context& ctx, const std::string& name, int fallback, int lo, int hi) {
  const std::string v = ctx.field(name);
  if (v.empty()) return fallback;
  try {
    const int n = std::stoi(v);
    if (n >= lo && n <= hi) return n;
  } catch (const std::exception&) {
  }
  throw HttpError(400, "invalid_input",
                  fmt::format("{}: must be a number from {} to {}", name, lo, hi));
}

json answer_json(const ask::Answer& a) {
  json sentences = json::array();
  for (const lesson::ScriptSentence& s : a.sentences) {
    sentences.push_back({{"text", s.text}, {"citations", s.citations}});
  }
  json sources = json::array();
  for (const lesson::CitedChunk& c : a.sources) {
    sources.push_back({{"chunk_id", c.chunk_id},
                       {"file_name", c.file_name},
                       {"pages", c.pages},
                       {"origin_url", c.origin_url},
                       {"url", chunk_path(c)}});
  }
  json out = {{"question", a.question},
              {"supported", a.supported},
              {"refusal", name_of(ask::kRefusalNames, a.refusal)},
              {"sentences", sentences},
              {"sources", sources}};
  // Why there is no answer, in the question's language, when it is one the learner can act
  // on (the sources are in another language); the page says "the sources don't say" otherwise.
  if (a.refusal == ask::Refusal::kOtherLanguage) out["message"] = ask::refusal_message(a);
  return out;
}

}  // namespace

void api_lesson(Context& ctx) {
  const LessonEntry entry = require_lesson(ctx, ctx.req.matches[1].str());
  json body = json::parse(lesson::lesson_to_json(entry.lesson, -1));
  body.erase("audio");  // file paths on the server are not the client's business
  body["url"] = lesson_path(entry.lesson);
  body["media"] = media_json(entry.lesson);
  body["creator"] = creator_name(ctx.community(), entry.record.owner);
  const store::RatingSummary r = ctx.community().rating_summary(entry.lesson.id);
  body["rating"] = {{"count", r.count}, {"average", r.average}};
  ctx.send_json(body);
}

void api_search(Context& ctx) {
  const std::string q = ctx.field("q");
  if (q.empty()) throw HttpError(400, "invalid_input", "q: empty query");
  if (q.size() > 300) throw HttpError(400, "invalid_input", "q: over 300 bytes");
  const ListPage page = list_page(ctx);
  std::vector<lesson::Lesson> matching;
  for (lesson::Lesson& l : visible_lessons(ctx)) {
    if (lesson_matches(l, q)) matching.push_back(std::move(l));
  }
  const std::size_t total = matching.size();
  json lessons = json::array();
  for (const lesson::Lesson& l : page_of(std::move(matching), page)) {
    lessons.push_back(lesson_summary(l));
  }
  search::Query query;
  query.text = q;
  query.k = int_param(ctx, "k", 10, 1, 100);
  query.words_only = ctx.field("syntax") != "1";
  json chunks = json::array();
  for (const search::Hit& h : visible_hits(ctx, query)) {
    chunks.push_back({{"chunk_id", h.chunk_id},
                      {"source_id", h.source_id},
                      {"version", h.version},
                      {"score", h.score},
                      {"file_name", h.file_name},
                      {"pages", page_range(h.page_start, h.page_end)},
                      {"heading_path", h.heading_path},
                      {"snippet", h.snippet},
                      {"url", chunk_path(h.source_id, h.version, h.ordinal)}});
  }
  ctx.send_json(
      {{"query", q}, {"lessons", lessons}, {"page", page_json(page, total)}, {"chunks", chunks}});
}

void api_lessons(Context& ctx) {
  const ListPage page = list_page(ctx);
  std::vector<lesson::Lesson> all = visible_lessons(ctx);
  const std::size_t total = all.size();
  json out = json::array();
  for (const lesson::Lesson& l : page_of(std::move(all), page)) out.push_back(lesson_summary(l));
  ctx.send_json({{"lessons", out}, {"page", page_json(page, total)}});
}

void api_ask(Context& ctx) {
  const LessonEntry entry = require_lesson(ctx, ctx.req.matches[1].str());
  const JsonRequest body(ctx.json_body());
  // In bytes here, four per character at most; answer_question counts characters.
  const std::string question = body.text("question", 4 * ask::kMaxQuestionChars);
  ctx.send_json(answer_json(ask(ctx, entry.lesson, question)));
}

void api_related(Context& ctx) {
  const LessonEntry entry = require_lesson(ctx, ctx.req.matches[1].str());
  json out = json::array();
  try {
    for (const plan::RelatedPlan& p : plan::related_plans(ctx.store(), entry.lesson.id, 3)) {
      out.push_back({{"id", p.id}, {"title", p.title}, {"score", p.score}});
    }
  } catch (const NotFound&) {
    // No plans stored yet: nothing to relate.
  }
  ctx.send_json({{"plans", out}});
}

void api_plans(Context& ctx) {
  const ListPage page = list_page(ctx);
  std::vector<plan::Plan> all = plan::list_plans(ctx.store());
  const std::size_t total = all.size();
  json out = json::array();
  for (const plan::Plan& p : page_of(std::move(all), page)) out.push_back(plan_summary(p));
  ctx.send_json({{"plans", out}, {"page", page_json(page, total)}});
}

void api_plan(Context& ctx) {
  const std::optional<plan::Plan> p = plan::load_plan(ctx.store(), ctx.req.matches[1].str());
  if (!p) throw HttpError(404, "not_found", ctx.app.t(ctx, "error_no_plan"));
  json body = json::parse(plan::plan_to_json(*p, -1));
  body.erase("file");
  body["url"] = plan_path(*p);
  body["feed"] = plan_path(*p) + "/feed.xml";
  ctx.send_json(body);
}

void api_sources(Context& ctx) {
  const ListPage page = list_page(ctx);
  std::vector<Source> all = visible_sources(ctx);
  const std::size_t total = all.size();
  json out = json::array();
  for (const Source& s : page_of(std::move(all), page)) out.push_back(source_json(s));
  ctx.send_json({{"sources", out}, {"page", page_json(page, total)}});
}

void api_source(Context& ctx) {
  std::optional<int> version;
  if (!ctx.field("v").empty()) version = int_param(ctx, "v", 1, 1, 1000000);
  const std::string id = ctx.req.matches[1].str();
  const std::optional<Source> s = visible_source(ctx, id, version);
  if (!s) throw HttpError(404, "not_found", ctx.app.t(ctx, "error_no_source"));
  // The chunks a page at a time (a source may hold thousands): read from the store by ordinal.
  const ListPage page = list_page(ctx);
  const json chunks = json::parse(
      ingest::chunks_to_json(ctx.store().chunk_page(id, s->version, page.offset, page.limit), -1));
  json body = source_json(*s);
  body["chunk_list"] = chunks;
  body["page"] = page_json(page, static_cast<std::size_t>(std::max(0, s->chunk_count)));
  ctx.send_json(body);
}

void api_voices(Context& ctx) {
  json out = json::array();
  for (const voices::Host& h : voices::hosts()) {
    out.push_back(
        {{"name", h.name}, {"language", h.language}, {"gender", h.gender}, {"engine", h.engine}});
  }
  ctx.send_json({{"voices", out}});
}

}  // namespace lectio::web
