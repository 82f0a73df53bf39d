#include "insight_material.h"

#include <algorithm>
#include <numeric>
#include <set>

#include "lectio/text/terms.h"
#include "lesson_parts.h"

namespace lectio::compose {

namespace {

// An insight counts as supported when a sentence of its region (with its headings) carries
// this share of the insight's term weight (Scorer::term_coverage)...
constexpr double kSupportCoverage = 0.4;
// A sentence serves an insight when it (with its headings) carries this share of the
// insight's term weight.
constexpr double kMinSentenceCoverage = 0.25;
// ...or this share when it also holds two of the insight's terms side by side as the insight
// has them (Scorer::shares_phrase): a paraphrased insight keeps its key phrase, a nonsense one
// ("insight number 1 about memory") does not.
constexpr double kPhraseSupportCoverage = 0.25;
// How many of the best-scored sections are tried, in order, for the one that teaches it.
constexpr int kSectionsTried = 6;
// A further section joins the insight's regions when it scores this share of the best one
// ("how to look at history" is taught under "Viewing project history" and "Exploring
// history"), up to kMaxRegions.
constexpr double kRegionShare = 0.75;
// Another insight's best section that serves this insight clearly better (by this margin)
// joins this insight's regions when it scores at least kContestShare of this insight's own
// best: "Exploring history", best for "how two people share and merge their work" by two words
// of an aside, serves "how to look at history" 1.7 times as well, after its one-sentence
// "Viewing project history". About as well is no reason to move a section (the dev bash brief:
// its expansions overview serves "how quoting stops an expansion" 1.13 times as well as
// "which expansions bash performs", whose best it is).
constexpr double kContestMargin = 1.5;
constexpr double kContestShare = 0.5;
constexpr std::size_t kMaxRegions = 3;
// A section teaches an insight as a whole when its headings and its sentences together carry
// this share of the insight's term weight and at least one of its sentences serves it.
constexpr double kSectionSupportCoverage = 0.4;
// ...or this smaller share when many of its sentences serve it: an insight worded with vague
// words the document does not use ("what happens when things fail") is still taught by a
// section whose sentences keep coming back to its other terms.
constexpr int kManyServing = 4;
constexpr double kManyServingCoverage = 0.3;
// The best section gives way to its parent when at least half of the parent's subsections
// score this share of it ("Anomaly testing" over its out-of-memory, I/O and crash tests).
constexpr double kSiblingShare = 0.5;
// In a broad region a sentence needs this share of the best relevance of its own.
constexpr double kBroadMinRelevance = 0.25;
// The mix of a sentence's worth inside its region.
constexpr double kRelevanceWeight = 0.4;
constexpr int kSubsectionLead = 2;
// A long section's own text past this many sentences is reference detail (operator by
// operator, option by option): said only when it serves the insight by its words (relevance).
constexpr int kReferenceLead = 24;
constexpr double kLeadWeight = 0.3;
constexpr double kSectionWeight = 0.3;

bool teaches(const extract::Scorer& scorer, const extract::Focus& focus, int c) {
  const double coverage = scorer.term_coverage(focus, c);
  return coverage >= kSupportCoverage ||
         (coverage >= kPhraseSupportCoverage && scorer.shares_phrase(focus, c));
}

// A document's root (its text before any heading, or under its title) holds only its own
// text as a region: with the sections under it, it would hold everything and teach nothing.
bool whole_document(const extract::SectionTree& tree, int s) {
  const extract::Section& sec = tree.sections()[static_cast<std::size_t>(s)];
  return sec.parent < 0 && !sec.children.empty();
}

bool in_region(const extract::SectionTree& tree, int region, int section) {
  return whole_document(tree, region) ? section == region : tree.contains(region, section);
}

std::vector<int> region_candidates(const extract::SectionTree& tree, int region) {
  return whole_document(tree, region) ? tree.sections()[static_cast<std::size_t>(region)].candidates
                                      : tree.subtree_candidates(region);
}

// A section gives way to its parent when most of the parent's subsections serve the focus
// too: the insight is the parent's subject, taught across its parts. The parent gives way to
// its own parent by the same rule, measured against the first section's score ("Controlling
// Parallelism" in "Multiple Files" in "Run Commands" for "how to run a command on each file
// found").
int lifted(int s, const std::vector<double>& scores, const extract::SectionTree& tree,
           const std::set<int>& excluded) {
  const double best = scores[static_cast<std::size_t>(s)];
  int wide = s;
  while (true) {
    const int parent = tree.sections()[static_cast<std::size_t>(wide)].parent;
    if (parent < 0 || tree.sections()[static_cast<std::size_t>(parent)].parent < 0 ||
        excluded.count(parent)) {
      return wide;
    }
    const auto& kids = tree.sections()[static_cast<std::size_t>(parent)].children;
    const auto strong = std::count_if(kids.begin(), kids.end(), [&](int k) {
      return scores[static_cast<std::size_t>(k)] >= kSiblingShare * best;
    });
    if (kids.size() < 2 || 2 * strong < static_cast<long>(kids.size())) return wide;
    wide = parent;
  }
}

// A heading names a sibling of what the focus names when the focus's only term in it is its
// head noun, one the focus qualifies, after a modifier the focus does not have: "Process
// Substitution" beside "how parameter and command substitution work".
bool names_a_sibling(const extract::Focus& focus, const extract::Section& sec) {
  const auto& h = sec.heading_terms;
  if (h.size() < 2 || !focus.qualified.count(h.back())) return false;
  const std::set<std::string> own(focus.terms.begin(), focus.terms.end());
  return std::none_of(h.begin(), h.end() - 1, [&](const std::string& t) {
    return std::any_of(own.begin(), own.end(),
                       [&](const std::string& f) { return focus.found_in({t}, f); });
  });
}

// Whether a section's heading names a term of the focus's own (of its most distinct weight,
// Focus::weight_of: what the brief's other insights, its topic or overview name less, a light
// verb never, unless every term of the focus is named elsewhere as much) that no heading
// over the regions chosen so far names: "Command Substitution" beside "Shell Parameter
// Expansion" for "how parameter and command substitution work" teaches the other half of it;
// "Storing the MIME type using Extended Attributes" beside "The source XML files" for "how a
// file name is matched to a MIME type" names only words the lesson's other insights share
// ("MIME type"), and "Making changes" beside "Importing a new project" for "how to create a
// repository and make the first commit" only a light verb.
bool names_more(const extract::Focus& focus, const extract::Section& sec,
                const std::vector<int>& chosen, const extract::SectionTree& tree) {
  std::set<std::string> named;
  for (int r : chosen) {
    const auto& had = tree.sections()[static_cast<std::size_t>(r)];
    named.insert(had.heading_terms.begin(), had.heading_terms.end());
    named.insert(had.path_terms.begin(), had.path_terms.end());
  }
  double most = 0;
  for (const auto& t : focus.terms) most = std::max(most, focus.weight_of(t));
  const std::set<std::string> own(sec.heading_terms.begin(), sec.heading_terms.end());
  return std::any_of(focus.terms.begin(), focus.terms.end(), [&](const std::string& t) {
    return focus.weight_of(t) >= most && focus.found_in(own, t) && !focus.found_in(named, t);
  });
}

// The sections that teach the focus, best first; empty when none does.
std::vector<int> regions_for(const extract::Focus& focus, const std::vector<double>& scores,
                             const std::vector<double>& relevance, const extract::SectionTree& tree,
                             const extract::Scorer& scorer, const std::set<int>& excluded,
                             const std::set<int>& won) {
  std::vector<int> order(scores.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return scores[static_cast<std::size_t>(a)] > scores[static_cast<std::size_t>(b)];
  });
  const auto teaching = [&](int s) {
    std::set<std::string> carried;
    int serving = 0;
    for (int c : region_candidates(tree, s)) {
      const auto& cand = scorer.candidate(c);
      carried.insert(cand.terms.begin(), cand.terms.end());
      carried.insert(cand.heading_terms.begin(), cand.heading_terms.end());
      if (relevance[static_cast<std::size_t>(c)] <= 0) continue;
      if (teaches(scorer, focus, c)) return true;
      ++serving;
    }
    const double coverage = scorer.set_coverage(focus, carried);
    return (serving >= 1 && coverage >= kSectionSupportCoverage) ||
           (serving >= kManyServing && coverage >= kManyServingCoverage);
  };
  std::vector<int> out;
  std::erase_if(order, [&](int s) { return excluded.count(s) > 0; });
  for (int k = 0; k < kSectionsTried && k < static_cast<int>(order.size()); ++k) {
    const int s = order[static_cast<std::size_t>(k)];
    if (scores[static_cast<std::size_t>(s)] <= 0) break;
    const int wide = lifted(s, scores, tree, excluded);
    if (teaching(wide)) {
      out.push_back(wide);
      break;
    }
  }
  if (out.empty()) return out;
  const double best = scores[static_cast<std::size_t>(order[0])];
  for (int s : order) {
    if (out.size() >= kMaxRegions) break;
    if (scores[static_cast<std::size_t>(s)] < kRegionShare * best && won.count(s) == 0) continue;
    const bool related = std::any_of(
        out.begin(), out.end(), [&](int r) { return tree.contains(r, s) || tree.contains(s, r); });
    const auto& sec = tree.sections()[static_cast<std::size_t>(s)];
    // A further region by score alone teaches a part of the insight the others do not name.
    const bool adds = won.count(s) > 0 || names_more(focus, sec, out, tree);
    if (!related && adds && !names_a_sibling(focus, sec) && teaching(s)) out.push_back(s);
  }
  return out;
}

// A term the brief's other insights, its topic or its overview also name tells less about
// where this insight is taught ("expansion" in every insight of a lesson on expansions).
void set_distinctness(std::vector<extract::Focus>& foci, const lesson::Brief& brief) {
  const auto frame = text::terms(brief.topic + " " + brief.overview, brief.language);
  const std::set<std::string> in_frame(frame.begin(), frame.end());
  // A light verb says little about where an insight is taught.
  const std::set<std::string> light = light_verbs(brief.language);
  for (std::size_t i = 0; i < foci.size(); ++i) {
    for (const auto& t : foci[i].terms) {
      int elsewhere = in_frame.count(t) ? 1 : 0;
      for (std::size_t j = 0; j < foci.size(); ++j) {
        if (j != i && std::count(foci[j].terms.begin(), foci[j].terms.end(), t)) ++elsewhere;
      }
      foci[i].distinctness[t] = 1.0 / (1.0 + elsewhere);
      if (light.count(t) > 0) foci[i].distinctness[t] *= kLightVerbWeight;
    }
  }
}

}  // namespace

