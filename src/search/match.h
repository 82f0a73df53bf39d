#pragma once
// Running a query over the segments of an index: BM25 over the live documents, best first.
// Private to the search module.
#include <cstdint>
#include <memory>
#include <vector>

#include "query.h"
#include "segment.h"

namespace lectio::search {

struct LoadedSegment {
  std::shared_ptr<const Segment> segment;
  std::vector<char> live;  // by source number within the segment: its documents are live
  std::uint32_t live_documents = 0;
  // By document: BM25's length normalisation, k1 * (1 - b + b * length / average length),
  // worked out once for the collection (prepare_collection) rather than once per posting.
  std::vector<double> norms;

  bool all_live() const { return live_documents == segment->documents(); }
};

// The live documents of an index as BM25 counts them: dead documents (of sources replaced or
// deleted since their segment was written) are neither matched nor counted in the statistics,
// so that an index gives the weights a freshly built one would.
struct Collection {
  std::vector<LoadedSegment> segments;
  std::uint64_t documents = 0;  // live
  double total_length = 0;      // the sum of the live documents' lengths
};

// Works out what matching needs of the loaded segments: call once they are all loaded.
void prepare_collection(Collection& collection);

struct Match {
  std::size_t segment = 0;
  std::uint32_t document = 0;
  double score = 0;
};

// Memory one query's matching reuses from the one before: the weights of a segment's documents
// (allocating and faulting in a few MB per query cost a tenth of its time). Not thread-safe.
struct MatchScratch {
  std::vector<double> weight;
  std::vector<char> matched;
  std::vector<std::uint32_t> touched;
};

// The k best matches, by score and then by position in the index (segments in order, documents
// in order), as Xapian orders equal weights by document number. Throws IndexDamage.
std::vector<Match> run_match(const Collection& collection, const BuiltQuery& query, int k,
                             MatchScratch& scratch);

}  // namespace lectio::search
