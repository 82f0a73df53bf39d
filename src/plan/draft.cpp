// draft_plan: chapters from the sources' structure (or term clusters), lessons from the
// chapters' parts, insights from the parts' headings (or key sentences).
#include "lectio/plan/draft.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "draft_text.h"
#include "grouping.h"
#include "lectio/core/error.h"
#include "lectio/text/speaking_rate.h"
#include "lectio/text/strings.h"
#include "lectio/voices/hosts.h"

namespace lectio::plan {

namespace {

constexpr int kMaxChapters = 12;
// A lesson should have at least this much material to draw on; smaller parts are merged.
constexpr int kMinLessonWords = 250;
constexpr int kMaxInsights = 4;

Corpus load_corpus(store::ContentStore& store, const std::vector<std::string>& ids) {
  std::vector<Source> sources;
  if (ids.empty()) sources = store.sources();
  for (const std::string& entry : ids) {
    const std::string id = entry.rfind("file_", 0) == 0 ? entry : "file_" + entry;
    auto s = store.source(id, std::nullopt);
    if (!s) throw NotFound(fmt::format("{}: no such source (see `lectio sources`)", entry));
    if (std::none_of(sources.begin(), sources.end(), [&](auto& x) { return x.id == s->id; })) {
      sources.push_back(std::move(*s));
    }
  }
  std::vector<Chunk> chunks;
  std::vector<std::string> titles;
  std::map<std::string, int> languages;
  for (const Source& s : sources) {
    for (Chunk& c : store.chunks(s.id, s.version)) {
      chunks.push_back(std::move(c));
      titles.push_back(s.title);
      ++languages[s.language == "zh" ? "zh" : "en"];
    }
  }
  if (chunks.empty()) {
    throw InvalidInput("plan draft: there is no material: add sources first (`lectio add`)");
  }
  const std::string language = languages["zh"] > languages["en"] ? "zh" : "en";
  return make_corpus(std::move(chunks), std::move(titles), language);
}

// At least `k` units where the material allows: sources, split at their headings (largest
// first), else clusters of chunks.
std::vector<Unit> chapter_units(const Corpus& corpus, int k) {
  std::vector<Unit> units = source_units(corpus);
  while (static_cast<int>(units.size()) < k) {
    std::size_t largest = units.size();
    std::vector<Unit> parts;
    int most = -1;
    for (std::size_t u = 0; u < units.size(); ++u) {
      const int words = unit_words(corpus, units[u]);
      if (words <= most) continue;
      auto split = split_by_headings(corpus, units[u]);
      if (split.empty()) continue;
      most = words;
      largest = u;
      parts = std::move(split);
    }
    if (largest == units.size()) break;
    units.erase(units.begin() + static_cast<std::ptrdiff_t>(largest));
    units.insert(units.begin() + static_cast<std::ptrdiff_t>(largest), parts.begin(), parts.end());
  }
  if (static_cast<int>(units.size()) >= k) return units;
  std::vector<int> all(corpus.chunks.size());
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = static_cast<int>(i);
  return cluster_chunks(corpus, all, k);
}

Unit join(const std::vector<Unit>& units, const std::vector<int>& members) {
  Unit out;
  for (int m : members) {
    const Unit& u = units[static_cast<std::size_t>(m)];
    out.chunks.insert(out.chunks.end(), u.chunks.begin(), u.chunks.end());
  }
  std::sort(out.chunks.begin(), out.chunks.end());
  return out;
}

// "Serving Models: Inference on Accelerators" -> "Serving Models": a document's subtitle makes
// a chapter or lesson name too long, above all when two are joined.
std::string short_title(const std::string& title) {
  for (std::string_view colon : {": ", "：", " - ", " — "}) {
    const std::size_t at = title.find(colon);
    if (at != std::string::npos && at >= 3) return title.substr(0, at);
  }
  return title;
}

// A name for several parts: both names for two, else the most central part's.
std::string name_of(const Corpus& corpus, const std::vector<Unit>& parts) {
  if (parts.size() == 1) return short_title(parts[0].title);
  if (parts.size() == 2) {
    const std::string a = short_title(parts[0].title);
    std::string b = short_title(parts[1].title);
    if (b.rfind("The ", 0) == 0) b[0] = 't';  // "A and the B", not "A and The B"
    if (corpus.language == "zh") return a + "与" + b;
    // "Buying and Renting and Utilization" reads as one long list; a comma keeps them apart.
    const bool has_and =
        a.find(" and ") != std::string::npos || b.find(" and ") != std::string::npos;
    return a + (has_and ? ", " : " and ") + b;
  }
  std::vector<int> all(parts.size());
  for (std::size_t i = 0; i < parts.size(); ++i) all[i] = static_cast<int>(i);
  const TermVector centre = unit_vector(corpus, join(parts, all));
  std::size_t best = 0;
  double best_sim = -1;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const double sim = cosine(unit_vector(corpus, parts[i]), centre);
    if (sim > best_sim) {
      best_sim = sim;
      best = i;
    }
  }
  return short_title(parts[best].title);
}

// 2-4 insights: the names of the lesson's parts (or of its subsections), the larger ones when
// there are many, topped up with key sentences when headings run out.
std::vector<std::string> insights_for(const Corpus& corpus, const std::vector<Unit>& parts,
                                      const Unit& lesson) {
  std::vector<Unit> named = parts.size() >= 2 ? parts : split_by_headings(corpus, lesson);
  std::erase_if(named, [](const Unit& u) { return is_generic_heading(u.title); });
  if (static_cast<int>(named.size()) > kMaxInsights) {
    std::vector<std::size_t> order(named.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      return unit_words(corpus, named[a]) > unit_words(corpus, named[b]);
    });
    order.resize(kMaxInsights);
    std::sort(order.begin(), order.end());
    std::vector<Unit> kept;
    for (std::size_t i : order) kept.push_back(named[i]);
    named = std::move(kept);
  }
  std::vector<std::string> out;
  for (const Unit& u : named) {
    std::string insight = strip_end(u.title);
    if (std::find(out.begin(), out.end(), insight) == out.end()) out.push_back(std::move(insight));
  }
  if (out.size() >= 2) return out;
  for (const std::string& s : key_sentences(corpus, lesson.chunks, 3)) {
    if (out.size() >= 3) break;
    out.push_back(strip_end(s));
  }
  return out;
}

