// Building a segment in memory and writing it (segment_format.h has the layout).
#include <algorithm>
#include <atomic>
#include <cstring>

#include "lectio/core/data_dir.h"
#include "lectio/core/error.h"
#include "segment.h"
#include "segment_format.h"

namespace fs = std::filesystem;

namespace lectio::search {

namespace {

struct Posting {
  std::uint32_t document;
  std::uint32_t wdf;
};

}  // namespace

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
  std::vector<std::uint32_t> lengths;
  std::vector<std::uint32_t> source_of;
  std::vector<std::uint32_t> record_at;
  std::string records;
  std::vector<SegmentSource> sources;
  std::uint32_t length = 0;  // of the document being made
  bool open = false;
};

SegmentWriter::SegmentWriter() : state_(std::make_unique<State>()) {}
SegmentWriter::~SegmentWriter() = default;

void SegmentWriter::begin(const Chunk& chunk, const Source& source) {
  State& s = *state_;
  if (s.sources.empty() || s.sources.back().id != chunk.source_id ||
      s.sources.back().version != chunk.version) {
    s.sources.push_back({chunk.source_id, chunk.version, source.file_name, source.language});
  }
  s.first_posting.push_back(static_cast<std::uint32_t>(s.term_of.size()));
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
         s.records.capacity() + s.lengths.capacity() * 16;
}

namespace {

// The segment's bytes (segment_format.h) from what the writer collected.
class Encoder {
 public:
  Encoder(const SegmentWriter::State& s) : s_(s) {}  // NOLINT: private helper

  std::string encode() {
    const std::vector<std::uint32_t> order = term_order();
    const std::vector<Posting> grouped = group_by_term(order);
    std::string out;
    // Every byte written once, in place: appending sections built apart copied tens of MB.
    out.reserve(format::kHeaderBytes + s_.records.size() + s_.lengths.size() * format::kDocBytes +
                s_.term_of.size() * 3 + std::size_t{s_.terms.size()} * (format::kTermBytes + 6) +
                s_.terms.memory() + 64);
    out.resize(format::kHeaderBytes);
    std::uint64_t offsets[format::kOffsets];
    write_documents(out, offsets);
    write_terms(out, order, grouped, offsets);
    write_header(out, offsets);
    format::put_u64(
        out, format::checksum(reinterpret_cast<const unsigned char*>(out.data()), out.size()));
    return out;
  }

 private:
  // The term numbers ordered by (hash, text), the dictionary's order.
  std::vector<std::uint32_t> term_order() const {
    const std::uint32_t terms = s_.terms.size();
    std::vector<std::pair<std::uint64_t, std::uint32_t>> keyed(terms);
    for (std::uint32_t id = 0; id < terms; ++id) keyed[id] = {s_.terms.hash(id), id};
    std::sort(keyed.begin(), keyed.end(), [&](const auto& a, const auto& b) {
      if (a.first != b.first) return a.first < b.first;
      return s_.terms.text(a.second) < s_.terms.text(b.second);
    });
    std::vector<std::uint32_t> order(terms);
    for (std::uint32_t i = 0; i < terms; ++i) order[i] = keyed[i].second;
    return order;
  }

  // Sources, documents and records: offsets[0..2].
  void write_documents(std::string& out, std::uint64_t* offsets) const {
    offsets[0] = out.size();
    for (const SegmentSource& src : s_.sources) {
      format::put_text(out, src.id);
      format::put_varint(out, static_cast<std::uint64_t>(src.version));
      format::put_text(out, src.file_name);
      format::put_text(out, src.language);
    }
    offsets[1] = out.size();
    for (std::size_t d = 0; d < s_.lengths.size(); ++d) {
      format::put_u32(out, s_.lengths[d]);
      format::put_u32(out, s_.source_of[d]);
      format::put_u32(out, s_.record_at[d]);
    }
    offsets[2] = out.size();
    out += s_.records;
  }

  // Postings, strings and the dictionary: offsets[3..6].
  void write_terms(std::string& out, const std::vector<std::uint32_t>& order,
                   const std::vector<Posting>& grouped, std::uint64_t* offsets) const {
    const std::uint32_t terms = s_.terms.size();
    offsets[3] = out.size();
    std::vector<std::uint32_t> postings_at(terms);
    std::size_t at = 0;
    for (const std::uint32_t id : order) {
      const std::size_t df = count_[id];
      postings_at[id] = check_fits(out.size() - offsets[3]);
      format::put_varint(out, df);
      std::int64_t last = -1;
      for (std::size_t i = at; i < at + df; ++i) {
        format::put_varint(out, static_cast<std::uint64_t>(grouped[i].document - last - 1));
        format::put_varint(out, grouped[i].wdf);
        last = grouped[i].document;
      }
      at += df;
    }
    offsets[4] = out.size();
    std::vector<std::uint32_t> text_at(terms);
    for (const std::uint32_t id : order) {
      text_at[id] = check_fits(out.size() - offsets[4]);
      format::put_text(out, s_.terms.text(id));
    }
    offsets[5] = out.size();
    for (const std::uint32_t id : order) {
      format::put_u64(out, s_.terms.hash(id));
      format::put_u32(out, text_at[id]);
      format::put_u32(out, postings_at[id]);
    }
    offsets[6] = out.size();
  }

  static std::uint32_t check_fits(std::size_t offset) {
    if (offset > UINT32_MAX) throw Internal("a search index segment outgrew 4 GB");
    return static_cast<std::uint32_t>(offset);
  }

  // Every posting, term by term in `order`, documents ascending (a counting sort).
  std::vector<Posting> group_by_term(const std::vector<std::uint32_t>& order) {
    const std::uint32_t terms = s_.terms.size();
    count_.assign(terms, 0);
    for (const std::uint32_t t : s_.term_of) ++count_[t];
    std::vector<std::size_t> next(terms);
    std::size_t at = 0;
    for (const std::uint32_t id : order) {
      next[id] = at;
      at += count_[id];
    }
    std::vector<Posting> out(s_.term_of.size());
    const std::size_t documents = s_.lengths.size();
    for (std::size_t d = 0; d < documents; ++d) {
      const std::size_t end = d + 1 < documents ? s_.first_posting[d + 1] : s_.term_of.size();
      for (std::size_t p = s_.first_posting[d]; p < end; ++p) {
        out[next[s_.term_of[p]]++] = {static_cast<std::uint32_t>(d), s_.wdf_of[p]};
      }
    }
    return out;
  }

  void write_header(std::string& out, const std::uint64_t* offsets) const {
    std::string header(format::kMagic);
    format::put_u32(header, static_cast<std::uint32_t>(s_.lengths.size()));
    format::put_u32(header, s_.terms.size());
    format::put_u32(header, static_cast<std::uint32_t>(s_.sources.size()));
    format::put_u32(header, 0);
    for (std::size_t i = 0; i < format::kOffsets; ++i) format::put_u64(header, offsets[i]);
    out.replace(0, header.size(), header);
  }

  const SegmentWriter::State& s_;
  std::vector<std::size_t> count_;
};

}  // namespace

void SegmentWriter::write(const fs::path& path) const {
  if (state_->open) throw Internal("SegmentWriter::write inside a document");
  write_file_atomic(path, Encoder(*state_).encode());
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
