// Reading a segment file (segment_format.h has the layout).
#include "segment.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstring>

#include "lectio/core/error.h"
#include "lectio/core/file.h"
#include "segment_format.h"

namespace fs = std::filesystem;

namespace lectio::search {

Postings::Postings(const unsigned char* at, const unsigned char* end, std::uint32_t documents)
    : at_(at), end_(end), documents_(documents) {
  const std::uint64_t size = format::get_varint(at_, end_);
  if (size == 0 || size > documents_) throw IndexDamage("bad posting list size");
  size_ = left_ = static_cast<std::uint32_t>(size);
}

bool Postings::next(std::uint32_t& document, std::uint32_t& wdf) {
  if (left_ == 0) return false;
  --left_;
  const std::uint64_t gap = format::get_varint(at_, end_);
  const std::uint64_t count = format::get_varint(at_, end_);
  // The gap is checked before it is added, so that a huge one cannot wrap round to a document
  // already read: documents ascend.
  const auto first = static_cast<std::uint64_t>(last_ + 1);
  if (gap >= documents_ - first || count == 0 || count > UINT32_MAX) {
    throw IndexDamage("bad posting");
  }
  const std::uint64_t d = first + gap;
  last_ = static_cast<std::int64_t>(d);
  document = static_cast<std::uint32_t>(d);
  wdf = static_cast<std::uint32_t>(count);
  return true;
}

std::shared_ptr<const Segment> Segment::open(const fs::path& path) {
  const UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (!fd) {
    if (errno == ENOENT) throw IndexDamage(fmt::format("{}: missing", path.string()));
    throw Io(
        fmt::format("{}: cannot read the search index ({})", path.string(), std::strerror(errno)));
  }
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0 || st.st_size < static_cast<off_t>(format::kHeaderBytes + 8)) {
    throw IndexDamage(fmt::format("{}: too short for a segment", path.string()));
  }
  // The mapping outlives the descriptor.
  void* map =
      ::mmap(nullptr, static_cast<std::size_t>(st.st_size), PROT_READ, MAP_SHARED, fd.get(), 0);
  if (map == MAP_FAILED) {
    throw Io(
        fmt::format("{}: cannot map the search index ({})", path.string(), std::strerror(errno)));
  }
  std::shared_ptr<Segment> segment(new Segment());
  segment->data_ = static_cast<const unsigned char*>(map);
  segment->size_ = static_cast<std::size_t>(st.st_size);
  try {
    segment->parse();
  } catch (const IndexDamage& e) {
    throw IndexDamage(fmt::format("{}: {}", path.string(), e.what()));
  }
  return segment;
}

Segment::~Segment() {
  if (data_) ::munmap(const_cast<unsigned char*>(data_), size_);
}

void Segment::parse() {
  if (std::string_view(reinterpret_cast<const char*>(data_), format::kMagic.size()) !=
      format::kMagic) {
    throw IndexDamage("not a segment of this version");
  }
  const std::size_t body = size_ - 8;
  if (format::checksum(data_, body) != format::get_u64(data_ + body)) {
    throw IndexDamage("checksum mismatch");
  }
  const unsigned char* h = data_ + format::kMagic.size();
  documents_ = format::get_u32(h);
  terms_ = format::get_u32(h + 4);
  const std::uint32_t sources = format::get_u32(h + 8);
  pairs_ = format::get_u32(h + 12);
  std::uint64_t offsets[format::kOffsets];
  for (std::size_t i = 0; i < format::kOffsets; ++i) {
    offsets[i] = format::get_u64(h + 16 + 8 * i);
    if (offsets[i] < format::kHeaderBytes || offsets[i] > body ||
        (i > 0 && offsets[i] < offsets[i - 1])) {
      throw IndexDamage("bad section offsets");
    }
  }
  if (offsets[7] != body ||
      offsets[2] - offsets[1] != std::uint64_t{documents_} * format::kDocBytes ||
      offsets[6] - offsets[5] != std::uint64_t{terms_} * format::kTermBytes ||
      offsets[7] - offsets[6] != std::uint64_t{pairs_} * format::kPairBytes) {
    throw IndexDamage("bad section sizes");
  }
  docs_ = data_ + offsets[1];
  records_ = data_ + offsets[2];
  postings_ = data_ + offsets[3];
  strings_ = data_ + offsets[4];
  dictionary_ = data_ + offsets[5];
  pair_entries_ = data_ + offsets[6];
  end_ = data_ + body;
  const unsigned char* at = data_ + offsets[0];
  for (std::uint32_t i = 0; i < sources; ++i) {
    SegmentSource s;
    s.id = std::string(format::get_text(at, docs_));
    s.version = static_cast<int>(format::get_varint(at, docs_));
    s.file_name = std::string(format::get_text(at, docs_));
    s.language = std::string(format::get_text(at, docs_));
    sources_.push_back(std::move(s));
  }
}