std::vector<std::vector<double>> insight_relevance(const std::vector<extract::Focus>& foci,
                                                   const extract::Scorer& scorer,
                                                   std::size_t candidate_count) {
  std::vector<std::vector<double>> out;
  for (const extract::Focus& focus : foci) {
    out.push_back(scorer.relevance(focus));
    for (std::size_t c = 0; c < candidate_count; ++c) {
      if (scorer.term_coverage(focus, static_cast<int>(c)) < kMinSentenceCoverage)
        out.back()[c] = 0;
    }
  }
  return out;
}

namespace {

// One clash between insights over a section, settled; false when there is none. When two
// insights find the same section best, the one it serves better keeps it and the other looks
// further. When one insight's best section serves another clearly better (kContestMargin), and
// that one well enough (kContestShare of its own best), the other wins it as a further region
// and the first looks further.
bool settle_clash(const std::vector<InsightMaterial>& out,
                  const std::vector<std::vector<double>>& scores,
                  std::vector<std::set<int>>& excluded, std::vector<std::set<int>>& won) {
  const std::size_t n = out.size();
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j) {
      if (i == j || out[i].regions.empty() || out[j].regions.empty()) continue;
      const int r = out[j].regions[0];
      const auto at = static_cast<std::size_t>(r);
      const int mine = out[i].regions[0];
      if (r == mine) {
        if (i > j) continue;  // each pair once
        excluded[scores[i][at] >= scores[j][at] ? j : i].insert(r);
        return true;
      }
      const double own_best = scores[i][static_cast<std::size_t>(mine)];
      if (scores[i][at] >= kContestMargin * scores[j][at] &&
          scores[i][at] >= kContestShare * own_best && excluded[i].count(r) == 0) {
        excluded[j].insert(r);
        won[i].insert(r);
        return true;
      }
    }
  }
  return false;
}

