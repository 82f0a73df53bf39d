#pragma once
// Grouping chunks by topic for drafted plans: units that follow the sources' own structure
// (a source, a section, a subsection), split finer or merged by term similarity, with k-means
// over chunks for material that has no headings. Deterministic. Private to the plan module.
#include <string>
#include <vector>

#include "lectio/core/source.h"
#include "terms.h"

namespace lectio::plan {

// The chunks being grouped, with what grouping needs of each.
struct Corpus {
  std::vector<Chunk> chunks;        // source by source, in document order
  std::vector<std::string> titles;  // per chunk: its source's title
  std::vector<TermVector> vectors;  // per chunk: TF-IDF over the corpus
  std::vector<int> words;           // per chunk
  std::string language;
};

Corpus make_corpus(std::vector<Chunk> chunks, std::vector<std::string> titles,
                   std::string language);

// A topical group of chunks.
struct Unit {
  std::string title;
  std::vector<int> chunks;  // indices into Corpus::chunks, ascending
  std::size_t level = 0;    // heading_path entries its chunks share by construction
};

// One unit per source, in corpus order.
std::vector<Unit> source_units(const Corpus& corpus);

// The unit's parts at the first heading level below it where its chunks part ways (at least
// two headed parts); chunks before the first heading join the part after them. Empty when the
// unit has no finer structure.
std::vector<Unit> split_by_headings(const Corpus& corpus, const Unit& unit);

// Splits chunks into k clusters by spherical k-means on their vectors (farthest-first seeds,
// so the result is deterministic), returned in the order of their first chunk.
std::vector<Unit> cluster_chunks(const Corpus& corpus, const std::vector<int>& chunks, int k);

// Merges units into `k` groups, most similar first (centroid cosine, held back from making
// one group much larger than the rest); each group lists unit indices ascending, and the
// groups come in the order of their first unit. With k >= units.size(), one group per unit.
std::vector<std::vector<int>> merge_units(const Corpus& corpus, const std::vector<Unit>& units,
                                          int k, bool adjacent_only);

// The words of a unit's chunks.
int unit_words(const Corpus& corpus, const Unit& unit);

// The direction of a unit: the centroid of its chunks' vectors.
TermVector unit_vector(const Corpus& corpus, const Unit& unit);

}  // namespace lectio::plan
