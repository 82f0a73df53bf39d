#pragma once
// Where the sources teach each insight: the sections (by heading, text and place in the
// document) a teacher would read for it, and how much each of their sentences is worth saying
// in the insight's part of the lesson. A sentence outside those sections is not the insight's
// material however many words it shares with it.
#include <vector>

#include "lectio/extract/candidates.h"
#include "lectio/extract/sections.h"
#include "lectio/extract/selection.h"
#include "lectio/lesson/brief.h"

namespace lectio::compose {

struct InsightMaterial {
  bool supported = false;
  std::vector<int> regions;  // sections of the tree, best first
  // Per candidate: its worth in this insight's part, 0 when it is not this insight's (outside
  // its regions, or in a region another insight's more specific one holds). Higher for the
  // sentences that open a section (what it is), that sit in the best section and that carry
  // the insight's terms.
  std::vector<double> priority;
  // Per candidate: it is in the text of one of the regions itself, or of a subsection that
  // serves the insight as a whole; not a subsection's own detail said for its opening. The
  // FAQ asks about these (what the insight's sections teach, not their asides).
  std::vector<bool> core;
};

// Each focus's relevance per candidate (Scorer::relevance), 0 for a sentence that carries less
// than a quarter of the focus's term weight: one common word of the insight ("changes") does
// not make a sentence about it.
std::vector<std::vector<double>> insight_relevance(const std::vector<extract::Focus>& foci,
                                                   const extract::Scorer& scorer,
                                                   std::size_t candidate_count);

// For each focus (in the brief's order), its material. `relevance` is each focus's sentence
// relevance (Scorer::relevance with off-topic sentences zeroed), one vector per focus.
std::vector<InsightMaterial> find_insight_material(
    const std::vector<extract::Focus>& foci, const std::vector<std::vector<double>>& relevance,
    const extract::SectionTree& tree, const extract::Scorer& scorer);

// Where each of a brief's insights is taught, found once for both engines: the built-in engine
// picks its sentences from it and the LLM engine the chunks it writes each section from.
struct InsightMap {
  std::vector<extract::Focus> foci;            // per insight, its terms weighed by distinctness
  std::vector<std::vector<double>> relevance;  // per insight, per candidate (insight_relevance)
  std::vector<InsightMaterial> found;          // per insight (find_insight_material)
};

// The map of the brief's insights over `tree` and `scorer` (both over the same candidates).
[[nodiscard]] InsightMap map_insights(const lesson::Brief& brief, const lesson::Material& material,
                                      const extract::SectionTree& tree,
                                      const extract::Scorer& scorer);

// A light verb's share of an insight's term weight: it still counts (a lesson about making
// things says "make"), but a heading that shares only the verb does not win the insight
// (the dev git brief: "make the first commit" went to "Making changes").
inline constexpr double kLightVerbWeight = 0.2;

// A region is broad when it holds more than this share of the material's sentences (a text
// without headings is one section): there, only sentences relevant by their own words count.
inline constexpr double kBroadRegionShare = 0.4;

}  // namespace lectio::compose
