#pragma once
// The material as its authors divided it: a tree of headed sections over the candidates, and
// how well each section teaches a focus (an insight). A teacher finds an insight's material
// where the document puts it -- the section whose heading names it, or whose text is about
// it -- not in every sentence elsewhere that shares one of its words.
#include <string>
#include <vector>

#include "lectio/extract/candidates.h"
#include "lectio/extract/selection.h"
#include "lectio/lesson/material.h"

namespace lectio::extract {

struct Section {
  int parent = -1;  // -1 for a source's root (the text before any heading of its own)
  int depth = 0;
  std::string heading;                     // own heading, e.g. "3.5.1 Brace Expansion"
  std::vector<std::string> heading_terms;  // content terms of the own heading
  std::vector<std::string> path_terms;     // content terms of the ancestors' headings
  std::vector<int> children;               // in document order
  std::vector<int> candidates;             // own sentences (not the children's), in order
};

// The number a heading opens with, as its parts: "3.5.1 Brace Expansion" -> {3,5,1},
// "4.0 The Rollback Journal" -> {4}, "7. Test Coverage" -> {7}; empty when it has none.
[[nodiscard]] std::vector<int> heading_number(const std::string& heading);

class SectionTree {
 public:
  // Sections come from each chunk's heading path below the headings all chunks of its source
  // share (the document's title). A numbered heading nests under the heading whose number
  // prefixes its own ("3.5.1" under "3.5"), as a PDF's flat outline means it; an unnumbered
  // heading among numbered ones (a PDF's layout line taken for a heading) continues the
  // section before it.
  SectionTree(const lesson::Material& material, const std::vector<Candidate>& candidates,
              const std::string& language);

  const std::vector<Section>& sections() const { return sections_; }
  int section_of(int candidate) const { return of_candidate_[static_cast<std::size_t>(candidate)]; }
  // True when `inner` is `outer` or lies under it.
  bool contains(int outer, int inner) const;
  // The candidates of the section and of every section under it, in document order.
  std::vector<int> subtree_candidates(int section) const;
  // The index of a candidate among its section's own sentences (0 opens the section).
  int rank_in_section(int candidate) const { return rank_[static_cast<std::size_t>(candidate)]; }

  // How well each section teaches the focus, 0..1: the share of the focus terms' weight
  // (idf over the sentences, `scorer`'s, times distinctness) its own heading and its ancestors'
  // headings carry, how densely its own sentences and its subtree's serve the focus (`relevance`,
  // one value per candidate, as Scorer::relevance gives), and retrieval's rank of its chunks.
  std::vector<double> scores(const Focus& focus, const std::vector<double>& relevance,
                             const Scorer& scorer) const;

 private:
  std::vector<Section> sections_;
  std::vector<int> of_candidate_;
  std::vector<int> rank_;
  std::vector<std::vector<int>> chunks_of_;  // per section: its own chunks (retrieval priors)
};

}  // namespace lectio::extract
