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
  std::int64_t generation = -1;
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
  // True when the index holds exactly the store's current source versions.
  bool matches(const IndexState& state, const std::vector<Source>& sources) const;
  // Opens the index for writing, waiting a while for another lectio process to finish.
  Xapian::WritableDatabase open_writable() const;

  store::ContentStore& store_;
  std::filesystem::path dir_;
  std::optional<Xapian::Database> reader_;
  bool rebuilt_ = false;
};

IndexState read_state(const Xapian::Database& db);

}  // namespace lectio::search
