#pragma once
// The bytes of a segment file, shared by its writer and its reader. Private to the search
// module. Little-endian throughout:
//
//   header      magic "LXSEG003", u32 documents, u32 terms, u32 sources, u32 pairs,
//               u64 offsets of: sources, docs, records, postings, strings, dictionary, pairs,
//               checksum
//   sources     per source: id, version, file name, language (texts are a varint length + bytes)
//   docs        per document: u32 length, u32 source number, u32 offset of its record
//   records     per document: ordinal, first page, last page, heading count, headings (varints)
//   postings    per term and per pair: varint document count, then per document
//               varint (gap - 1), varint count
//   strings     per term: its text
//   dictionary  per term, ordered by (term_hash, term): u64 hash, u32 offset of its text in
//               strings, u32 offset of its postings
//   pairs       per pair term (two words in a row), ordered by (first, second): u32 first, u32
//               second (the words' places in the dictionary), u32 offset of its postings. A
//               pair is named by its words' entries, not by a text of its own: most of a
//               segment's distinct terms are pairs, and building, hashing and sorting their
//               texts was most of the cost of indexing.
//   checksum    u64 segment_checksum of every byte before it
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "segment.h"

namespace lectio::search::format {

inline constexpr std::string_view kMagic = "LXSEG003";
inline constexpr std::size_t kOffsets = 8;
inline constexpr std::size_t kHeaderBytes = 8 + 4 * 4 + 8 * kOffsets;
inline constexpr std::size_t kDocBytes = 12;
inline constexpr std::size_t kTermBytes = 16;
inline constexpr std::size_t kPairBytes = 12;

inline void put_u32(std::string& out, std::uint32_t v) {
  char b[4];
  std::memcpy(b, &v, 4);
  out.append(b, 4);
}

inline void put_u64(std::string& out, std::uint64_t v) {
  char b[8];
  std::memcpy(b, &v, 8);
  out.append(b, 8);
}

inline void put_varint(std::string& out, std::uint64_t v) {
  for (; v >= 0x80; v >>= 7) out.push_back(static_cast<char>(v | 0x80));
  out.push_back(static_cast<char>(v));
}

inline void put_text(std::string& out, std::string_view text) {
  put_varint(out, text.size());
  out.append(text);
}

inline std::uint32_t get_u32(const unsigned char* at) {
  std::uint32_t v;
  std::memcpy(&v, at, 4);
  return v;
}

inline std::uint64_t get_u64(const unsigned char* at) {
  std::uint64_t v;
  std::memcpy(&v, at, 8);
  return v;
}

// Reads a varint at `at`, moving past it. Throws IndexDamage when it runs past `end`.
inline std::uint64_t get_varint(const unsigned char*& at, const unsigned char* end) {
  std::uint64_t v = 0;
  for (int shift = 0; shift < 64; shift += 7) {
    if (at >= end) throw IndexDamage("truncated number");
    const unsigned char byte = *at++;
    v |= static_cast<std::uint64_t>(byte & 0x7f) << shift;
    if (byte < 0x80) return v;
  }
  throw IndexDamage("number too long");
}

inline std::string_view get_text(const unsigned char*& at, const unsigned char* end) {
  const std::uint64_t size = get_varint(at, end);
  if (size > static_cast<std::uint64_t>(end - at)) throw IndexDamage("truncated text");
  std::string_view out(reinterpret_cast<const char*>(at), size);
  at += size;
  return out;
}

// Finds damage, not attacks: a word-at-a-time FNV-style mix, several GB/s.
std::uint64_t checksum(const unsigned char* data, std::size_t size);

}  // namespace lectio::search::format
