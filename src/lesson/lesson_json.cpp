// The lesson's JSON form (docs/lesson.schema.json) and a Markdown rendering for reading.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "lectio/core/enum_names.h"
#include "lectio/core/error.h"
#include "lectio/lesson/lesson.h"
#include "study_json.h"

namespace lectio::lesson {

namespace {

using Json = nlohmann::ordered_json;

constexpr EnumNames<SentenceRole, 2> kRoleNames{
    {{SentenceRole::kContent, "content"}, {SentenceRole::kConnective, "connective"}}};
constexpr EnumNames<SectionKind, 3> kSectionKindNames{{{SectionKind::kInsight, "insight"},
                                                       {SectionKind::kIntro, "intro"},
                                                       {SectionKind::kOutro, "outro"}}};

Json sentence_json(const ScriptSentence& s) {
  Json j = {{"text", s.text}, {"citations", s.citations}, {"role", name_of(kRoleNames, s.role)}};
  if (!s.speaker.empty()) j["speaker"] = s.speaker;
  if (s.role == SentenceRole::kContent) j["support"] = s.support;
  return j;
}

ScriptSentence sentence_from(const Json& j) {
  ScriptSentence s;
  s.text = j.at("text").get<std::string>();
  s.citations = j.value("citations", std::vector<std::string>{});
  // A role this version does not know is read as content: it must carry citations.
  s.role = value_of(kRoleNames, j.value("role", "content")).value_or(SentenceRole::kContent);
  s.speaker = j.value("speaker", "");
  s.support = j.value("support", 0.0);
  return s;
}

SectionKind kind_from(const std::string& name) {
  return value_of(kSectionKindNames, name).value_or(SectionKind::kInsight);
}

// No lesson runs a day; a duration outside that (or not a number) is not a lesson's, and
// rounding one to whole minutes would overflow (fuzz_lesson_json: 1.1e65 minutes).
constexpr double kMaxMinutes = 24 * 60;

double duration_field(const Json& duration, const char* key, double max) {
  const Json value = duration.value(key, Json(0.0));
  const double x = value.is_number() ? value.get<double>() : -1;
  if (!(x >= 0 && x <= max)) {
    throw InvalidInput(
        fmt::format("not a lesson: duration.{} must be a number from 0 to {}", key, max));
  }
  return x;
}

}  // namespace

Json script_json(const std::vector<ScriptSection>& script) {
  Json out = Json::array();
  for (const ScriptSection& sec : script) {
    Json sentences = Json::array();
    for (const auto& s : sec.sentences) sentences.push_back(sentence_json(s));
    Json j = {{"kind", name_of(kSectionKindNames, sec.kind)}, {"title", sec.title}};
    if (sec.insight_index >= 0) {
      j["insight_index"] = sec.insight_index;
      j["insight"] = sec.insight;
    }
    j["sentences"] = std::move(sentences);
    out.push_back(std::move(j));
  }
  return out;
}

Json faq_json(const std::vector<FaqItem>& faq) {
  Json out = Json::array();
  for (const FaqItem& f : faq) {
    Json answer = Json::array();
    for (const auto& s : f.answer) answer.push_back(sentence_json(s));
    out.push_back({{"question", f.question}, {"answer", std::move(answer)}});
  }
  return out;
}

Json sources_json(const std::vector<CitedChunk>& sources) {
  Json out = Json::array();
  for (const CitedChunk& c : sources) {
    out.push_back({{"chunk_id", c.chunk_id},
                   {"pinned_id", c.pinned_id},
                   {"source_id", c.source_id},
                   {"version", c.version},
                   {"file_name", c.file_name},
                   {"pages", c.pages},
                   {"origin_url", c.origin_url},
                   {"heading", c.heading}});
  }
  return out;
}

// The engine's repair counts are written only with its usage (an LLM engine's).
Json grounding_json(const Grounding& g, bool with_repairs) {
  Json coverage = Json::array();
  for (const InsightCoverage& c : g.insights) {
    coverage.push_back({{"insight", c.insight},
                        {"coverage", c.coverage},
                        {"content_sentences", c.content_sentences},
                        {"supported", c.supported}});
  }
  Json out = {{"supported_share", g.supported_share},
              {"threshold", g.threshold},
              {"content_sentences", g.content_sentences},
              {"insights", std::move(coverage)}};
  if (with_repairs) {
    out["repaired_sentences"] = g.repaired_sentences;
    out["rejected_sentences"] = g.rejected_sentences;
  }
  return out;
}

std::string lesson_to_json(const Lesson& l, int indent) {
  Json duration = {{"target_minutes", l.duration.target_minutes},
                   {"estimated_minutes", l.duration.estimated_minutes}};
  if (l.duration.measured_seconds) duration["measured_seconds"] = *l.duration.measured_seconds;
  Json j = {{"id", l.id},
            {"slug", l.slug},
            {"title", l.title},
            {"description", l.description},
            {"tags", l.tags},
            {"date", l.date},
            {"plan", l.plan},
            {"topic", l.topic},
            {"overview", l.overview},
            {"insights", l.insights},
            {"host", l.host}};
  if (!l.cohost.empty()) j["cohost"] = l.cohost;
  j["style"] = l.style;
  j["format"] = l.format;
  j["language"] = l.language;
  j["engine"] = l.engine;
  j["brief_hash"] = l.brief_hash;
  j["build_key"] = l.build_key;
  j["script"] = script_json(l.script);
  j["faq"] = faq_json(l.faq);
  j["best_quote"] = l.best_quote
                        ? Json{{"text", l.best_quote->text}, {"chunk_id", l.best_quote->chunk_id}}
                        : Json(nullptr);
  j["sources"] = sources_json(l.sources);
  j["duration"] = std::move(duration);
  j["grounding"] = grounding_json(l.grounding, l.usage.has_value());
  if (l.usage) {
    j["usage"] = {{"model", l.usage->model},
                  {"requests", l.usage->requests},
                  {"retries", l.usage->retries},
                  {"prompt_tokens", l.usage->prompt_tokens},
                  {"completion_tokens", l.usage->completion_tokens}};
  }
  j["warnings"] = l.warnings;
  if (l.audio) {
    j["audio"] = {{"mp3", l.audio->mp3},
                  {"opus", l.audio->opus},
                  {"vtt", l.audio->vtt},
                  {"chapters", l.audio->chapters}};
  }
  j["published"] = l.published;
  if (l.version > 1) j["version"] = l.version;
  if (l.study) j["study"] = study_value(*l.study);
  return j.dump(indent);
}

std::vector<ScriptSection> script_from(const Json& script) {
  std::vector<ScriptSection> out;
  for (const Json& sec : script) {
    ScriptSection s;
    s.kind = kind_from(sec.value("kind", "insight"));
    s.title = sec.value("title", "");
    s.insight_index = sec.value("insight_index", -1);
    s.insight = sec.value("insight", "");
    for (const Json& sj : sec.at("sentences")) s.sentences.push_back(sentence_from(sj));
    out.push_back(std::move(s));
  }
  return out;
}

std::vector<FaqItem> faq_from(const Json& faq) {
  std::vector<FaqItem> out;
  for (const Json& fj : faq) {
    FaqItem f;
    f.question = fj.at("question").get<std::string>();
    for (const Json& sj : fj.at("answer")) f.answer.push_back(sentence_from(sj));
    out.push_back(std::move(f));
  }
  return out;
}

Grounding grounding_from(const Json& g) {
  Grounding out;
  out.supported_share = g.value("supported_share", 0.0);
  out.threshold = g.value("threshold", 0.0);
  out.content_sentences = g.value("content_sentences", 0);
  out.repaired_sentences = g.value("repaired_sentences", 0);
  out.rejected_sentences = g.value("rejected_sentences", 0);
  for (const Json& cj : g.value("insights", Json::array())) {
    out.insights.push_back({cj.value("insight", ""), cj.value("coverage", 0.0),
                            cj.value("content_sentences", 0), cj.value("supported", false)});
  }
  return out;
}

Lesson lesson_from_json(std::string_view text) {
  const Json j = Json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) throw InvalidInput("not a lesson: invalid JSON");
  try {
    Lesson l;
    l.id = j.at("id").get<std::string>();
    l.slug = j.value("slug", "");
    l.title = j.value("title", "");
    l.description = j.value("description", "");
    l.tags = j.value("tags", std::vector<std::string>{});
    l.date = j.value("date", "");
    l.plan = j.value("plan", "");
    l.topic = j.value("topic", "");
    l.overview = j.value("overview", "");
    l.insights = j.value("insights", std::vector<std::string>{});
    l.host = j.value("host", "");
    l.cohost = j.value("cohost", "");
    l.style = j.value("style", "quick");
    l.format = j.value("format", "monologue");
    l.language = j.value("language", "en");
    l.engine = j.value("engine", "");
    l.brief_hash = j.value("brief_hash", "");
    l.build_key = j.value("build_key", "");
    l.script = script_from(j.at("script"));
    l.faq = faq_from(j.value("faq", Json::array()));
    if (j.contains("best_quote") && j["best_quote"].is_object()) {
      l.best_quote = BestQuote{j["best_quote"].at("text").get<std::string>(),
                               j["best_quote"].at("chunk_id").get<std::string>()};
    }
    for (const Json& cj : j.value("sources", Json::array())) {
      l.sources.push_back({cj.at("chunk_id").get<std::string>(), cj.value("pinned_id", ""),
                           cj.value("source_id", ""), cj.value("version", 1),
                           cj.value("file_name", ""), cj.value("pages", ""),
                           cj.value("origin_url", ""), cj.value("heading", "")});
    }
    const Json d = j.value("duration", Json::object());
    l.duration.target_minutes = duration_field(d, "target_minutes", kMaxMinutes);
    l.duration.estimated_minutes = duration_field(d, "estimated_minutes", kMaxMinutes);
    if (d.contains("measured_seconds")) {
      l.duration.measured_seconds = duration_field(d, "measured_seconds", kMaxMinutes * 60);
    }
    l.grounding = grounding_from(j.value("grounding", Json::object()));
    if (j.contains("usage") && j["usage"].is_object()) {
      const Json& u = j["usage"];
      l.usage = EngineUsage{u.value("model", ""), u.value("requests", 0), u.value("retries", 0),
                            u.value("prompt_tokens", 0L), u.value("completion_tokens", 0L)};
    }
    l.warnings = j.value("warnings", std::vector<std::string>{});
    if (j.contains("audio") && j["audio"].is_object()) {
      const Json& a = j["audio"];
      l.audio = LessonAudio{a.value("mp3", ""), a.value("opus", ""), a.value("vtt", ""),
                            a.value("chapters", "")};
    }
    l.published = j.value("published", true);
    const Json version = j.value("version", Json(1));
    if (!version.is_number_integer() || version.get<long long>() < 1 ||
        version.get<long long>() > 1000000) {
      throw InvalidInput("not a lesson: version must be a whole number from 1");
    }
    l.version = version.get<int>();
    if (j.contains("study") && j["study"].is_object()) l.study = study_value_from(j["study"]);
    return l;
  } catch (const Json::exception& e) {
    throw InvalidInput(fmt::format("not a lesson: {}", e.what()));
  }
}

