// Building a segment in memory (segment_encoder.cpp turns it into bytes, segment_format.h has
// the layout).
#include <algorithm>
#include <atomic>
#include <cstring>

#include "lectio/core/error.h"
#include "lectio/core/file.h"
#include "segment.h"
#include "segment_format.h"
#include "segment_state.h"

namespace fs = std::filesystem;

namespace lectio::search {

SegmentWriter::SegmentWriter() : state_(std::make_unique<State>()) {}
SegmentWriter::~SegmentWriter() = default;

void SegmentWriter::begin(const Chunk& chunk, const Source& source) {
  State& s = *state_;
  if (s.sources.empty() || s.sources.back().id != chunk.source_id ||
      s.sources.back().version != chunk.version) {
    s.sources.push_back({chunk.source_id, chunk.version, source.file_name, source.language});
  }
  s.first_posting.push_back(static_cast<std::uint32_t>(s.term_of.size()));
  s.first_pair.push_back(static_cast<std::uint32_t>(s.pairs.size()));
  s.source_of.push_back(static_cast<std::uint32_t>(s.sources.size() - 1));
  s.record_at.push_back(static_cast<std::uint32_t>(s.records.size()));
  format::put_varint(s.records, static_cast<std::uint64_t>(chunk.ordinal));
  format::put_varint(s.records, static_cast<std::uint64_t>(std::max(chunk.page_start, 0)));
  format::put_varint(s.records, static_cast<std::uint64_t>(std::max(chunk.page_end, 0)));
  format::put_varint(s.records, chunk.heading_path.size());
  for (const std::string& heading : chunk.heading_path) format::put_text(s.records, heading);
  s.length = 0;
  s.open = true;
}

TermSink::TermSink() {
  static std::atomic<std::uint64_t> serials{0};
  serial_ = ++serials;
}

std::uint32_t SegmentWriter::intern(std::string_view term) {
  State& s = *state_;
  const std::uint32_t id = s.terms.intern(term);
  if (id == s.last_document.size()) {
    s.last_document.push_back(UINT32_MAX);
    s.last_posting.push_back(0);
  }
  return id;
}

void SegmentWriter::add(std::uint32_t id, std::uint32_t wdf) {
  State& s = *state_;
  const auto document = static_cast<std::uint32_t>(s.lengths.size());
  s.length += wdf;
  if (s.last_document[id] == document) {
    s.wdf_of[s.last_posting[id]] += wdf;
    return;
  }
  s.last_document[id] = document;
  s.last_posting[id] = static_cast<std::uint32_t>(s.term_of.size());
  s.term_of.push_back(id);
  s.wdf_of.push_back(wdf);
}

void SegmentWriter::add_pair(std::uint32_t first, std::uint32_t second) {
  State& s = *state_;
  s.length += 1;
  s.pairs.push_back((std::uint64_t{first} << 32) | second);
}

void SegmentWriter::end() {
  State& s = *state_;
  s.lengths.push_back(s.length);
  s.open = false;
}

std::uint32_t SegmentWriter::documents() const {
  return static_cast<std::uint32_t>(state_->lengths.size());
}

std::size_t SegmentWriter::memory() const {
  const State& s = *state_;
  return s.terms.memory() + s.term_of.capacity() * 8 + s.last_document.capacity() * 8 +
         s.pairs.capacity() * 8 + s.records.capacity() + s.lengths.capacity() * 20;
}

void SegmentWriter::write(const fs::path& path) const {
  if (state_->open) throw Internal("SegmentWriter::write inside a document");
  write_file_atomic(path, encode_segment(*state_));
}

std::uint64_t term_hash(std::string_view term) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (const char c : term) {
    h ^= static_cast<unsigned char>(c);
    h *= 0x100000001b3ULL;
  }
  return h;
}

std::uint64_t format::checksum(const unsigned char* data, std::size_t size) {
  std::uint64_t h = 0x9e3779b97f4a7c15ULL ^ size;
  std::size_t i = 0;
  for (; i + 8 <= size; i += 8) {
    std::uint64_t w;
    std::memcpy(&w, data + i, 8);
    h = (h ^ w) * 0x100000001b3ULL;
    h ^= h >> 29;
  }
  for (; i < size; ++i) h = (h ^ data[i]) * 0x100000001b3ULL;
  return h;
}

}  // namespace lectio::search
