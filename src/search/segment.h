#pragma once
// Segments, the immutable files the index is made of. Private to the search module.
//
// A segment holds whole source versions: per document (chunk) its length (the sum of its term
// counts, which BM25 needs), its source and the record a Hit is read back from; per term its
// posting list of document numbers and counts. No positions and no term lists: queries read
// neither (a quoted phrase asks for pair terms, query.cpp), and leaving them out is most of why
// building a segment costs a fraction of what a Xapian database did (docs/benchmarks.md,
// "Indexing"). A segment is written once, in memory and then to a file that is renamed into
// place, and never changed; removing a source from the index is the manifest's business.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "lectio/core/source.h"
#include "lectio/search/index.h"
#include "term_table.h"

namespace lectio::search {

// A segment or manifest that is not what this code wrote: the index is rebuilt from the store.
class IndexDamage : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// What the index keeps of a chunk. Not its text: snippets read that from the store.
struct StoredChunk {
  Hit hit;  // everything but score and snippet
  std::string language;
};

// Receives the terms of one document at a time (DocumentMaker), by number: a term is interned
// once and its number used from then on, which spares hashing and comparing its text at each
// occurrence (DocumentMaker keeps the numbers of words and word pairs it has interned).
class TermSink {
 public:
  TermSink();
  virtual ~TermSink() = default;
  // The number of a term in this sink, the same every time.
  virtual std::uint32_t intern(std::string_view term) = 0;
  // Adds to the count of a term in the current document; a term may come more than once.
  virtual void add(std::uint32_t term, std::uint32_t wdf) = 0;
  // Adds one occurrence of the pair term of two words in a row (pair_term(): "B" + both words
  // without their "Z"), given by the numbers of their "Z" terms, which the current document
  // has added. Counts in the document's length as any term does.
  virtual void add_pair(std::uint32_t first, std::uint32_t second) = 0;
  void add_term(std::string_view term, std::uint32_t wdf) { add(intern(term), wdf); }
  // Unique to this sink among all made by the process, for caches of its numbers.
  std::uint64_t serial() const { return serial_; }

 private:
  std::uint64_t serial_;
};

// Builds one segment in memory. Not thread-safe.
class SegmentWriter final : public TermSink {
 public:
  SegmentWriter();
  ~SegmentWriter() override;

  // A document is begin(), its terms, end(). Chunks of one source come one after the other.
  void begin(const Chunk& chunk, const Source& source);
  std::uint32_t intern(std::string_view term) override;
  void add(std::uint32_t term, std::uint32_t wdf) override;
  void add_pair(std::uint32_t first, std::uint32_t second) override;
  void end();

  std::uint32_t documents() const;
  // Bytes of memory the segment holds so far, to bound it.
  std::size_t memory() const;
  // Writes the segment to `path` through a temporary file and a rename, synced to disk.
  // Throws Io.
  void write(const std::filesystem::path& path) const;

  struct State;  // segment_writer.cpp

 private:
  std::unique_ptr<State> state_;
};

// A posting list being read: document numbers ascending, each with its count.
class Postings {
 public:
  Postings(const unsigned char* at, const unsigned char* end, std::uint32_t documents);
  std::uint32_t size() const { return size_; }
  // The next document and count; false after the last. Throws IndexDamage.
  bool next(std::uint32_t& document, std::uint32_t& wdf);

 private:
  const unsigned char* at_;
  const unsigned char* end_;
  std::uint32_t documents_;
  std::uint32_t size_ = 0;
  std::uint32_t left_ = 0;
  std::int64_t last_ = -1;
};

struct SegmentSource {
  std::string id;
  int version = 0;
  std::string file_name;
  std::string language;
};

// A segment file, read through a read-only mapping. Opening checks its checksum, so that
// damage is found when it is opened rather than by a search. Immutable: safe to share between
// threads. Files are never changed in place (SegmentWriter::write renames), so the mapping stays
// valid even after a writer removes the file.
class Segment {
 public:
  // Throws IndexDamage when the file is not a whole segment, Io when it cannot be read.
  static std::shared_ptr<const Segment> open(const std::filesystem::path& path);
  ~Segment();
  Segment(const Segment&) = delete;
  Segment& operator=(const Segment&) = delete;

  std::uint32_t documents() const { return documents_; }
  std::uint32_t length(std::uint32_t document) const;
  // Throws IndexDamage for a number past the segment's sources.
  std::uint32_t source_of(std::uint32_t document) const;
  const std::vector<SegmentSource>& sources() const { return sources_; }
  // The posting list of a term, a pair term ("Bfirst second") included, or nullopt when no
  // document has it.
  std::optional<Postings> postings(std::string_view term) const;
  // The record of a document. Throws IndexDamage.
  StoredChunk record(std::uint32_t document) const;

 private:
  Segment() = default;
  void parse();
  // The place of a term in the dictionary, or nullopt.
  std::optional<std::uint32_t> find(std::string_view term) const;
  std::optional<Postings> pair_postings(std::string_view pair) const;
  std::optional<Postings> postings_at(std::uint32_t offset) const;

  const unsigned char* data_ = nullptr;
  std::size_t size_ = 0;
  std::uint32_t documents_ = 0;
  std::uint32_t terms_ = 0;
  std::uint32_t pairs_ = 0;
  const unsigned char* docs_ = nullptr;
  const unsigned char* records_ = nullptr;
  const unsigned char* dictionary_ = nullptr;
  const unsigned char* pair_entries_ = nullptr;
  const unsigned char* strings_ = nullptr;
  const unsigned char* postings_ = nullptr;
  const unsigned char* end_ = nullptr;
  std::vector<SegmentSource> sources_;
};

}  // namespace lectio::search
