#pragma once
// The Index of a data directory: segments (segment.h) listed by a manifest (manifest.h), in
// <data_dir>/index. Private to the search module; callers use open_index.
//
// Writers (rebuild, sync) hold an exclusive lock on index/lock for the whole write, so that two
// lectio processes never write at once; readers take no lock. A write adds new segment files,
// then renames a new manifest over the old (the commit), then removes the files the new
// manifest no longer lists. A reader that finds a segment gone reads the manifest again.
#include <filesystem>
#include <map>
#include <optional>
#include <string>

#include "document.h"
#include "lectio/core/file.h"
#include "lectio/search/index.h"
#include "manifest.h"
#include "match.h"
#include "xapian_text.h"

namespace lectio::search {

// The manifest and segments one search reads, and the manifest file they came from.
struct IndexView {
  Manifest manifest;
  Collection collection;
  std::string identity;  // of the manifest file: device, inode, size, change time
};

// Collects chunks into the segments of one batch, writing a segment whenever the one being
// built holds kMaxSegmentMemory (a bound on the memory of indexing, whatever the library's size).
class BatchWriter {
 public:
  BatchWriter(std::filesystem::path dir, std::int64_t batch);
  void add(const Chunk& chunk, const Source& source);
  // Writes the last segment; the batch's segments, in order, for the manifest.
  std::vector<ManifestSegment> finish();

 private:
  void flush();

  std::filesystem::path dir_;
  std::int64_t batch_;
  DocumentMaker maker_;
  std::optional<SegmentWriter> writer_;
  std::vector<ManifestSegment> written_;
};

class SegmentIndex final : public Index {
 public:
  SegmentIndex(store::ContentStore& store, std::filesystem::path dir);

  // Opens the index, rebuilding or syncing it until it matches the store, taking the chunks of
  // the source versions `held` has from it.
  void open(const IndexProgress& progress, const HeldChunks& held);

  std::vector<Hit> search(const Query& query) override;
  void sync(store::ContentStore& store) override;
  void rebuild(store::ContentStore& store, const IndexProgress& progress) override;
  IndexStats stats() const override;

 private:
  // Reads the manifest and opens its segments. Throws IndexDamage (no manifest included).
  void load_view();
  bool view_is_current() const;
  std::vector<Hit> run_search(const Query& query, const BuiltQuery& built);
  std::string snippet(const StoredChunk& stored);

  // Under the write lock.
  void rebuild_locked(store::ContentStore& store, const IndexProgress& progress);
  void sync_locked(store::ContentStore& store);
  // Applies the changes to the manifest, indexing new source versions into a new batch; false
  // when they do not follow on from the manifest's generation without a gap up to the store's
  // generation (the index must then be rebuilt).
  bool apply_changes(store::ContentStore& store, Manifest& manifest, std::int64_t generation);
  // Re-indexes the sources of the smaller batches into one when there are too many batches;
  // false when a rebuild is due instead (dead documents outnumber live ones).
  bool compact(store::ContentStore& store, Manifest& manifest);
  // Indexes every chunk of a source version: the held ones when the caller has them (open()),
  // else the store's.
  // `each` is called after each chunk.
  void index_chunks(store::ContentStore& store, const Source& source, BatchWriter& writer,
                    const std::function<void()>& each = {});
  // index_chunks() of a source version the store lists; false when the store no longer has it.
  bool index_source(store::ContentStore& store, const std::string& id, int version,
                    BatchWriter& writer, const std::function<void()>& each = {});
  // Commits the manifest and removes the files it does not list.
  void commit(const Manifest& manifest);
  // True when the index holds exactly the store's current source versions.
  bool matches(const std::vector<Source>& sources) const;

  store::ContentStore& store_;
  std::filesystem::path dir_;
  std::optional<IndexView> view_;
  xapian_text::SnippetMaker snippets_;  // holds the query of the last search with snippets
  MatchScratch scratch_;
  // What open() was given, for the sync it may run (rebuilds are given their progress).
  const HeldChunks* held_ = nullptr;
  const IndexProgress* progress_ = nullptr;
  bool rebuilt_ = false;
  std::int64_t changes_applied_ = 0;
};

// The write lock of an index directory, held while it lives. Waits about 20 s for another
// process, then throws Io.
class IndexWriteLock {
 public:
  explicit IndexWriteLock(const std::filesystem::path& dir);

 private:
  static FileLock acquire(const std::filesystem::path& dir);
  FileLock lock_;
};

}  // namespace lectio::search
