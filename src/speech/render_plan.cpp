#include "render_plan.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>

#include "lectio/core/error.h"
#include "lectio/core/hash.h"
#include "lectio/speech/pcm.h"
#include "lectio/text/strings.h"

namespace lectio::speech {

namespace {

bool has_voices(const std::string& language) {
  for (const voices::Host& h : voices::hosts()) {
    if (h.language == language) return true;
  }
  return false;
}

// The index of `host` in plan.voices, adding it on first use.
std::size_t add_voice(RenderPlan& plan, const voices::Host& host) {
  for (std::size_t i = 0; i < plan.voices.size(); ++i) {
    if (plan.voices[i].name == host.name) return i;
  }
  plan.voices.push_back(host);
  return plan.voices.size() - 1;
}

// The index of `name`'s voice in plan.voices, adding it on first use. Throws InvalidInput.
std::size_t voice_index(RenderPlan& plan, const std::string& name, const lesson::Lesson& lesson) {
  for (std::size_t i = 0; i < plan.voices.size(); ++i) {
    if (plan.voices[i].name == name) return i;
  }
  const auto host = voices::find_host(name);
  if (!host) {
    throw InvalidInput(fmt::format("lesson '{}': speaker '{}' has no voice (see `lectio voices`)",
                                   lesson.slug, name));
  }
  if (host->language != plan.language) {
    throw InvalidInput(fmt::format("lesson '{}': host '{}' speaks '{}', the lesson is in '{}'",
                                   lesson.slug, host->name, host->language, plan.language));
  }
  // Lines name hosts case-insensitively; the plan keeps the canonical spelling.
  return add_voice(plan, *host);
}

// The language a line is read in: the lesson's, unless the line is plainly in the other one
// (a quoted English sentence in a Chinese lesson, a Chinese one in an English lesson). A line
// with no letters (a figure, a date) stays in the lesson's language.
std::string line_language(const std::string& text, const std::string& lesson_language) {
  const std::string detected = text::detect_language(text);
  if (detected == lesson_language) return detected;
  if (detected == "en" &&
      std::none_of(text.begin(), text.end(), [](unsigned char c) { return std::isalpha(c); })) {
    return lesson_language;
  }
  return detected;
}

// The index in plan.voices of the voice that reads a line of the speaker at index `who` in
// `language` (added on first use), or `who` when no voice speaks that language.
std::size_t voice_for_line(RenderPlan& plan, std::size_t who, const std::string& language) {
  const std::optional<voices::Host> reader = voices::voice_for_language(plan.voices[who], language);
  return reader ? add_voice(plan, *reader) : who;
}

}  // namespace

RenderPlan make_render_plan(const lesson::Lesson& lesson) {
  RenderPlan plan;
  plan.language = lesson.language;
  if (plan.language.empty()) {
    const auto host = voices::find_host(lesson.host);
    plan.language = host ? host->language : "en";
  }
  if (!has_voices(plan.language)) {
    throw InvalidInput(
        fmt::format("lesson '{}': no voice speaks language '{}'", lesson.slug, plan.language));
  }
  for (const lesson::ScriptSection& sec : lesson.script) {
    PlannedSection section{sec.title, plan.lines.size(), 0};
    const std::size_t index = plan.sections.size();
    for (const lesson::ScriptSentence& s : sec.sentences) {
      if (text::collapse_whitespace(s.text).empty()) continue;  // nothing to say
      const std::string& speaker = s.speaker.empty() ? lesson.host : s.speaker;
      if (speaker.empty()) {
        throw InvalidInput(fmt::format(
            "lesson '{}': a sentence has no speaker and the lesson no host", lesson.slug));
      }
      const std::size_t who = voice_index(plan, speaker, lesson);
      const std::string language = line_language(s.text, plan.language);
      const std::size_t voice =
          language == plan.language ? who : voice_for_line(plan, who, language);
      plan.lines.push_back({s.text, voice, index, who, language});
      ++section.line_count;
    }
    plan.sections.push_back(std::move(section));
  }
  if (plan.lines.empty()) {
    throw InvalidInput(fmt::format("lesson '{}': the script has no sentences to speak",
                                   lesson.slug.empty() ? lesson.id : lesson.slug));
  }
  return plan;
}

namespace {

nlohmann::ordered_json voice_json(const voices::Host& h) {
  nlohmann::ordered_json v = {h.name, h.language, h.gender, h.engine, h.voice, h.rate, h.pitch};
  if (h.server) {  // concurrency and timeout change how, not what, is heard
    v.push_back({h.server->base_url, h.server->model, h.server->format, h.server->sample_rate});
  }
  return v;
}

}  // namespace

std::string voice_settings(const voices::Host& host) {
  return voice_json(host).dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

std::string render_key(const lesson::Lesson& lesson, const RenderPlan& plan,
                       const RenderOptions& options) {
  nlohmann::ordered_json voices = nlohmann::ordered_json::array();
  for (const voices::Host& h : plan.voices) voices.push_back(voice_json(h));
  nlohmann::ordered_json lines = nlohmann::ordered_json::array();
  for (const PlannedLine& l : plan.lines) {
    // The speaker joins the key only when another voice reads the line, so that the keys of
    // lessons in one language stay what they were.
    if (l.speaker == l.voice) {
      lines.push_back({l.section, l.voice, l.text});
    } else {
      lines.push_back({l.section, l.voice, l.text, l.speaker});
    }
  }
  nlohmann::ordered_json sections = nlohmann::ordered_json::array();
  for (const PlannedSection& s : plan.sections) sections.push_back(s.title);
  nlohmann::ordered_json lexicon = nlohmann::ordered_json::array();
  for (const auto& [word, spoken] : options.lexicon.entries) lexicon.push_back({word, spoken});

  const nlohmann::ordered_json doc = {
      {"renderer", kRendererVersion},
      {"rate", kRenderRate},
      {"lead_in", kLeadIn},
      {"tail", kTail},
      {"sentence_pause", options.sentence_pause},
      {"section_pause", options.section_pause},
      {"normalize_text", options.normalize_text},
      {"language", plan.language},
      {"lexicon", std::move(lexicon)},
      {"voices", std::move(voices)},
      {"lines", std::move(lines)},
      {"sections", std::move(sections)},
      {"title", lesson.title},
      {"plan", lesson.plan},
      {"date", lesson.date},
      {"description", lesson.description},
  };
  return content_hash(doc.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace));
}

}  // namespace lectio::speech
