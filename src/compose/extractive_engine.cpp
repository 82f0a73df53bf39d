// The built-in engine: extractive and deterministic. Per insight it retrieves and selects
// sentences (relevance to the insight and overview, diversity, source order, a length budget),
// rewrites them for listening and joins them with the host's spoken transitions.
#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <set>

#include "faq.h"
#include "insight_material.h"
#include "lectio/compose/composer.h"
#include "lectio/compose/engine.h"
#include "lectio/core/error.h"
#include "lectio/extract/candidates.h"
#include "lectio/extract/sections.h"
#include "lectio/extract/selection.h"
#include "lectio/text/speaking_rate.h"
#include "lectio/text/strings.h"
#include "lectio/text/terms.h"
#include "lesson_parts.h"
#include "phrasing.h"
#include "promises.h"
#include "recap.h"

namespace lectio::compose {

namespace {

// In a dialogue the co-host comes in after this many of the host's sentences.
constexpr int kHostRun = 2;
// ...and reacts at the latest after this many.
constexpr int kLongHostRun = 3;
// How much a sentence's own relevance to the insight counts in choosing the recap's point.
constexpr double kRecapRelevanceWeight = 2.0;
// The innermost heading of a chunk, or empty.
std::string heading_of(const Chunk& chunk) {
  return chunk.heading_path.empty() ? std::string() : chunk.heading_path.back();
}

// What a co-host's question asks about: its words without the asking frame and case
// ("And the TCL tests?" and "What about the TCL tests?" ask the same).
std::string asked_about(const std::string& line) {
  std::string out = line;
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
  for (std::string_view frame : {"and what about ", "what about ", "and "}) {
    if (out.rfind(frame, 0) == 0) {
      out = out.substr(frame.size());
      break;
    }
  }
  return out;
}

// A section's sentences as they are heard: in a dialogue the co-host comes in between
// thoughts, never between a sentence and the one that points back to it; a new heading is a
// new subject to ask about. A sentence that gives the co-host nothing to ask about is let
// through; after a long run, a reaction. `reactions` counts the lesson's reactions so far, so
// that none comes back soon (Phrasing::reaction).
void speak_section(lesson::ScriptSection& sec, const std::vector<int>& picked,
                   const lesson::Brief& brief, const Phrasing& say, const extract::Scorer& scorer,
                   const lesson::Material& material, int& reactions) {
  const bool dialogue = brief.format == lesson::LessonFormat::kDialogue;
  int since_turn = 0;
  std::string last_heading;
  std::set<std::string> asked;
  for (int c : picked) {
    const extract::Candidate& cand = scorer.candidate(c);
    const std::string heading = heading_of(material.chunks[static_cast<std::size_t>(cand.chunk)]);
    if (dialogue && since_turn >= kHostRun && !cand.dangling) {
      const std::string subject = heading != last_heading ? heading : std::string();
      auto line = say.follow_up(cand.text, subject, static_cast<int>(c));
      // Asking about the same thing twice in a section is no question.
      if (line && !asked.insert(asked_about(*line)).second) line.reset();
      if (!line && since_turn >= kLongHostRun) line = say.reaction(reactions++);
      if (line) {
        sec.sentences.push_back(connective(std::move(*line), brief.cohost));
        since_turn = 0;
      }
    }
    last_heading = heading;
    lesson::ScriptSentence s = extract::cited_sentence(cand, material);
    s.speaker = brief.host;
    sec.sentences.push_back(std::move(s));
    ++since_turn;
  }
}

// What the FAQ draws on (write_faq): per insight, its material's worth (none for an insight
// left unsaid: it has no material to answer from), the sentences the insights' sections teach
// themselves, and per insight the worth of its best section's sentences.
struct FaqInputs {
  std::vector<std::vector<double>> insight_worth;
  std::vector<bool> core;
  std::vector<std::vector<double>> best_part;
};

FaqInputs faq_inputs(const std::vector<InsightMaterial>& found, const std::vector<bool>& spoken,
                     const extract::SectionTree& tree, std::size_t count) {
  FaqInputs in;
  in.core.assign(count, false);
  for (std::size_t i = 0; i < found.size(); ++i) {
    const InsightMaterial& own = found[i];
    in.insight_worth.push_back(spoken[i] ? own.priority : std::vector<double>(count, 0.0));
    std::vector<double>& part = in.best_part.emplace_back(count, 0.0);
    if (!spoken[i]) continue;
    for (std::size_t c = 0; c < count; ++c) in.core[c] = in.core[c] || own.core[c];
    if (own.regions.empty()) continue;
    for (int c : tree.subtree_candidates(own.regions.front())) {
      part[static_cast<std::size_t>(c)] = own.priority[static_cast<std::size_t>(c)];
    }
  }
  return in;
}

class ExtractiveEngine final : public Engine {
 public:
  std::string name() const override { return "extractive"; }

