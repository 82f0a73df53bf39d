#include "grouping.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace lectio::plan {

namespace {

// How strongly merging holds back from one group taking most of the material: the penalty is
// kBalance times the square of the merged group's share of all words.
constexpr double kBalance = 0.6;
constexpr int kMaxIterations = 30;

std::string heading_at(const Chunk& c, std::size_t level) {
  return level < c.heading_path.size() ? c.heading_path[level] : std::string();
}

// A short name for a cluster without headings: its three heaviest terms.
std::string terms_title(const TermVector& v) {
  std::vector<std::pair<std::string, double>> top(v.begin(), v.end());
  std::stable_sort(top.begin(), top.end(), [](auto& a, auto& b) { return a.second > b.second; });
  if (top.size() > 3) top.resize(3);
  std::string out;
  for (std::size_t i = 0; i < top.size(); ++i) {
    out += (i == 0 ? "" : i + 1 == top.size() ? " and " : ", ") + top[i].first;
  }
  if (!out.empty() && out[0] >= 'a' && out[0] <= 'z') out[0] = static_cast<char>(out[0] - 32);
  return out.empty() ? "Part" : out;
}

}  // namespace

Corpus make_corpus(std::vector<Chunk> chunks, std::vector<std::string> titles,
                   std::string language) {
  Corpus c;
  c.chunks = std::move(chunks);
  c.titles = std::move(titles);
  c.language = std::move(language);
  std::vector<std::vector<std::string>> docs;
  for (const Chunk& chunk : c.chunks) {
    std::string text;
    for (const std::string& h : chunk.heading_path) text += h + "\n";
    docs.push_back(content_terms(text + chunk.text));
    c.words.push_back(std::max(1, chunk.word_count));
  }
  const text::TermStats weights(docs);
  for (const auto& d : docs) c.vectors.push_back(weights.tfidf(d));
  return c;
}

int unit_words(const Corpus& corpus, const Unit& unit) {
  int n = 0;
  for (int i : unit.chunks) n += corpus.words[static_cast<std::size_t>(i)];
  return n;
}

TermVector unit_vector(const Corpus& corpus, const Unit& unit) {
  std::vector<const TermVector*> vs;
  for (int i : unit.chunks) vs.push_back(&corpus.vectors[static_cast<std::size_t>(i)]);
  return centroid(vs);
}

std::vector<Unit> source_units(const Corpus& corpus) {
  std::vector<Unit> out;
  for (std::size_t i = 0; i < corpus.chunks.size(); ++i) {
    if (out.empty() ||
        corpus.chunks[static_cast<std::size_t>(out.back().chunks.front())].source_id !=
            corpus.chunks[i].source_id) {
      out.push_back({corpus.titles[i], {}, 0});
    }
    out.back().chunks.push_back(static_cast<int>(i));
  }
  // A document whose every chunk sits under one top heading is named by it.
  for (Unit& u : out) {
    const std::string first =
        heading_at(corpus.chunks[static_cast<std::size_t>(u.chunks.front())], 0);
    bool shared = !first.empty();
    for (int i : u.chunks)
      shared = shared && heading_at(corpus.chunks[static_cast<std::size_t>(i)], 0) == first;
    if (shared) u.title = first;
  }
  return out;
}

std::vector<Unit> split_by_headings(const Corpus& corpus, const Unit& unit) {
  std::size_t depth = 0;
  for (int i : unit.chunks) {
    depth = std::max(depth, corpus.chunks[static_cast<std::size_t>(i)].heading_path.size());
  }
  for (std::size_t level = unit.level; level < depth; ++level) {
    std::vector<Unit> parts;
    std::vector<int> pending;  // chunks before the first heading at this level
    for (int i : unit.chunks) {
      const std::string key = heading_at(corpus.chunks[static_cast<std::size_t>(i)], level);
      if (key.empty()) {
        (parts.empty() ? pending : parts.back().chunks).push_back(i);
        continue;
      }
      if (parts.empty() || parts.back().title != key) {
        parts.push_back({key, std::move(pending), level + 1});
        pending.clear();
      }
      parts.back().chunks.push_back(i);
    }
    if (parts.size() >= 2) return parts;
  }
  return {};
}

