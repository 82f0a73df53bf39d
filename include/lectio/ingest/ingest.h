#pragma once
// Adding files to the store: read, sniff, extract, chunk, and store one source per file in one
// transaction.
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lectio/ingest/chunker.h"
#include "lectio/ingest/limits.h"
#include "lectio/store/content_store.h"

namespace lectio::ingest {

struct AddOptions {
  std::optional<std::string> id;  // "gpu001" or "file_gpu001"; only valid with a single file
  std::string origin_url;         // metadata, never fetched
  std::optional<std::string> title;
  // Who adds it ("" the library: the command line) and whether only they may see it (web
  // uploads). Without an id, an owner's source gets an id of its own (the content hash mixed
  // with the owner), so two users' copies of one file are two sources.
  std::string owner;
  bool is_private = false;
  Limits limits;
  ChunkOptions chunking;
};

struct AddResult {
  std::filesystem::path path;
  store::PutResult put;
  int chunk_count = 0;
  // The chunks as stored (empty when the content was unchanged), for a caller that indexes
  // them next (search::open_index's held chunks) rather than reading them back.
  std::vector<Chunk> chunks;
};

// Adds one file. Throws lectio::Error subclasses whose message starts with the file's path.
AddResult add_file(store::ContentStore& store, const std::filesystem::path& path,
                   const AddOptions& options);

// Whether a source's origin URL may be shown as a link: empty, or http, https or no scheme
// at all ("example.com/notes"), with no space or control character (which browsers drop,
// turning "java\tscript:" into a script). Anything else ("javascript:", "data:") is refused.
bool is_safe_origin_url(std::string_view url);
// Throws InvalidInput naming the URL and the reason when !is_safe_origin_url(url).
void check_origin_url(std::string_view url);

// Expands directories (recursively, files of supported extensions, gzip-compressed ones
// too: "README.md.gz", sorted) and keeps files as named. Throws NotFound for a missing path.
std::vector<std::filesystem::path> expand_inputs(const std::vector<std::filesystem::path>& inputs);

// The source id a file gets without --id: slug of the file name + 8 hex of its content hash.
std::string default_source_id(const std::filesystem::path& path, const std::string& hash);

// Normalises a user-given id: "gpu001" -> "file_gpu001"; throws InvalidInput when unusable.
std::string normalize_source_id(const std::string& id);

}  // namespace lectio::ingest
