#pragma once
// What SegmentWriter collects of a segment before encoding it. Private to the search module.
#include <cstdint>
#include <string>
#include <vector>

#include "segment.h"
#include "term_table.h"

namespace lectio::search {

struct SegmentWriter::State {
  TermTable terms;
  // The postings of every document in document order: its terms and counts.
  std::vector<std::uint32_t> term_of;
  std::vector<std::uint32_t> wdf_of;
  // By term number: the last document that had it and where its posting is, so that a term
  // that comes twice in a document adds to one posting.
  std::vector<std::uint32_t> last_document;
  std::vector<std::uint32_t> last_posting;
  std::vector<std::uint32_t> first_posting;  // by document, then one past the end
  // Every pair occurrence in document order, (first term << 32) | second term, and by
  // document where its occurrences start: sorted when the segment is encoded, which costs
  // less than numbering each distinct pair as it comes.
  std::vector<std::uint64_t> pairs;
  std::vector<std::uint32_t> first_pair;
  std::vector<std::uint32_t> lengths;
  std::vector<std::uint32_t> source_of;
  std::vector<std::uint32_t> record_at;
  std::string records;
  std::vector<SegmentSource> sources;
  std::uint32_t length = 0;  // of the document being made
  bool open = false;
};

// The segment's bytes (segment_format.h) from what the writer collected.
std::string encode_segment(const SegmentWriter::State& state);

}  // namespace lectio::search
