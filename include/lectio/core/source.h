#pragma once
// Sources and their citable chunks: the records every module passes around.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace lectio {

enum class Format { kMarkdown, kText, kHtml, kPdf, kEpub, kDocx };

std::string_view format_name(Format format);
std::optional<Format> parse_format(std::string_view name);

// One version of an ingested document. Source ids look like "file_gpu001".
struct Source {
  std::string id;
  int version = 1;
  std::string title;
  std::string file_name;   // base name of the file as added, e.g. "notes.md"
  std::string path;        // absolute path it was read from (used to recognise re-adds)
  std::string origin_url;  // shown beside citations, never fetched
  Format format = Format::kText;
  std::string language;      // "en" or "zh", detected from the text
  std::string content_hash;  // hex BLAKE2b-256 of the file's bytes
  std::int64_t byte_size = 0;
  int page_count = 1;
  int chunk_count = 0;
  std::string added_at;  // ISO 8601 UTC
  // Who added it: a user id for a web upload, "" for the library's own (the command line).
  std::string owner;
  // A private source is seen (its page, its chunks in search and in the API, the create form)
  // only by its owner; a lesson made from it still quotes the passages it cites.
  bool is_private = false;
};

// A citable span of a source version. Ids look like "file_gpu001:c0003".
struct Chunk {
  std::string source_id;
  int version = 1;
  int ordinal = 0;  // 0-based position in document order
  int page_start = 1;
  int page_end = 1;
  std::vector<std::string> heading_path;  // outermost heading first
  std::string text;
  int word_count = 0;
  // Set when a sentence alone was over the chunk word cap and had to be cut: the chunk's text
  // then starts (or ends) in the middle of that sentence, and its first (or last) sentence is
  // a fragment that must not be quoted as a whole sentence.
  bool opens_mid_sentence = false;
  bool closes_mid_sentence = false;

  std::string id() const;  // "<source_id>:cNNNN"
};

// A parsed chunk reference. "file_x:c0003" names the current version; "file_x@v2:c0003"
// pins version 2 so that lessons keep resolving after the source changes.
struct ChunkRef {
  std::string source_id;
  std::optional<int> version;
  int ordinal = 0;

  std::string str() const;
  static std::optional<ChunkRef> parse(std::string_view text);
};

std::string chunk_id(std::string_view source_id, int ordinal);
std::string page_range(int page_start, int page_end);  // "p1-2"

}  // namespace lectio
