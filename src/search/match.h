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
};

// The live documents of an index as BM25 counts them: dead documents (of sources replaced or
// deleted since their segment was written) are neither matched nor counted in the statistics,
// so that an index gives the weights a freshly built one would.
struct Collection {
  std::vector<LoadedSegment> segments;
  std::uint64_t documents = 0;  // live
  double total_length = 0;      // the sum of the live documents' lengths
};

struct Match {
  std::size_t segment = 0;
  std::uint32_t document = 0;
  double score = 0;
};

// The k best matches, by score and then by position in the index (segments in order, documents
// in order), as Xapian orders equal weights by document number. Throws IndexDamage.
std::vector<Match> run_match(const Collection& collection, const BuiltQuery& query, int k);

}  // namespace lectio::search
