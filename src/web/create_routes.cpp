// Making lessons in the browser: upload sources (uploads.cpp), fill a brief, follow the job,
// publish or delete. Only signed-in users create; only a lesson's creator publishes or deletes it.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <filesystem>

#include "app.h"
#include "lectio/compose/composer.h"
#include "lectio/core/data_dir.h"
#include "lectio/core/error.h"
#include "lectio/core/password.h"
#include "lectio/pipeline/lesson_records.h"
#include "lectio/text/strings.h"
#include "lectio/text/unicode.h"
#include "lectio/voices/hosts.h"
#include "page_views.h"
#include "request.h"
#include "routes.h"
#include "uploads.h"
#include "views.h"

namespace lectio::web {

namespace fs = std::filesystem;
using kainjow::mustache::data;
using nlohmann::json;

namespace {

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::string line;
  for (char c : text + "\n") {
    if (c == '\n') {
      while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
      std::size_t start = line.find_first_not_of(" -*\t");
      if (start != std::string::npos) out.push_back(line.substr(start));
      line.clear();
    } else {
      line += c;
    }
  }
  return out;
}

// A brief from the form or the API body, read by the one brief validator (the command line's
// too). Sources must be ids of stored sources: a path on the server is not something a
// visitor may name.
// `choose`: the sources must be named (the form's rule: a lesson never teaches from sources the
// learner did not pick); otherwise none named means every source (the API's stated default).
lesson::Brief brief_from(Context& ctx, nlohmann::json fields, bool choose) {
  lesson::Brief brief = lesson::parse_brief_json(fields.dump(), "brief");
  if (choose && brief.sources.empty()) {
    throw InvalidField("sources", ctx.app.t(ctx, "error_choose_sources"));
  }
  // What becomes a title shown in lists: without bidi controls, which would reorder the
  // text around it.
  brief.topic = text::without_bidi_controls(brief.topic);
  brief.plan = text::without_bidi_controls(brief.plan);
  // The server's engine, unless the brief picks another one the server was configured with.
  if (brief.engine.empty()) brief.engine = ctx.app.options().engine;
  const std::vector<std::string> engines = pipeline::available_engines(ctx.app.engines());
  if (std::find(engines.begin(), engines.end(), brief.engine) == engines.end()) {
    throw InvalidField("engine",
                       fmt::format("brief: field 'engine': this server writes with {} only",
                                   fmt::join(engines, " or ")));
  }
  for (const std::string& id : brief.sources) {
    const std::string full = id.rfind("file_", 0) == 0 ? id : "file_" + id;
    if (!visible_source(ctx, full, std::nullopt)) {  // others' uploads are not named either
      throw InvalidField("sources",
                         fmt::format("brief: field 'sources': no stored source '{}'", id));
    }
  }
  // "Every source" is every source this creator may see: named one by one when some are hidden.
  if (brief.sources.empty()) {
    const std::vector<Source> all = ctx.store().sources();
    if (!std::all_of(all.begin(), all.end(), [&](const Source& s) { return may_see(ctx, s); })) {
      for (const Source& s : all) {
        if (may_see(ctx, s)) brief.sources.push_back(s.id);
      }
    }
  }
  return brief;
}

// The form's language checks (issue 30): a lesson in one language over insights or sources in
// another would mix a frame in one language with sentences in the other, read by one voice.
// The insights must be in the lesson's language; the built-in engine copies its sentences from
// the sources, so their language must be the lesson's too. Throws InvalidField naming the field.
void check_languages(Context& ctx, const lesson::Brief& brief) {
  const auto name = [&](const std::string& lang) {
    return ctx.app.t(ctx, lang == "zh" ? "language_zh" : "language_en");
  };
  std::string insights;
  for (const std::string& i : brief.insights) insights += i + "\n";
  if (const std::string lang = text::detect_language(insights); lang != brief.language) {
    throw InvalidField(
        "insights", fmt::format(fmt::runtime(ctx.app.t(ctx, "error_insights_language")), name(lang),
                                name(brief.language)));
  }
  if (brief.engine != "extractive") return;
  std::vector<std::string> other;
  std::string other_lang;
  for (const std::string& id : brief.sources) {
    const std::optional<Source> s = visible_source(ctx, id, std::nullopt);
    if (s && !s->language.empty() && s->language != brief.language) {
      other.push_back(s->file_name);
      other_lang = s->language;
    }
  }
  if (!other.empty()) {
    throw InvalidField("language",
                       fmt::format(fmt::runtime(ctx.app.t(ctx, "error_sources_language")),
                                   name(brief.language), fmt::join(other, ", "), name(other_lang)));
  }
}

// The API body: the brief's fields and `audio` (default true). `choose`: as brief_from.
std::string submit(Context& ctx, const JsonRequest& request, bool choose) {
  const store::User& user = ctx.require_user();
  ctx.require_csrf();
  const bool audio = request.boolean("audio", true);
  nlohmann::json fields = request.body();
  fields.erase("audio");
  lesson::Brief brief = brief_from(ctx, std::move(fields), choose);
  if (choose) check_languages(ctx, brief);
  if (ctx.app.jobs().waiting_for(user.id) >= Jobs::kMaxQueuedPerAccount) {
    ctx.res.set_header("Retry-After", "10");
    throw HttpError(429, "too_many_waiting",
                    fmt::format(fmt::runtime(ctx.app.t(ctx, "error_too_many_waiting")),
                                Jobs::kMaxQueuedPerAccount));
  }
  const std::optional<std::string> id = ctx.app.jobs().submit(user.id, std::move(brief), audio);
  if (!id) throw HttpError(503, "busy", ctx.app.t(ctx, "error_busy"));
  return *id;
}

json job_json(const JobStatus& s) {
  json j = {
      {"id", s.id}, {"kind", s.kind}, {"state", s.state}, {"done", s.done}, {"total", s.total}};
  if (!s.lesson_id.empty()) j["lesson_id"] = s.lesson_id;
  if (s.existing) j["existing"] = true;
  if (!s.file_name.empty()) j["file_name"] = s.file_name;
  if (!s.error.empty()) j["error"] = s.error;
  return j;
}

JobStatus my_job(Context& ctx, const std::string& id) {
  const store::User& user = ctx.require_user();
  const std::optional<JobStatus> s = ctx.app.jobs().status(id);
  if (!s || s->owner != user.id) throw HttpError(404, "not_found", ctx.app.t(ctx, "error_no_job"));
  return *s;
}

// The creator's own lesson, drafts included; 404 for anyone else's (their drafts stay hidden),
// 403 when it is published but not theirs.
LessonEntry my_lesson(Context& ctx, const std::string& id) {
  const store::User& user = ctx.require_user();
  ctx.require_csrf();
  LessonEntry entry = require_lesson(ctx, id);
  if (entry.record.owner != user.id)
    throw HttpError(403, "forbidden", ctx.app.t(ctx, "error_not_yours"));
  return entry;
}

void set_published(Context& ctx, LessonEntry& entry, bool published) {
  entry.lesson.published = published;
  pipeline::save_lesson(ctx.store(), entry.lesson, entry.record.owner);
  ctx.app.page_cache().invalidate();
}

void delete_lesson(Context& ctx, const LessonEntry& entry) {
  ctx.community().delete_reviews_of_lesson(entry.lesson.id);
  ctx.store().delete_record(store::RecordKind::kLesson, entry.lesson.id);
  ctx.app.page_cache().invalidate();
  // The audio files are content-addressed and may be shared by an identical lesson; they are
  // left for a later clean-up rather than risk removing another lesson's audio.
}

void send_create_page(Context& ctx, const std::string& error, int status,
                      const CreateForm& form = {}) {
  ctx.require_user();
  // A choice of engine only where the server has more than one; its own engine first.
  std::vector<EngineChoice> engines;
  if (ctx.app.engines().llm) {
    const bool llm_first = ctx.app.options().engine == "llm";
    for (const std::string& name : pipeline::available_engines(ctx.app.engines())) {
      engines.push_back({name, ctx.app.t(ctx, name == "llm" ? "engine_llm" : "engine_extractive"),
                         (name == "llm") == llm_first});
    }
  }
  ctx.app.send_page(ctx, "create",
                    create_view(visible_sources(ctx), voices::hosts(), engines, error, form),
                    ctx.app.t(ctx, "create_title"), status);
}

// The form's fields as the brief's JSON: empty fields are left out (the brief's defaults
// apply), insights one a line, tags one a line or separated by commas.
constexpr std::array kFormFields = {"topic",    "plan",  "overview", "host",
                                    "language", "style", "format",   "engine"};

JsonRequest form_body(Context& ctx) {
  json body = json::object();
  for (const char* key : kFormFields) {
    if (const std::string value = ctx.field(key); !value.empty()) body[key] = value;
  }
  body["insights"] = lines(ctx.field("insights"));
  std::string tags = ctx.field("tags");
  std::replace(tags.begin(), tags.end(), ',', '\n');
  if (const auto list = lines(tags); !list.empty()) body["tags"] = list;
  json sources = json::array();
  for (std::size_t i = 0, n = ctx.req.get_param_value_count("sources"); i < n; ++i) {
    sources.push_back(ctx.req.get_param_value("sources", i));
  }
  if (!sources.empty()) body["sources"] = sources;
  return JsonRequest(std::move(body));
}

// The form as it was posted, to show it again beside the reason it was refused.
CreateForm posted_form(Context& ctx, const std::string& error_field) {
  CreateForm form;
  for (const char* key : kFormFields) form.values[key] = ctx.field(key);
  form.values["insights"] = ctx.field("insights");
  form.values["tags"] = ctx.field("tags");
  for (std::size_t i = 0, n = ctx.req.get_param_value_count("sources"); i < n; ++i) {
    form.chosen.push_back(ctx.req.get_param_value("sources", i));
  }
  form.error_field = error_field;
  return form;
}

}  // namespace

