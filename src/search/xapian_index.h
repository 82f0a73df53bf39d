#pragma once
// The Xapian implementation of Index. Private to the search module; callers use open_index.
#include <xapian.h>

#include <filesystem>
#include <map>
#include <optional>
#include <string>

#include "document.h"
#include "lectio/search/index.h"
#include "query.h"

namespace lectio::search {

// Where an index stands relative to the store, read from its metadata.
struct IndexState {
  std::string format;
  std::int64_t generation = -1;         // the seq of the last change of the store's feed applied
  std::map<std::string, int> versions;  // source id -> indexed version
};

class XapianIndex final : public Index {
 public:
  XapianIndex(store::ContentStore& store, std::filesystem::path dir);

  // Opens the index, rebuilding or syncing it until it matches the store.
  void open(const IndexProgress& progress);

  std::vector<Hit> search(const Query& query) override;
  void sync(store::ContentStore& store) override;
  void rebuild(store::ContentStore& store, const IndexProgress& progress) override;
  IndexStats stats() const override;

 private:
  std::vector<Hit> run_search(const Query& query, const BuiltQuery& parsed);
  std::string snippet(const Xapian::MSet& mset, const StoredChunk& stored);
  void reopen_reader();
  // Applies the changes to db; false when they do not follow on from the index's state without
  // a gap up to the store's generation (the index must then be rebuilt).
  bool apply_changes(Xapian::WritableDatabase& db, store::ContentStore& store,
                     const IndexState& state, std::int64_t generation);
  // Indexes the version a change put, replacing the indexed version (none when nullopt).
  void apply_put(Xapian::WritableDatabase& db, store::ContentStore& store,
                 const store::ChunkChange& change, std::optional<int> indexed,
                 DocumentMaker& maker);
  // True when the index holds exactly the store's current source versions.
  bool matches(const IndexState& state, const std::vector<Source>& sources) const;
  // Opens the index for writing, waiting a while for another lectio process to finish.
  Xapian::WritableDatabase open_writable() const;

  store::ContentStore& store_;
  std::filesystem::path dir_;
  std::optional<Xapian::Database> reader_;
  bool rebuilt_ = false;
  std::int64_t changes_applied_ = 0;
};

IndexState read_state(const Xapian::Database& db);
// The metadata key of a source's indexed version, and the index's format and generation.
std::string version_key(std::string_view source_id);
void write_state(Xapian::WritableDatabase& db, std::int64_t generation);

}  // namespace lectio::search
