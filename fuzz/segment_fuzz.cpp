// Any bytes as a search index segment file (src/search/segment_format.h): opening it and every
// read a search makes of it (records, posting lists, a whole match) either work or throw
// IndexDamage (the index is then rebuilt from the store) or a lectio::Error. Posting lists must
// keep their contract: documents ascending, below the segment's count, counts above zero.
//
// The first byte is the harness's: when odd, the last 8 bytes of the rest are replaced by the
// right checksum, so that mutations get past the check to the sections behind it.
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "fuzz_support.h"
#include "match.h"
#include "query.h"
#include "segment.h"
#include "segment_format.h"

namespace {

using namespace lectio::search;

// Terms of the seed segments (fuzz/make_corpus.cpp), words and pairs, so that mutated seeds
// still find posting lists to read.
const char* const kTerms[] = {
    "Zwing",       "Zspan",    "Zboundari",  "Zlayer",     "Zthe",
    "Zflow",       "Zgpu",     "Zx",         "Z图形",      "Z处理",
    "Z器",         "Zmissing", "Bwing span", "Bspan wing", "Bboundari layer",
    "Blayer wing", "Bgpu run", "B器 gpu",    "B图形 处理", "Bwing missing"};

// The file the segment is written to: a memory file, opened again by name as a segment is.
const std::string& segment_path() {
  static const std::string path = [] {
    const int fd = ::memfd_create("segment", 0);
    if (fd < 0) std::abort();
    return "/proc/self/fd/" + std::to_string(fd);
  }();
  return path;
}

void write_segment(std::string bytes) {
  std::FILE* f = std::fopen(segment_path().c_str(), "wb");  // truncates
  if (!f) std::abort();
  if (!bytes.empty() && std::fwrite(bytes.data(), 1, bytes.size(), f) != bytes.size()) {
    std::abort();
  }
  std::fclose(f);
}

void check_postings(Postings postings, std::uint32_t documents) {
  std::int64_t last = -1;
  std::uint32_t seen = 0;
  std::uint32_t d = 0;
  std::uint32_t wdf = 0;
  while (postings.next(d, wdf)) {
    if (static_cast<std::int64_t>(d) <= last || d >= documents || wdf == 0) {
      std::fprintf(stderr, "posting out of contract: document %u after %lld of %u, count %u\n", d,
                   static_cast<long long>(last), documents, wdf);
      std::abort();
    }
    last = d;
    ++seen;
  }
  if (seen != postings.size()) std::abort();
}

void read_everything(const Segment& segment) {
  for (std::uint32_t d = 0; d < segment.documents() && d < 256; ++d) {
    (void)segment.length(d);
    try {
      (void)segment.record(d);
    } catch (const IndexDamage&) {
    }
  }
  for (const char* term : kTerms) {
    try {
      if (std::optional<Postings> p = segment.postings(term)) {
        check_postings(*p, segment.documents());
      }
    } catch (const IndexDamage&) {
    }
  }
}

// A whole search over the segment, as SegmentIndex runs one (every source live).
void match(const std::shared_ptr<const Segment>& segment) {
  static const BuiltQuery query = [] {
    Query q;
    q.text = "the wing span of boundary layers \"wing span\" gpu OR x";
    return build_query(q);
  }();
  Collection collection;
  LoadedSegment loaded;
  loaded.segment = segment;
  loaded.live.assign(segment->sources().size(), 1);
  loaded.live_documents = segment->documents();
  for (std::uint32_t d = 0; d < segment->documents(); ++d) {
    collection.total_length += segment->length(d);
  }
  collection.documents = segment->documents();
  collection.segments.push_back(std::move(loaded));
  prepare_collection(collection);
  MatchScratch scratch;
  try {
    (void)run_match(collection, query, 10, scratch);
  } catch (const IndexDamage&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  std::string bytes(reinterpret_cast<const char*>(data) + 1, size - 1);
  if ((data[0] & 1) != 0 && bytes.size() >= 8) {
    const std::size_t body = bytes.size() - 8;
    format::put_u64(bytes,
                    format::checksum(reinterpret_cast<const unsigned char*>(bytes.data()), body));
    bytes.erase(body, 8);
  }
  write_segment(std::move(bytes));
  lectio::fuzz::refuse_or_parse([] {
    try {
      const std::shared_ptr<const Segment> segment = Segment::open(segment_path());
      read_everything(*segment);
      match(segment);
    } catch (const IndexDamage&) {
      // Damage found: the expected answer to bytes this code did not write.
    }
  });
  return 0;
}