void api_upload(Context& ctx) {
  json out = json::array();
  bool any_error = false;
  bool any_queued = false;
  for (const Uploaded& u : upload(ctx)) {
    json j = {{"file_name", u.file_name}};
    if (!u.error.empty()) {
      j["error"] = u.error;
      any_error = true;
    } else if (!u.job_id.empty()) {
      j["job"] = job_json(*ctx.app.jobs().status(u.job_id));
      any_queued = true;
    } else {
      j["source_id"] = u.source_id;
      j["outcome"] = u.outcome;
      j["chunks"] = u.chunks;
    }
    out.push_back(j);
  }
  // Queued: accepted, a worker adds them (follow /api/jobs/ID).
  ctx.send_json({{"files", out}}, any_error ? 422 : any_queued ? 202 : 201);
}

void api_create_lesson(Context& ctx) {
  const std::string id = submit(ctx, JsonRequest(ctx.json_body()), false);
  ctx.res.set_header("Location", "/api/jobs/" + id);
  ctx.send_json({{"job", job_json(*ctx.app.jobs().status(id))}}, 202);
}

void api_job(Context& ctx) {
  ctx.send_json({{"job", job_json(my_job(ctx, ctx.req.matches[1].str()))}});
}

void api_publish(Context& ctx) {
  LessonEntry entry = my_lesson(ctx, ctx.req.matches[1].str());
  const JsonRequest body(ctx.req.body.empty() ? json::object() : ctx.json_body());
  set_published(ctx, entry, body.boolean("published", true));
  ctx.send_json({{"id", entry.lesson.id}, {"published", entry.lesson.published}});
}