std::uint32_t Segment::length(std::uint32_t document) const {
  return format::get_u32(docs_ + std::size_t{document} * format::kDocBytes);
}

std::uint32_t Segment::source_of(std::uint32_t document) const {
  const std::uint32_t source =
      format::get_u32(docs_ + std::size_t{document} * format::kDocBytes + 4);
  if (source >= sources_.size()) throw IndexDamage("bad source number");
  return source;
}

namespace {

// The first of `size` entries, sorted by key, whose key is not below `key` (size when none).
template <class KeyAt>
std::uint32_t first_not_below(std::uint32_t size, std::uint64_t key, KeyAt key_at) {
  std::uint32_t low = 0;
  std::uint32_t high = size;
  while (low < high) {
    const std::uint32_t mid = low + (high - low) / 2;
    if (key_at(mid) < key) {
      low = mid + 1;
    } else {
      high = mid;
    }
  }
  return low;
}

}  // namespace

std::optional<std::uint32_t> Segment::find(std::string_view term) const {
  const std::uint64_t hash = term_hash(term);
  const std::uint32_t low = first_not_below(terms_, hash, [&](std::uint32_t i) {
    return format::get_u64(dictionary_ + std::size_t{i} * format::kTermBytes);
  });
  for (std::uint32_t i = low; i < terms_; ++i) {
    const unsigned char* entry = dictionary_ + std::size_t{i} * format::kTermBytes;
    if (format::get_u64(entry) != hash) break;
    const unsigned char* text = strings_ + format::get_u32(entry + 8);
    if (text >= dictionary_) throw IndexDamage("bad term offset");
    if (format::get_text(text, dictionary_) == term) return i;
  }
  return std::nullopt;
}

std::optional<Postings> Segment::postings_at(std::uint32_t offset) const {
  const unsigned char* list = postings_ + offset;
  if (list >= strings_) throw IndexDamage("bad postings offset");
  return Postings(list, strings_, documents_);
}

std::optional<Postings> Segment::postings(std::string_view term) const {
  if (!term.empty() && term.front() == 'B') return pair_postings(term);
  const std::optional<std::uint32_t> at = find(term);
  if (!at) return std::nullopt;
  return postings_at(format::get_u32(dictionary_ + std::size_t{*at} * format::kTermBytes + 12));
}

// "Bfirst second" is the pair of the terms "Zfirst" and "Zsecond" (pair_term()); word terms
// hold no space, so the first space divides the two.
std::optional<Postings> Segment::pair_postings(std::string_view pair) const {
  const std::size_t space = pair.find(' ');
  if (space == std::string_view::npos) return std::nullopt;
  std::string word = "Z";
  word.append(pair.substr(1, space - 1));
  const std::optional<std::uint32_t> first = find(word);
  if (!first) return std::nullopt;
  word.resize(1);
  word.append(pair.substr(space + 1));
  const std::optional<std::uint32_t> second = find(word);
  if (!second) return std::nullopt;
  const std::uint64_t key = (std::uint64_t{*first} << 32) | *second;
  const auto key_at = [&](std::uint32_t i) {
    const unsigned char* entry = pair_entries_ + std::size_t{i} * format::kPairBytes;
    return (std::uint64_t{format::get_u32(entry)} << 32) | format::get_u32(entry + 4);
  };
  const std::uint32_t low = first_not_below(pairs_, key, key_at);
  if (low == pairs_ || key_at(low) != key) return std::nullopt;
  return postings_at(format::get_u32(pair_entries_ + std::size_t{low} * format::kPairBytes + 8));
}

StoredChunk Segment::record(std::uint32_t document) const {
  const unsigned char* at =
      records_ + format::get_u32(docs_ + std::size_t{document} * format::kDocBytes + 8);
  if (at >= postings_) throw IndexDamage("bad record offset");
  const SegmentSource& source = sources_[source_of(document)];
  StoredChunk out;
  out.hit.source_id = source.id;
  out.hit.version = source.version;
  out.hit.file_name = source.file_name;
  out.language = source.language;
  out.hit.ordinal = static_cast<int>(format::get_varint(at, postings_));
  out.hit.chunk_id = chunk_id(out.hit.source_id, out.hit.ordinal);
  out.hit.page_start = static_cast<int>(format::get_varint(at, postings_));
  out.hit.page_end = static_cast<int>(format::get_varint(at, postings_));
  const std::uint64_t headings = format::get_varint(at, postings_);
  if (headings > 10000) throw IndexDamage("bad heading count");
  for (std::uint64_t i = 0; i < headings; ++i) {
    out.hit.heading_path.emplace_back(format::get_text(at, postings_));
  }
  return out;
}

}  // namespace lectio::search
