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
    const std::vector<std::vector<double>>& rel = map.relevance;
    const std::vector<InsightMaterial>& found = map.found;

    const std::string& host = brief.host;
    const std::string& cohost = brief.cohost;
    const bool dialogue = brief.format == lesson::LessonFormat::kDialogue;
    lesson.script.push_back(intro_section(brief, say));

    std::vector<bool> taken(candidates.size(), false);
    int supported_count = 0;
    std::vector<bool> spoken(static_cast<std::size_t>(n), false);
    int reactions = 0;  // so that no reaction comes back soon (Phrasing::reaction)
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
      ++supported_count;
      spoken[static_cast<std::size_t>(i)] = true;
      scorer.mark_said(picked, taken);
      // The recap's point for the section: what it said that is most about the insight.
      std::vector<double> worth = own.priority;
      for (std::size_t c = 0; c < worth.size(); ++c) worth[c] += kRecapRelevanceWeight * rel[i][c];
      if (auto point = recap_point(picked, worth, scorer, material, lang)) {
        points.push_back(std::move(*point));
      }
      sec.sentences.push_back(dialogue ? connective(say.section_question(i), cohost)
                                       : connective(say.section_opening(i, n), host));
      int since_turn = 0;
      std::string last_heading;
      std::set<std::string> asked;
      for (int c : picked) {
        const extract::Candidate& cand = scorer.candidate(c);
        const std::string heading =
            heading_of(material.chunks[static_cast<std::size_t>(cand.chunk)]);
        // The co-host comes in between thoughts, never between a sentence and the one that
        // points back to it; a new heading is a new subject to ask about. A sentence that gives
        // the co-host nothing to ask about is let through; after a long run, a reaction.
        if (dialogue && since_turn >= kHostRun && !cand.dangling) {
          const std::string subject = heading != last_heading ? heading : std::string();
          auto line = say.follow_up(cand.text, subject, static_cast<int>(c));
          // Asking about the same thing twice in a section is no question.
          if (line && !asked.insert(asked_about(*line)).second) line.reset();
          if (!line && since_turn >= kLongHostRun) line = say.reaction(reactions++);
          if (line) {
            sec.sentences.push_back(connective(std::move(*line), cohost));
            since_turn = 0;
          }
        }
        last_heading = heading;
        lesson::ScriptSentence s = extract::cited_sentence(cand, material);
        s.speaker = host;
        sec.sentences.push_back(std::move(s));
        ++since_turn;
      }
      lesson.script.push_back(std::move(sec));
    }
    if (supported_count == 0) {
      throw InvalidInput(fmt::format(
          "brief \"{}\": the sources support none of its {} insights; no lesson was written",
          brief.topic, n));
    }

    lesson.script.push_back(outro_section(brief, say, std::move(points)));
    keep_promises(lesson, brief, say);

    // The FAQ answers from the lesson's own material: the insights' sections.
    // An insight left unsaid has no material to answer from.
    std::vector<std::vector<double>> insight_worth;
    std::vector<bool> core(candidates.size(), false);
    for (int i = 0; i < n; ++i) {
      if (spoken[static_cast<std::size_t>(i)]) {
        const auto& own = found[static_cast<std::size_t>(i)].core;
        for (std::size_t c = 0; c < core.size(); ++c) core[c] = core[c] || own[c];
      }
      insight_worth.push_back(spoken[static_cast<std::size_t>(i)]
                                  ? found[static_cast<std::size_t>(i)].priority
                                  : std::vector<double>(candidates.size(), 0.0));
    }
    std::vector<std::vector<double>> best_part;
    for (int i = 0; i < n; ++i) {
      const InsightMaterial& own = found[static_cast<std::size_t>(i)];
      std::vector<double>& part = best_part.emplace_back(candidates.size(), 0.0);
      if (!spoken[static_cast<std::size_t>(i)] || own.regions.empty()) continue;
      for (int c : tree.subtree_candidates(own.regions.front())) {
        part[static_cast<std::size_t>(c)] = own.priority[static_cast<std::size_t>(c)];
      }
    }
    lesson.faq =
        write_faq(brief, material, candidates, scorer, say, insight_worth, core, best_part);
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