int lesson_minutes(const Corpus& corpus, const Unit& lesson) {
  // The engine reads out somewhat under half of a lesson's material.
  const double words = unit_words(corpus, lesson);
  const double minutes = text::speaking_minutes_for_words(words * 0.45, corpus.language);
  return std::clamp(static_cast<int>(std::lround(minutes)), 2, 12);
}

DraftLesson make_lesson(const Corpus& corpus, const std::vector<Unit>& parts) {
  std::vector<int> all(parts.size());
  for (std::size_t i = 0; i < parts.size(); ++i) all[i] = static_cast<int>(i);
  const Unit lesson = join(parts, all);
  DraftLesson out;
  out.topic = strip_end(name_of(corpus, parts));
  const auto overview = key_sentences(corpus, lesson.chunks, 1);
  if (!overview.empty()) out.overview = overview.front();
  out.insights = insights_for(corpus, parts, lesson);
  if (out.insights.empty()) out.insights.push_back(out.topic);
  for (int i : lesson.chunks) {
    const Chunk& c = corpus.chunks[static_cast<std::size_t>(i)];
    out.chunk_ids.push_back(c.id());
    if (std::find(out.sources.begin(), out.sources.end(), c.source_id) == out.sources.end()) {
      out.sources.push_back(c.source_id);
    }
  }
  out.minutes = lesson_minutes(corpus, lesson);
  return out;
}

