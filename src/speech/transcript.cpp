// The text companions of a lesson: a WebVTT transcript and Podcasting 2.0 chapters JSON.
#include <fmt/format.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "lectio/core/error.h"
#include "lectio/speech/publish_files.h"
#include "timestamp.h"

namespace lectio::speech {

namespace {

// WebVTT cue text: &, < and > are markup, and a line break would split the payload (an empty
// line ends the cue), so every run of whitespace becomes one space.
std::string escape_vtt(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  bool space = false;
  for (const char c : text) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

void check_span(double start, double end, std::string_view what, std::size_t index) {
  if (!std::isfinite(start) || !std::isfinite(end) || start < 0 || end < start) {
    throw InvalidInput(fmt::format("{} {}: times {}..{} are invalid", what, index + 1, start, end));
  }
}

// Seconds rounded to the millisecond, as the chapters format's examples show them.
double round_ms(double seconds) {
  return std::round(seconds * 1000.0) / 1000.0;
}

}  // namespace

std::string webvtt(const std::vector<Cue>& cues) {
  std::string out = "WEBVTT\n";
  for (std::size_t i = 0; i < cues.size(); ++i) {
    const Cue& cue = cues[i];
    check_span(cue.start, cue.end, "cue", i);
    out += fmt::format("\n{}\n{} --> {}\n", i + 1, clock_time(cue.start), clock_time(cue.end));
    const std::string text = escape_vtt(cue.text);
    const std::string speaker = escape_vtt(cue.speaker);
    if (speaker.empty()) {
      out += text + "\n";
      continue;
    }
    // A name ending in "--" would make "-->" with the tag's ">", which ends a payload: a
    // space there is trimmed by WebVTT parsers and keeps the name as it is.
    const char* gap = speaker.back() == '-' ? " " : "";
    out += fmt::format("<v {}{}>{}</v>\n", speaker, gap, text);
  }
  return out;
}

std::string chapters_json(const std::vector<Chapter>& chapters) {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (std::size_t i = 0; i < chapters.size(); ++i) {
    const Chapter& ch = chapters[i];
    check_span(ch.start, ch.end, "chapter", i);
    list.push_back(
        {{"startTime", round_ms(ch.start)}, {"endTime", round_ms(ch.end)}, {"title", ch.title}});
  }
  const nlohmann::ordered_json doc = {{"version", "1.2.0"}, {"chapters", std::move(list)}};
  // Titles come from documents; invalid UTF-8 is replaced rather than failing the lesson.
  return doc.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

}  // namespace lectio::speech