std::vector<const ScriptSentence*> script_sentences(const Lesson& lesson) {
  std::vector<const ScriptSentence*> out;
  for (const auto& sec : lesson.script) {
    for (const auto& s : sec.sentences) out.push_back(&s);
  }
  return out;
}

std::string lesson_to_markdown(const Lesson& l) {
  std::string md = fmt::format("# {}\n\n{}\n\n", l.title, l.description);
  md += fmt::format("*{} · {} · {} min · host {} · {}*\n\n", l.date, l.style,
                    static_cast<int>(l.duration.estimated_minutes + 0.5), l.host,
                    fmt::join(l.tags, ", "));
  auto cite = [](const ScriptSentence& s) {
    return s.citations.empty() ? std::string() : fmt::format(" [{}]", fmt::join(s.citations, "; "));
  };
  for (const ScriptSection& sec : l.script) {
    md += fmt::format("## {}\n\n", sec.title);
    for (const auto& s : sec.sentences) {
      const std::string who =
          s.speaker.empty() || l.cohost.empty() ? "" : "**" + s.speaker + ":** ";
      md += who + s.text + cite(s) + "\n";
    }
    md += "\n";
  }
  if (l.best_quote)
    md += fmt::format("> {}\n> — [{}]\n\n", l.best_quote->text, l.best_quote->chunk_id);
  if (!l.faq.empty()) md += "## FAQ\n\n";
  for (const FaqItem& f : l.faq) {
    md += fmt::format("**{}**\n\n", f.question);
    for (const auto& s : f.answer) md += s.text + cite(s) + " ";
    md += "\n\n";
  }
  md += "## Sources\n\n";
  for (const CitedChunk& c : l.sources) {
    md += fmt::format("- [{}] {} {}{}\n", c.chunk_id, c.file_name, c.pages,
                      c.origin_url.empty() ? "" : " — " + c.origin_url);
  }
  for (const std::string& w : l.warnings) md += fmt::format("\n> Warning: {}\n", w);
  return md;
}

}  // namespace lectio::lesson