DraftChapter make_chapter(const Corpus& corpus, const std::vector<Unit>& members, int max_lessons) {
  DraftChapter chapter;
  chapter.title = strip_end(name_of(corpus, members));
  std::vector<Unit> parts = members;
  if (parts.size() == 1) {
    auto split = split_by_headings(corpus, parts[0]);
    if (split.size() >= 2) {
      parts = std::move(split);
    } else if (parts[0].chunks.size() >= 6 && unit_words(corpus, parts[0]) >= 2 * kMinLessonWords) {
      parts = cluster_chunks(corpus, parts[0].chunks, 2);
    }
  }
  int words = 0;
  for (const Unit& u : parts) words += unit_words(corpus, u);
  const int lessons = std::clamp(words / kMinLessonWords, 1, std::max(1, max_lessons));
  for (const std::vector<int>& group : merge_units(corpus, parts, lessons, true)) {
    std::vector<Unit> lesson_parts;
    for (int g : group) lesson_parts.push_back(parts[static_cast<std::size_t>(g)]);
    DraftLesson lesson = make_lesson(corpus, lesson_parts);
    chapter.chunk_ids.insert(chapter.chunk_ids.end(), lesson.chunk_ids.begin(),
                             lesson.chunk_ids.end());
    chapter.lessons.push_back(std::move(lesson));
  }
  return chapter;
}

// Sorts chapter groups by how much weight their material gives the goal's terms (stable, so
// that groups the goal does not tell apart keep their order).
void order_by_goal(const Corpus& corpus, const std::vector<Unit>& units, const std::string& goal,
                   std::vector<std::vector<int>>& groups) {
  const std::vector<std::string> goal_terms = content_terms(goal);
  std::vector<std::pair<double, std::vector<int>>> scored;
  for (std::vector<int>& group : groups) {
    const TermVector v = unit_vector(corpus, join(units, group));
    double score = 0;
    for (const auto& [term, weight] : v) {
      score += std::count(goal_terms.begin(), goal_terms.end(), term) > 0 ? weight : 0;
    }
    scored.emplace_back(score, std::move(group));
  }
  std::stable_sort(scored.begin(), scored.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  groups.clear();
  for (auto& [score, group] : scored) groups.push_back(std::move(group));
}

}  // namespace

Draft draft_plan(store::ContentStore& store, const DraftOptions& options) {
  const std::string goal = text::collapse_whitespace(options.goal);
  if (goal.empty())
    throw InvalidInput("plan draft: --goal is required: what should the plan teach?");
  if (options.chapters < 1 || options.chapters > kMaxChapters) {
    throw InvalidInput(
        fmt::format("plan draft: --chapters must be 1-{}, not {}", kMaxChapters, options.chapters));
  }
  const Corpus corpus = load_corpus(store, options.source_ids);
  const std::vector<Unit> units = chapter_units(corpus, options.chapters);

  Draft draft;
  draft.language = corpus.language;
  draft.host = voices::default_host(draft.language).name;
  draft.title = plan_title(goal, draft.language);
  draft.audience = options.audience.empty() ? default_audience(goal, draft.language)
                                            : text::collapse_whitespace(options.audience);
  std::vector<std::string> sources;
  for (const Chunk& c : corpus.chunks) {
    if (sources.empty() || sources.back() != c.source_id) sources.push_back(c.source_id);
  }
  std::vector<std::vector<int>> groups = merge_units(corpus, units, options.chapters, false);
  // One document keeps its own order; several are taken most relevant to the goal first.
  if (sources.size() > 1) order_by_goal(corpus, units, goal, groups);
  std::vector<std::string> titles;
  for (const std::vector<int>& group : groups) {
    std::vector<Unit> members;
    for (int g : group) members.push_back(units[static_cast<std::size_t>(g)]);
    draft.chapters.push_back(make_chapter(corpus, members, options.max_lessons_per_chapter));
    titles.push_back(draft.chapters.back().title);
  }
  draft.description = describe(draft.audience, titles, static_cast<int>(sources.size()),
                               why_now(corpus, goal), draft.language);
  return draft;
}

}  // namespace lectio::plan
