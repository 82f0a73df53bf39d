#include "document.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "analysis.h"
#include "words.h"

namespace lectio::search {

namespace {

constexpr std::size_t kMaxTermBytes = 240;  // Xapian refuses terms over 245 bytes

// What a hit needs of its chunk is kept in a value slot rather than as the document's data:
// glass compresses every document's data with zlib, and resetting the compressor for each
// record cost more than the rest of writing it. The record is its fields in order, each
// number and each text's length a base-128 varint (zigzag for signed numbers).
constexpr Xapian::valueno kChunkSlot = 0;

void put_number(std::string& out, std::int64_t value) {
  auto n = (static_cast<std::uint64_t>(value) << 1) ^ static_cast<std::uint64_t>(value >> 63);
  for (; n >= 0x80; n >>= 7) out.push_back(static_cast<char>(n | 0x80));
  out.push_back(static_cast<char>(n));
}

void put_text(std::string& out, std::string_view text) {
  put_number(out, static_cast<std::int64_t>(text.size()));
  out.append(text);
}

std::string encode_chunk(const Chunk& chunk, const Source& source) {
  std::string out;
  put_text(out, chunk.source_id);
  put_number(out, chunk.version);
  put_number(out, chunk.ordinal);
  put_text(out, source.file_name);
  put_number(out, chunk.page_start);
  put_number(out, chunk.page_end);
  put_text(out, source.language);
  put_number(out, static_cast<std::int64_t>(chunk.heading_path.size()));
  for (const std::string& heading : chunk.heading_path) put_text(out, heading);
  return out;
}

// Reads a record of encode_chunk; throws std::runtime_error when it is not one.
class ChunkReader {
 public:
  explicit ChunkReader(std::string record) : record_(std::move(record)) {
    if (record_.empty()) throw std::runtime_error("no record");
  }

  int number() {
    std::uint64_t n = 0;
    for (int shift = 0;; shift += 7) {
      if (at_ >= record_.size() || shift > 63) throw std::runtime_error("truncated number");
      const auto byte = static_cast<unsigned char>(record_[at_++]);
      n |= static_cast<std::uint64_t>(byte & 0x7f) << shift;
      if (byte < 0x80) break;
    }
    const auto value = static_cast<std::int64_t>(n >> 1) ^ -static_cast<std::int64_t>(n & 1);
    if (value < INT32_MIN || value > INT32_MAX) throw std::runtime_error("number out of range");
    return static_cast<int>(value);
  }

  std::string text() {
    const int size = number();
    if (size < 0 || static_cast<std::size_t>(size) > record_.size() - at_) {
      throw std::runtime_error("truncated text");
    }
    std::string out = record_.substr(at_, static_cast<std::size_t>(size));
    at_ += static_cast<std::size_t>(size);
    return out;
  }

  void finish() const {
    if (at_ != record_.size()) throw std::runtime_error("trailing bytes");
  }

