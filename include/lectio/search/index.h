#pragma once
// Ranked retrieval over chunks. The index is derived data: it lives in <data_dir>/index, follows
// the store's change feed (so that every node of a fleet keeps its own index of one shared
// store), is rebuilt from the store whenever it is missing, damaged or has missed changes, and
// never holds anything the store does not. An Index object is not thread-safe.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "lectio/store/content_store.h"

namespace lectio::search {

struct Query {
  std::string text;                     // words, "phrases", AND/OR/NOT, +must -must_not
  int k = 10;                           // how many hits at most
  std::vector<std::string> source_ids;  // restrict to these sources; empty = all
  bool words_only = false;              // treat the text as a bag of words: no phrases or operators
  bool snippets = true;                 // false skips snippet making (evaluation, benchmarks)
};

struct Hit {
  std::string chunk_id;  // "file_gpu001:c0003" (current version)
  std::string source_id;
  int version = 1;
  int ordinal = 0;
  double score = 0;
  std::string file_name;
  int page_start = 1;
  int page_end = 1;
  std::vector<std::string> heading_path;
  std::string snippet;  // plain text with matches wrapped in [[ and ]]
};

struct IndexStats {
  std::int64_t documents = 0;
  std::int64_t generation = 0;       // the store generation the index reflects
  bool rebuilt = false;              // the index had to be rebuilt from the store (open or search)
  std::int64_t changes_applied = 0;  // changes of the store's feed applied by this object
};

// Called while indexing with the chunks done so far and the total (0 when unknown).
using IndexProgress = std::function<void(std::int64_t done, std::int64_t total)>;

class Index {
 public:
  virtual ~Index() = default;

  // Ranked hits, best first. Throws InvalidInput for a query that cannot be parsed or is empty.
  // A damage found while searching makes the index rebuild from its store and search again.
  virtual std::vector<Hit> search(const Query& query) = 0;

  // Brings the index up to date with the store by applying the store's change feed after the
  // last change it has seen: adds new source versions, drops replaced and deleted ones. Cheap
  // when nothing changed. An index that missed changes (the feed was pruned past it, or it is
  // far behind) is rebuilt instead.
  virtual void sync(store::ContentStore& store) = 0;

  // Indexes every current chunk of the store into a fresh index and swaps it in, so that a
  // crash part-way leaves the previous index (or none), never a half-built one.
  virtual void rebuild(store::ContentStore& store, const IndexProgress& progress) = 0;

  virtual IndexStats stats() const = 0;
};

// The chunks of source versions a caller has just stored and still holds (`lectio add`), by
// source id and version, or nullptr for a version it does not hold: indexing takes them from
// here instead of reading them back from the store. They must be the chunks as stored.
using HeldChunks =
    std::function<const std::vector<Chunk>*(const std::string& source_id, int version)>;

// Opens the index of a data directory, creating, repairing or syncing it as needed so that it
// matches the store, reading the chunks to index from `held` where it has them. The store must
// outlive the index: it is what a damaged index is rebuilt from. Throws Io when the directory
// cannot be written.
std::unique_ptr<Index> open_index(store::ContentStore& store, const std::filesystem::path& data_dir,
                                  const IndexProgress& progress = {}, const HeldChunks& held = {});

}  // namespace lectio::search
