// Keeping the index up to date: the store's change feed applied after the last change seen.
#include <fmt/format.h>

#include <map>
#include <set>

#include "lectio/core/data_dir.h"
#include "lectio/core/error.h"
#include "segment_index.h"

namespace lectio::search {

namespace {

// Catching up on more changes than this costs more queries than a rebuild reads: rebuild.
constexpr int kMaxChangesApplied = 10000;
// More batches than this and the smaller ones are indexed again as one (compact), so that a
// search reads a bounded number of segments however many syncs made the index.
constexpr std::size_t kMaxBatches = 8;

// True when the changes count up one by one from `after` and reach `generation`.
bool follow_on(const std::vector<store::ChunkChange>& changes, std::int64_t after,
               std::int64_t generation) {
  if (changes.empty() || changes.size() > static_cast<std::size_t>(kMaxChangesApplied)) {
    return false;
  }
  for (std::size_t i = 0; i < changes.size(); ++i) {
    if (changes[i].seq != after + 1 + static_cast<std::int64_t>(i)) return false;
  }
  return changes.back().seq >= generation;
}

}  // namespace

void SegmentIndex::index_chunks(store::ContentStore& store, const Source& source,
                                BatchWriter& writer, const std::function<void()>& each) {
  const auto add_all = [&](const std::vector<Chunk>& chunks) {
    for (const Chunk& c : chunks) {
      writer.add(c, source);
      if (each) each();
    }
  };
  if (held_) {
    if (const std::vector<Chunk>* chunks = (*held_)(source.id, source.version)) {
      return add_all(*chunks);
    }
  }
  add_all(store.chunks(source.id, source.version));
}

// False when the store no longer has that version (deleted since: its delete is a later
// change, not yet read).
bool SegmentIndex::index_source(store::ContentStore& store, const std::string& id, int version,
                                BatchWriter& writer, const std::function<void()>& each) {
  const std::optional<Source> source = store.source(id, version);
  if (!source) return false;
  index_chunks(store, *source, writer, each);
  return true;
}

void SegmentIndex::sync(store::ContentStore& store) {
  ensure_dir(dir_);
  // Another Index (a pooled library of the web, another process) may have applied the changes
  // already: then reading its manifest is all there is to do, without waiting for the lock.
  try {
    if (!view_is_current()) load_view();
    if (view_->manifest.format == kIndexFormat &&
        view_->manifest.generation == store.generation()) {
      return;
    }
  } catch (const IndexDamage&) {
    // Rebuilt under the lock below.
  }
  IndexWriteLock lock(dir_);
  try {
    sync_locked(store);
  } catch (const IndexDamage&) {
    rebuild_locked(store, {});  // damaged: start again from the store
  }
}

void SegmentIndex::sync_locked(store::ContentStore& store) {
  std::optional<Manifest> manifest = read_manifest(dir_);
  // Read before the changes: every change up to it must be in the feed we read next.
  const std::int64_t generation = store.generation();
  if (!manifest || manifest->format != kIndexFormat || manifest->generation < 0 ||
      manifest->generation > generation) {
    return rebuild_locked(store, {});
  }
  if (manifest->generation == generation) {
    if (!view_is_current()) load_view();
    return;
  }
  if (!apply_changes(store, *manifest, generation) || !compact(store, *manifest)) {
    return rebuild_locked(store, {});
  }
  commit(*manifest);
  load_view();
}

bool SegmentIndex::apply_changes(store::ContentStore& store, Manifest& manifest,
                                 std::int64_t generation) {
  const std::vector<store::ChunkChange> changes =
      store.changes_after(manifest.generation, kMaxChangesApplied + 1);
  if (!follow_on(changes, manifest.generation, generation)) return false;
  // Per source, its last change (its newest version, or its deletion) and whether it was
  // deleted on the way (then re-added under a version number the index may already hold).
  struct Pending {
    const store::ChunkChange* last = nullptr;
    bool deleted = false;
  };
  std::map<std::string, Pending> pending;
  for (const store::ChunkChange& c : changes) {
    Pending& p = pending[c.source_id];
    p.last = &c;
    p.deleted = p.deleted || c.deleted;
  }
  const std::int64_t batch = manifest.next_batch++;
  BatchWriter writer(dir_, batch);
  std::int64_t done = 0;
  const auto report = [&] {
    if (progress_ && *progress_) (*progress_)(++done, 0);  // the total is not known here
  };
  for (const auto& [id, p] : pending) {
    const auto indexed = manifest.sources.find(id);
    if (p.deleted && indexed != manifest.sources.end()) manifest.sources.erase(indexed);
    if (p.last->deleted) continue;
    const auto now = manifest.sources.find(id);
    if (now != manifest.sources.end() && now->second.version == p.last->version) {
      continue;  // a rebuild already saw it
    }
    if (index_source(store, id, p.last->version, writer, report)) {
      manifest.sources[id] = {p.last->version, batch};
    }
  }
  for (ManifestSegment& s : writer.finish()) manifest.segments.push_back(std::move(s));
  manifest.generation = changes.back().seq;
  changes_applied_ += static_cast<std::int64_t>(changes.size());
  return true;
}

bool SegmentIndex::compact(store::ContentStore& store, Manifest& manifest) {
  std::map<std::int64_t, std::uint64_t> documents;  // by batch, dead ones included
  std::uint64_t all = 0;
  for (const ManifestSegment& s : manifest.segments) {
    documents[s.batch] += s.documents;
    all += s.documents;
  }
  std::uint64_t live = 0;
  for (const Source& s : store.sources()) live += static_cast<std::uint64_t>(s.chunk_count);
  if (all > 2 * live + 1000) return false;  // mostly dead: a rebuild is cheaper to search
  if (documents.size() <= kMaxBatches) return true;
  std::int64_t largest = documents.begin()->first;
  for (const auto& [batch, n] : documents) {
    if (n > documents[largest]) largest = batch;
  }
  // Every source outside the largest batch goes into one new batch.
  const std::int64_t batch = manifest.next_batch++;
  BatchWriter writer(dir_, batch);
  for (auto& [id, s] : manifest.sources) {
    if (s.batch == largest) continue;
    if (!index_source(store, id, s.version, writer)) return false;
    s.batch = batch;
  }
  std::vector<ManifestSegment> kept;
  for (ManifestSegment& s : manifest.segments) {
    if (s.batch == largest) kept.push_back(std::move(s));
  }
  for (ManifestSegment& s : writer.finish()) kept.push_back(std::move(s));
  manifest.segments = std::move(kept);
  return true;
}

}  // namespace lectio::search