std::vector<Unit> cluster_chunks(const Corpus& corpus, const std::vector<int>& chunks, int k) {
  const std::size_t n = chunks.size();
  k = std::max(1, std::min(k, static_cast<int>(n)));
  const auto vec = [&](std::size_t p) -> const TermVector& {
    return corpus.vectors[static_cast<std::size_t>(chunks[p])];
  };
  // Farthest-first seeds: each next seed is the chunk least like every seed so far.
  std::vector<TermVector> centres{vec(0)};
  while (static_cast<int>(centres.size()) < k) {
    std::size_t best = 0;
    double best_sim = std::numeric_limits<double>::max();
    for (std::size_t p = 0; p < n; ++p) {
      double sim = -1;
      for (const TermVector& c : centres) sim = std::max(sim, cosine(vec(p), c));
      if (sim < best_sim) {
        best_sim = sim;
        best = p;
      }
    }
    centres.push_back(vec(best));
  }
  std::vector<int> assign(n, -1);
  for (int iteration = 0; iteration < kMaxIterations; ++iteration) {
    bool changed = false;
    for (std::size_t p = 0; p < n; ++p) {
      int best = 0;
      double best_sim = -1;
      for (int c = 0; c < k; ++c) {
        const double sim = cosine(vec(p), centres[static_cast<std::size_t>(c)]);
        if (sim > best_sim) {
          best_sim = sim;
          best = c;
        }
      }
      changed = changed || assign[p] != best;
      assign[p] = best;
    }
    if (!changed) break;
    for (int c = 0; c < k; ++c) {
      std::vector<const TermVector*> members;
      for (std::size_t p = 0; p < n; ++p) {
        if (assign[p] == c) members.push_back(&vec(p));
      }
      if (!members.empty()) centres[static_cast<std::size_t>(c)] = centroid(members);
    }
  }
  std::map<int, Unit> by_cluster;
  for (std::size_t p = 0; p < n; ++p) by_cluster[assign[p]].chunks.push_back(chunks[p]);
  std::vector<Unit> out;
  for (auto& [c, unit] : by_cluster) {
    const TermVector& centre = centres[static_cast<std::size_t>(c)];
    // Named by the innermost heading of its most central chunk, else by its heaviest terms.
    int central = unit.chunks.front();
    double best = -1;
    for (int i : unit.chunks) {
      const double sim = cosine(corpus.vectors[static_cast<std::size_t>(i)], centre);
      if (sim > best) {
        best = sim;
        central = i;
      }
    }
    const auto& path = corpus.chunks[static_cast<std::size_t>(central)].heading_path;
    unit.title = path.empty() ? terms_title(centre) : path.back();
    unit.level = 0;
    out.push_back(std::move(unit));
  }
  std::sort(out.begin(), out.end(),
            [](const Unit& a, const Unit& b) { return a.chunks.front() < b.chunks.front(); });
  return out;
}

std::vector<std::vector<int>> merge_units(const Corpus& corpus, const std::vector<Unit>& units,
                                          int k, bool adjacent_only) {
  struct Group {
    std::vector<int> units;
    TermVector vector;
    int words = 0;
  };
  std::vector<Group> groups;
  double total = 0;
  for (std::size_t u = 0; u < units.size(); ++u) {
    groups.push_back(
        {{static_cast<int>(u)}, unit_vector(corpus, units[u]), unit_words(corpus, units[u])});
    total += groups.back().words;
  }
  k = std::max(1, k);
  while (static_cast<int>(groups.size()) > k) {
    std::size_t a = 0;
    std::size_t b = 1;
    double best = -std::numeric_limits<double>::max();
    for (std::size_t i = 0; i < groups.size(); ++i) {
      for (std::size_t j = i + 1; j < groups.size(); ++j) {
        if (adjacent_only && j != i + 1) break;
        const double share = (groups[i].words + groups[j].words) / total;
        const double score = cosine(groups[i].vector, groups[j].vector) - kBalance * share * share;
        if (score > best) {
          best = score;
          a = i;
          b = j;
        }
      }
    }
    Group& into = groups[a];
    into.units.insert(into.units.end(), groups[b].units.begin(), groups[b].units.end());
    std::sort(into.units.begin(), into.units.end());
    into.words += groups[b].words;
    Unit merged;
    for (int u : into.units) {
      const auto& cs = units[static_cast<std::size_t>(u)].chunks;
      merged.chunks.insert(merged.chunks.end(), cs.begin(), cs.end());
    }
    into.vector = unit_vector(corpus, merged);
    groups.erase(groups.begin() + static_cast<std::ptrdiff_t>(b));
  }
  std::vector<std::vector<int>> out;
  for (Group& g : groups) out.push_back(std::move(g.units));
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace lectio::plan