void api_delete_lesson(Context& ctx) {
  const LessonEntry entry = my_lesson(ctx, ctx.req.matches[1].str());
  delete_lesson(ctx, entry);
  ctx.send_json({{"deleted", entry.lesson.id}});
}

// A failed job's brief as the form's values, so that the learner edits it rather than
// typing it again.
CreateForm form_of(const lesson::Brief& b) {
  CreateForm form;
  form.values["topic"] = b.topic;
  form.values["plan"] = b.plan;
  form.values["overview"] = b.overview;
  form.values["insights"] = fmt::format("{}", fmt::join(b.insights, "\n"));
  form.values["tags"] = fmt::format("{}", fmt::join(b.tags, ", "));
  form.values["language"] = b.language;
  form.values["style"] = std::string(lesson::style_name(b.style));
  form.values["format"] = b.format == lesson::LessonFormat::kDialogue ? "dialogue" : "monologue";
  form.values["host"] = b.host;
  form.values["engine"] = b.engine;
  form.chosen = b.sources;
  return form;
}

// ?added=ID (one per file just uploaded): confirmed on the page and ticked. ?job=ID (the
// creator's failed lesson job): its brief filled in again, with the reason it failed.
void create_page(Context& ctx) {
  if (const std::string job = ctx.field("job"); !job.empty()) {
    const JobStatus s = my_job(ctx, job);
    if (s.state == "failed" && s.brief) {
      return send_create_page(ctx, s.error, 200, form_of(*s.brief));
    }
  }
  CreateForm form;
  for (std::size_t i = 0, n = ctx.req.get_param_value_count("added"); i < n; ++i) {
    form.added.push_back(ctx.req.get_param_value("added", i));
  }
  send_create_page(ctx, "", 200, form);
}