 private:
  std::string record_;
  std::size_t at_ = 0;
};

}  // namespace

std::string source_term(std::string_view source_id) {
  return fmt::format("XS{}", source_id);
}

std::string version_term(std::string_view source_id, int version) {
  return fmt::format("XV{}@{}", source_id, version);
}

std::string chunk_term(std::string_view source_id, int ordinal) {
  return "Q" + chunk_id(source_id, ordinal);
}

std::string pair_term(std::string_view first, std::string_view second) {
  return fmt::format("B{} {}", first.substr(1), second.substr(1));
}

Vocabulary& DocumentMaker::vocabulary(const std::string& language) {
  auto it = vocabularies_.find(language);
  if (it == vocabularies_.end()) {
    it = vocabularies_.emplace(language, std::make_unique<Vocabulary>(language)).first;
  }
  Vocabulary& out = *it->second;
  if (out.size() >= Vocabulary::kMaxTerms) out.clear();  // between chunks: no numbers in use
  return out;
}

void DocumentMaker::add_ascii(std::string_view text, Vocabulary& vocabulary) {
  AsciiWords words(text);
  while (const std::string* word = words.next()) {
    if (const int id = vocabulary.of_word(*word); id >= 0) sequence_.push_back(id);
  }
  sequence_.push_back(-1);
}

// The generator puts exactly one term at each position it uses, from 1 up, so a table from
// position to term gives the words in order without sorting.
void DocumentMaker::add_generated(std::string_view text, Vocabulary& vocabulary) {
  Xapian::Document scratch;
  Xapian::TermGenerator& generator = vocabulary.generator();
  generator.set_document(scratch);
  generator.set_termpos(0);
  generator.index_text(segment_cjk(text));
  term_at_.clear();
  for (auto t = scratch.termlist_begin(); t != scratch.termlist_end(); ++t) {
    const int id = vocabulary.of_term(*t);
    for (auto p = t.positionlist_begin(); p != t.positionlist_end(); ++p) {
      if (*p >= term_at_.size()) term_at_.resize(*p + 1, -1);
      term_at_[*p] = id;
    }
  }
  for (const int id : term_at_) {
    if (id >= 0) sequence_.push_back(id);
  }
  sequence_.push_back(-1);
}

// Every term with its count, then a pair term for every two content words in a row, skipping
// the stop words between them but not the break between a heading and the text. Queries reward
// their own word pairs with these terms: the effect of a proximity search, at the cost of a
// term lookup.
void DocumentMaker::add_terms(Xapian::Document& doc, const Vocabulary& vocabulary) {
  if (wdf_.size() < vocabulary.size()) wdf_.resize(vocabulary.size(), 0);
  seen_.clear();
  for (const int id : sequence_) {
    if (id < 0) continue;
    if (wdf_[static_cast<std::size_t>(id)]++ == 0) seen_.push_back(id);
  }
  for (const int id : seen_) {
    auto& wdf = wdf_[static_cast<std::size_t>(id)];
    doc.add_term(vocabulary.term(id), static_cast<Xapian::termcount>(wdf));
    wdf = 0;
  }
  int previous = -1;
  for (const int id : sequence_) {
    if (id < 0) {
      previous = -1;
      continue;
    }
    if (vocabulary.is_stop(id)) continue;
    if (previous >= 0) {
      // pair_term(first, second), without formatting: "B" + both words without their "Z".
      pair_.assign(1, 'B');
      pair_.append(vocabulary.term(previous), 1).push_back(' ');
      pair_.append(vocabulary.term(id), 1);
      if (pair_.size() <= kMaxTermBytes) doc.add_term(pair_);
    }
    previous = id;
  }
}

Xapian::Document DocumentMaker::make(const Chunk& chunk, const Source& source) {
  Vocabulary& words = vocabulary(source.language);
  sequence_.clear();
  const auto add = [&](const std::string& text) {
    if (is_ascii(text)) return add_ascii(text, words);
    add_generated(text, words);
  };
  for (const std::string& heading : chunk.heading_path) add(heading);
  add(chunk.text);
  Xapian::Document doc;
  add_terms(doc, words);

  doc.add_boolean_term(source_term(chunk.source_id));
  doc.add_boolean_term(version_term(chunk.source_id, chunk.version));
  doc.add_boolean_term(chunk_term(chunk.source_id, chunk.ordinal));

  doc.add_value(kChunkSlot, encode_chunk(chunk, source));
  return doc;
}

StoredChunk read_document(const Xapian::Document& document) {
  try {
    ChunkReader in(document.get_value(kChunkSlot));
    StoredChunk out;
    out.hit.source_id = in.text();
    out.hit.version = in.number();
    out.hit.ordinal = in.number();
    out.hit.chunk_id = chunk_id(out.hit.source_id, out.hit.ordinal);
    out.hit.file_name = in.text();
    out.hit.page_start = in.number();
    out.hit.page_end = in.number();
    out.language = in.text();
    for (int n = in.number(); n > 0; --n) out.hit.heading_path.push_back(in.text());
    in.finish();
    return out;
  } catch (const std::runtime_error& e) {
    throw Xapian::DatabaseCorruptError(fmt::format(
        "document {} has an unreadable chunk record ({})", document.get_docid(), e.what()));
  }
}

}  // namespace lectio::search