// Each insight is taught in a section of its own (a lesson's insights are different points,
// and the sections of a document are too): settle_clash until none is left.
void choose_regions(std::vector<InsightMaterial>& out, const std::vector<extract::Focus>& foci,
                    const std::vector<std::vector<double>>& scores,
                    const std::vector<std::vector<double>>& relevance,
                    const extract::SectionTree& tree, const extract::Scorer& scorer) {
  const std::size_t n = foci.size();
  std::vector<std::set<int>> excluded(n);
  std::vector<std::set<int>> won(n);
  for (std::size_t round = 0; round <= 2 * n; ++round) {
    for (std::size_t i = 0; i < n; ++i) {
      out[i].regions =
          regions_for(foci[i], scores[i], relevance[i], tree, scorer, excluded[i], won[i]);
    }
    if (!settle_clash(out, scores, excluded, won)) break;
  }
  // A further region is never another insight's best region nor around it; inside it, it
  // stays only when it serves this insight better than that one.
  for (std::size_t i = 0; i < n; ++i) {
    auto& regions = out[i].regions;
    for (std::size_t k = regions.size(); k-- > 1;) {
      for (std::size_t j = 0; j < n; ++j) {
        if (j == i || out[j].regions.empty()) continue;
        const int theirs = out[j].regions[0];
        const auto r = static_cast<std::size_t>(regions[k]);
        const bool inside = regions[k] != theirs && tree.contains(theirs, regions[k]);
        if (tree.contains(regions[k], theirs) || (inside && scores[j][r] >= scores[i][r])) {
          regions.erase(regions.begin() + long(k));
          break;
        }
      }
    }
  }
}

