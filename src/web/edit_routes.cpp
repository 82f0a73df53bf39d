// The lesson editor (issue 32): the owner changes, deletes, moves and adds sentences (citing a
// chunk found in the lesson's sources), the FAQ, title, description and tags. A save goes
// through the same path as `lectio lesson apply`: the edit is written as an editable script,
// read back by its one parser, checked by the grounding verifier, stored as a new version and
// rendered again (only changed sentences are synthesised). Unsupported sentences are answered
// with 422 and where they are; a save on a version someone else replaced, 409.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <utility>

#include "app.h"
#include "lectio/core/error.h"
#include "lectio/lesson/script_text.h"
#include "lectio/pipeline/lesson_edit.h"
#include "lectio/search/index.h"
#include "lectio/text/strings.h"
#include "request.h"
#include "routes.h"
#include "views.h"

namespace lectio::web {

using nlohmann::json;

namespace {

constexpr std::size_t kMaxSentenceBytes = 2000;
constexpr std::size_t kMaxSentences = 2000;

// Where a line of the script text the editor wrote came from: {"section"|"faq": i,
// "sentence": j}, or {"field": name} for the header.
using Origins = std::map<int, json>;

pipeline::CurrentLesson own_lesson(Context& ctx) {
  const store::User& user = ctx.require_user();
  const LessonEntry entry = require_lesson(ctx, ctx.req.matches[1].str());
  if (entry.record.owner != user.id) {
    throw HttpError(403, "forbidden", ctx.app.t(ctx, "error_not_yours"));
  }
  auto current = pipeline::current_lesson(ctx.store(), entry.lesson.id);
  if (!current) throw HttpError(404, "not_found", ctx.app.t(ctx, "error_no_lesson"));
  return std::move(*current);
}

std::string section_label(const lesson::ScriptSection& s, std::size_t i) {
  if (s.kind == lesson::SectionKind::kIntro) return "intro";
  if (s.kind == lesson::SectionKind::kOutro) return "outro";
  return fmt::format("insight {}", (s.insight_index >= 0 ? s.insight_index : int(i)) + 1);
}

json sentence_json(const lesson::ScriptSentence& s) {
  return {{"text", s.text}, {"speaker", s.speaker}, {"citations", s.citations}};
}

json script_json(const pipeline::CurrentLesson& c) {
  const lesson::Lesson& l = c.lesson;
  json sections = json::array();
  for (std::size_t i = 0; i < l.script.size(); ++i) {
    json sentences = json::array();
    for (const auto& s : l.script[i].sentences) sentences.push_back(sentence_json(s));
    sections.push_back({{"label", section_label(l.script[i], i)},
                        {"title", l.script[i].title},
                        {"sentences", sentences}});
  }
  json faq = json::array();
  for (const auto& f : l.faq) {
    json answer = json::array();
    for (const auto& s : f.answer) answer.push_back(sentence_json(s));
    faq.push_back({{"question", f.question}, {"answer", answer}});
  }
  json hosts = json::array();
  for (const std::string* h : {&l.host, &l.cohost}) {
    if (!h->empty()) hosts.push_back(*h);
  }
  return {{"id", l.id},           {"version", c.version},
          {"title", l.title},     {"description", l.description},
          {"tags", l.tags},       {"hosts", hosts},
          {"sections", sections}, {"faq", faq}};
}

// One line of text from the editor: white space collapsed, so that nothing it holds can start
// a line of its own.
std::string one_line(Context& ctx, const json& v, const char* field) {
  if (!v.is_string() || v.get_ref<const std::string&>().size() > kMaxSentenceBytes) {
    throw InvalidField(field, ctx.app.t(ctx, "edit_error_field") + ": " + field);
  }
  return text::collapse_whitespace(v.get<std::string>());
}

// Writes one sentence of the editor's JSON as a script line, remembering where it came from.
void write_sentence(Context& ctx, std::string& text, int& line, Origins& origins, const json& s,
                    json origin) {
  if (!s.is_object()) throw InvalidField("sentences", ctx.app.t(ctx, "edit_error_field"));
  const std::string body = one_line(ctx, s.value("text", json("")), "text");
  if (body.find("[cite:") != std::string::npos) {
    throw InvalidField("text", ctx.app.t(ctx, "edit_error_field") + ": [cite:");
  }
  const std::string speaker = one_line(ctx, s.value("speaker", json("")), "speaker");
  std::vector<std::string> cites;
  for (const json& c : s.value("citations", json::array()))
    cites.push_back(one_line(ctx, c, "citations"));
  text += "- " + (speaker.empty() ? "" : speaker + ": ") + body;
  if (!cites.empty()) text += fmt::format(" [cite: {}]", fmt::join(cites, ", "));
  text += '\n';
  origins[++line] = std::move(origin);
}

// The editor's JSON as the script text `lectio lesson script` prints.
std::string script_text(Context& ctx, const json& body, const std::string& id, Origins& origins) {
  int line = 0;
  const auto add = [&](const std::string& s, json origin) {
    origins[++line] = std::move(origin);
    return s + "\n";
  };
  std::string text =
      add(fmt::format("<!-- lectio script of {}, version {} -->", id, body.value("version", 0)),
          {{"field", "version"}});
  text +=
      add("title: " + one_line(ctx, body.value("title", json("")), "title"), {{"field", "title"}});
  text += add("description: " + one_line(ctx, body.value("description", json("")), "description"),
              {{"field", "description"}});
  std::vector<std::string> tags;
  for (const json& t : body.value("tags", json::array())) tags.push_back(one_line(ctx, t, "tags"));
  text += add(fmt::format("tags: {}", fmt::join(tags, ", ")), {{"field", "tags"}});
  std::size_t count = 0;
  const json sections = body.value("sections", json::array());
  for (std::size_t i = 0; i < sections.size(); ++i) {
    const json& sec = sections[i];
    text += add(fmt::format("## {}: {}", one_line(ctx, sec.value("label", json("")), "label"),
                            one_line(ctx, sec.value("title", json("")), "title")),
                {{"section", i}});
    const json sentences = sec.value("sentences", json::array());
    for (std::size_t j = 0; j < sentences.size() && ++count <= kMaxSentences; ++j) {
      write_sentence(ctx, text, line, origins, sentences[j], {{"section", i}, {"sentence", j}});
    }
  }
  text += add("## faq", {{"field", "faq"}});
  const json faq = body.value("faq", json::array());
  for (std::size_t i = 0; i < faq.size(); ++i) {
    text +=
        add("### " + one_line(ctx, faq[i].value("question", json("")), "question"), {{"faq", i}});
    const json answer = faq[i].value("answer", json::array());
    for (std::size_t j = 0; j < answer.size() && ++count <= kMaxSentences; ++j) {
      write_sentence(ctx, text, line, origins, answer[j], {{"faq", i}, {"sentence", j}});
    }
  }
  return text;
}

// "edit:12: reason" → the origin of line 12 and the reason.
json located_error(const std::string& message, const Origins& origins) {
  json error = {{"code", "invalid_script"}, {"message", message}};
  constexpr std::string_view kName = "edit:";
  if (message.rfind(kName, 0) != 0) return error;
  const auto colon = message.find(':', kName.size());
  try {
    const int line = std::stoi(message.substr(kName.size(), colon - kName.size()));
    error["message"] = message.substr(colon + 2);
    if (auto it = origins.find(line); it != origins.end()) error["at"] = it->second;
  } catch (const std::exception&) {
  }
  return error;
}

}  // namespace

void edit_page(Context& ctx) {
  const pipeline::CurrentLesson c = own_lesson(ctx);
  kainjow::mustache::data d;
  d.set("id", c.lesson.id);
  d.set("title", c.lesson.title);
  d.set("lesson_url", lesson_path(c.lesson));
  d.set("version", std::to_string(c.version));
  ctx.app.send_page(ctx, "edit", std::move(d),
                    ctx.app.t(ctx, "edit_title") + " · " + c.lesson.title);
}

void api_lesson_script(Context& ctx) {
  ctx.send_json(script_json(own_lesson(ctx)));
}

// Chunks of the lesson's own sources that match a query: what a new sentence may cite.
void api_lesson_chunks(Context& ctx) {
  const pipeline::CurrentLesson c = own_lesson(ctx);
  search::Query q;
  q.text = ctx.field("q");
  q.k = 8;
  q.words_only = true;
  for (const auto& s : c.lesson.sources) {
    if (std::find(q.source_ids.begin(), q.source_ids.end(), s.source_id) == q.source_ids.end()) {
      q.source_ids.push_back(s.source_id);
    }
  }
  json chunks = json::array();
  if (!q.text.empty() && !q.source_ids.empty()) {
    for (const search::Hit& h : ctx.library().index().search(q)) {
      const auto chunk = ctx.store().chunk(*ChunkRef::parse(h.chunk_id));
      chunks.push_back({{"chunk_id", h.chunk_id},
                        {"file_name", h.file_name},
                        {"snippet", h.snippet},
                        {"text", chunk ? chunk->text : h.snippet}});
    }
  }
  ctx.send_json({{"chunks", chunks}});
}

void api_save_script(Context& ctx) {
  ctx.require_csrf();
  const pipeline::CurrentLesson c = own_lesson(ctx);
  const json body = ctx.json_body();
  Origins origins;
  const std::string text = script_text(ctx, body, c.lesson.id, origins);
  pipeline::EditOptions options;
  options.author = ctx.user->id;
  options.strict = true;  // the editor shows what is unsupported; nothing of it is stored
  pipeline::EditResult r;
  try {
    lesson::ScriptEdit edit = lesson::parse_script_text(text, "edit", c.lesson);
    r = pipeline::apply_edit(ctx.store(), ctx.app.options().data_dir, c, std::move(edit), "edit",
                             options);
  } catch (const pipeline::VersionConflict& e) {
    return ctx.send_json(
        {{"error", {{"code", "conflict"}, {"message", e.what()}}}, {"version", e.current()}}, 409);
  } catch (const InvalidField&) {
    throw;
  } catch (const InvalidInput& e) {
    return ctx.send_json({{"error", located_error(e.what(), origins)}}, 400);
  }
  json findings = json::array();
  for (const auto& f : r.check.unsupported) {
    json at = origins.contains(f.line) ? origins.at(f.line) : json::object();
    findings.push_back(
        {{"at", at}, {"text", f.text}, {"support", f.support}, {"reason", f.reason}});
  }
  const json check = {{"checked", r.check.checked},
                      {"unchanged", r.check.unchanged},
                      {"connective", r.check.connective},
                      {"unsupported", findings}};
  if (!r.stored) {
    return ctx.send_json(
        {{"error", {{"code", "unsupported"}, {"message", ctx.app.t(ctx, "edit_unsupported")}}},
         {"check", check}},
        422);
  }
  ctx.app.page_cache().invalidate();
  const std::string v = fmt::format("?v={}", r.lesson.version);
  ctx.send_json({{"version", r.lesson.version},
                 {"check", check},
                 {"audio",
                  {{"mp3", "/media/" + r.lesson.id + ".mp3" + v},
                   {"vtt", "/media/" + r.lesson.id + ".vtt" + v}}}});
}

}  // namespace lectio::web
