#pragma once
// What render_lesson will say, by whom, in which section: the lesson's script checked and
// flattened, and the content key of everything that ends up in the published files.
// Private to the speech module (render.cpp, synth_pool.cpp).
#include <string>
#include <vector>

#include "lectio/lesson/lesson.h"
#include "lectio/speech/render.h"
#include "lectio/voices/hosts.h"

namespace lectio::speech {

// The renderer's version: part of every key. Bump it whenever what render_lesson writes for
// the same lesson changes (layout, trimming, loudness target, encoder settings), so that
// files rendered by an older build are not reused.
inline constexpr int kRendererVersion = 4;  // 4: units (program_units.h); 3: flite noise

// Silence before the first line and after the last, in seconds.
inline constexpr double kLeadIn = 0.3;
inline constexpr double kTail = 0.8;

struct PlannedLine {
  std::string text;         // as written; the transcript shows this
  std::size_t voice = 0;    // index into RenderPlan::voices: who reads it
  std::size_t section = 0;  // index into RenderPlan::sections
  // Index into RenderPlan::voices of the host the script names (the transcript's speaker); the
  // same as `voice` unless the line is in another language than that host speaks.
  std::size_t speaker = 0;
  std::string language;  // "en" or "zh": what the normaliser is told for this line
};

struct PlannedSection {
  std::string title;
  std::size_t first_line = 0;
  std::size_t line_count = 0;  // sections without sentences get no chapter
};

struct RenderPlan {
  std::string language;              // "en" or "zh": the lesson's
  std::vector<voices::Host> voices;  // every speaker, in order of first appearance
  std::vector<PlannedLine> lines;
  std::vector<PlannedSection> sections;
};

// Throws InvalidInput for a script without sentences, a speaker that is not a host, a
// language without voices, or a host whose language is not the lesson's. A line in the other
// language is read by a voice of that language (voices::voice_for_language), when there is one.
RenderPlan make_render_plan(const lesson::Lesson& lesson);

// What in a voice changes what is heard (name, language, engine, voice, rate, pitch, and a
// speech server's model and format), as compact JSON: part of the render key and of each
// sentence's clip key.
std::string voice_settings(const voices::Host& host);

// Hex BLAKE2b of everything the published files hold: what is heard (every line's text and
// voice, the voices' engine settings, pauses, normalisation and lexicon, renderer version)
// and what is tagged (title, plan, date, section titles), so a reused file is never stale.
std::string render_key(const lesson::Lesson& lesson, const RenderPlan& plan,
                       const RenderOptions& options);

}  // namespace lectio::speech