// Each sentence belongs to the insight whose region holding it is the most specific (the
// deepest); between regions as deep, to the insight its own words serve best. Sets each
// insight's priority.
void assign_sentences(std::vector<InsightMaterial>& out,
                      const std::vector<std::vector<double>>& scores,
                      const std::vector<std::vector<double>>& relevance,
                      const extract::SectionTree& tree, std::size_t count) {
  std::vector<std::size_t> region_size(tree.sections().size(), 0);
  const auto size_of = [&](int s) {
    auto& v = region_size[static_cast<std::size_t>(s)];
    if (v == 0) v = region_candidates(tree, s).size();
    return v;
  };
  for (std::size_t c = 0; c < count; ++c) {
    const int at = tree.section_of(static_cast<int>(c));
    const int rank = tree.rank_in_section(static_cast<int>(c));
    int owner = -1;
    bool owner_core = false;
    bool owner_detail = false;
    int owner_depth = -1;
    double owner_rel = -1;
    double owner_worth = 0;
    for (std::size_t i = 0; i < out.size(); ++i) {
      for (int r : out[i].regions) {
        if (!in_region(tree, r, at)) continue;
        const double rel = relevance[i][c];
        const bool broad = double(size_of(r)) > kBroadRegionShare * double(count);
        if (broad && rel < kBroadMinRelevance) continue;
        const int depth = tree.sections()[static_cast<std::size_t>(r)].depth;
        if (depth < owner_depth || (depth == owner_depth && rel <= owner_rel)) continue;
        const double best = scores[i][static_cast<std::size_t>(out[i].regions[0])];
        const double section =
            best > 0 ? std::min(1.0, scores[i][static_cast<std::size_t>(at)] / best) : 0;
        // Under the region's own text, a subsection's opening says what it is; the rest of it
        // is the subsection's own detail, said only when the subsection itself serves the
        // insight (as the parts of a lifted region do).
        if (at != r && rank >= kSubsectionLead && section < kSiblingShare) continue;
        // A subsection's own subsection is further detail still: said only when it serves the
        // insight itself.
        const int at_depth = tree.sections()[static_cast<std::size_t>(at)].depth;
        if (at_depth > depth + 1 && section < kSiblingShare) continue;
        const double lead = 1.0 / (1.0 + rank / 4.0);
        owner = static_cast<int>(i);
        owner_core = at == r;
        owner_detail = at == r && rank >= kReferenceLead && rel <= 0;
        owner_depth = depth;
        owner_rel = rel;
        owner_worth =
            broad ? rel
                  : 1e-3 + kRelevanceWeight * rel + kLeadWeight * lead + kSectionWeight * section;
      }
    }
    // Held by its most specific region but a detail there: no other insight says it either.
    if (owner >= 0 && !owner_detail) {
      out[static_cast<std::size_t>(owner)].priority[c] = owner_worth;
      out[static_cast<std::size_t>(owner)].core[c] = owner_core;
    }
  }
}

}  // namespace

std::vector<InsightMaterial> find_insight_material(
    const std::vector<extract::Focus>& foci, const std::vector<std::vector<double>>& relevance,
    const extract::SectionTree& tree, const extract::Scorer& scorer) {
  const std::size_t count = relevance.empty() ? 0 : relevance[0].size();
  std::vector<InsightMaterial> out(foci.size());
  std::vector<std::vector<double>> scores;
  for (std::size_t i = 0; i < foci.size(); ++i) {
    scores.push_back(tree.scores(foci[i], relevance[i], scorer));
  }
  choose_regions(out, foci, scores, relevance, tree, scorer);
  for (InsightMaterial& m : out) {
    m.supported = !m.regions.empty();
    m.priority.assign(count, 0.0);
    m.core.assign(count, false);
  }
  assign_sentences(out, scores, relevance, tree, count);
  return out;
}

InsightMap map_insights(const lesson::Brief& brief, const lesson::Material& material,
                        const extract::SectionTree& tree, const extract::Scorer& scorer) {
  InsightMap map;
  for (const std::string& insight : brief.insights) {
    map.foci.push_back(focus_for(insight, brief, material));
  }
  // Relevance is each sentence's own share of the insight; distinctness then weighs where the
  // insight is taught apart from its neighbours.
  map.relevance = insight_relevance(map.foci, scorer, scorer.size());
  set_distinctness(map.foci, brief);
  map.found = find_insight_material(map.foci, map.relevance, tree, scorer);
  return map;
}

}  // namespace lectio::compose