void upload_form(Context& ctx) {
  std::string errors;
  std::vector<std::string> jobs;
  std::string added;
  for (const Uploaded& u : upload(ctx)) {
    if (!u.error.empty()) errors += (errors.empty() ? "" : " · ") + u.error;
    if (!u.job_id.empty()) jobs.push_back(u.job_id);
    if (!u.source_id.empty()) added += (added.empty() ? "?added=" : "&added=") + u.source_id;
  }
  if (!errors.empty()) {
    CreateForm form;
    form.error_field = "files";
    return send_create_page(ctx, errors, 422, form);
  }
  // Queued: the job page follows the worker adding the file (the last one, when several were
  // sent: they are taken in order, so it is done last). Added here: the form confirms the files
  // and ticks them.
  ctx.redirect(jobs.empty() ? "/create" + added + "#brief" : "/jobs/" + jobs.back());
}

void brief_form(Context& ctx) {
  try {
    ctx.redirect("/jobs/" + submit(ctx, form_body(ctx), true));
  } catch (const InvalidField& e) {
    send_create_page(ctx, e.what(), 400, posted_form(ctx, e.field()));
  } catch (const InvalidInput& e) {
    send_create_page(ctx, e.what(), 400, posted_form(ctx, ""));
  }
}

void job_page(Context& ctx) {
  const JobStatus s = my_job(ctx, ctx.req.matches[1].str());
  ctx.app.send_page(ctx, "job", job_view(s.id, s.kind, s.state, s.error),
                    ctx.app.t(ctx, s.kind == "ingest" ? "upload_title" : "job_title"));
}

void publish_form(Context& ctx) {
  LessonEntry entry = my_lesson(ctx, ctx.req.matches[1].str());
  set_published(ctx, entry, ctx.field("published") != "0");
  ctx.redirect(lesson_path(entry.lesson));
}

void delete_form(Context& ctx) {
  const LessonEntry entry = my_lesson(ctx, ctx.req.matches[1].str());
  delete_lesson(ctx, entry);
  ctx.redirect("/me");
}

}  // namespace lectio::web