  lesson::Lesson compose(const lesson::Brief& brief, const lesson::Material& material) override {
    const std::string& lang = brief.language;
    const std::vector<extract::Candidate> candidates = extract::build_candidates(material, lang);
    const extract::Scorer scorer(candidates, lang);
    const std::uint64_t seed = std::hash<std::string>{}(brief.topic + brief.host);
    const Phrasing say(brief, seed);
    lesson::Lesson lesson;
    lesson.language = lang;

    const int n = static_cast<int>(brief.insights.size());
    const double budget_words =
        lesson::target_minutes(brief) * text::units_per_minute(lang) - kFrameWords;
    const int per_insight = std::max(40, static_cast<int>(budget_words / std::max(1, n)));

    const extract::SectionTree tree(material, candidates, lang);
    const InsightMap map = map_insights(brief, material, tree, scorer);
    const std::vector<InsightMaterial>& found = map.found;
    const bool dialogue = brief.format == lesson::LessonFormat::kDialogue;
    lesson.script.push_back(intro_section(brief, say));

    std::vector<bool> taken(candidates.size(), false);
    std::vector<bool> spoken(static_cast<std::size_t>(n), false);
    int reactions = 0;
    std::vector<lesson::ScriptSentence> points;  // the recap's, one per section
    for (int i = 0; i < n; ++i) {
      lesson::ScriptSection sec{
          lesson::SectionKind::kInsight, brief.insights[i], i, brief.insights[i], {}};
      const InsightMaterial& own = found[static_cast<std::size_t>(i)];
      // A section is as long as its material: it ends where the insight's sections end.
      std::vector<int> picked;
      if (own.supported) picked = scorer.select(own.priority, 0, per_insight, 60, taken);
      if (picked.empty()) {
        lesson.warnings.push_back(fmt::format(
            "insight {} \"{}\": the sources do not support it; no text was written for it", i + 1,
            brief.insights[i]));
        lesson.script.push_back(std::move(sec));
        continue;
      }
      spoken[static_cast<std::size_t>(i)] = true;
      scorer.mark_said(picked, taken);
      // The recap's point for the section: what it said that is most about the insight.
      std::vector<double> worth = own.priority;
      const auto& rel = map.relevance[static_cast<std::size_t>(i)];
      for (std::size_t c = 0; c < worth.size(); ++c) worth[c] += kRecapRelevanceWeight * rel[c];
      if (auto point = recap_point(picked, worth, scorer, material, lang)) {
        points.push_back(std::move(*point));
      }
      sec.sentences.push_back(dialogue ? connective(say.section_question(i), brief.cohost)
                                       : connective(say.section_opening(i, n), brief.host));
      speak_section(sec, picked, brief, say, scorer, material, reactions);
      lesson.script.push_back(std::move(sec));
    }
    if (std::none_of(spoken.begin(), spoken.end(), [](bool s) { return s; })) {
      throw InvalidInput(fmt::format(
          "brief \"{}\": the sources support none of its {} insights; no lesson was written",
          brief.topic, n));
    }

    lesson.script.push_back(outro_section(brief, say, std::move(points)));
    keep_promises(lesson, brief, say);

    // The FAQ answers from the lesson's own material: the insights' sections.
    const FaqInputs in = faq_inputs(found, spoken, tree, candidates.size());
    lesson.faq = write_faq(brief, material, candidates, scorer, say, in.insight_worth, in.core,
                           in.best_part);
    lesson.best_quote = pick_best_quote(brief, material, candidates, scorer);
    lesson.title = say.title();
    lesson.tags = brief.tags.empty() ? top_terms_as_tags(candidates, lang) : brief.tags;
    return lesson;
  }
};

}  // namespace

std::unique_ptr<Engine> make_extractive_engine() {
  return std::make_unique<ExtractiveEngine>();
}

}  // namespace lectio::compose
