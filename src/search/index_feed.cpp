// Keeping the index up to date: the store's change feed applied after the last change seen.
#include <fmt/format.h>

#include <map>

#include "document.h"
#include "lectio/core/error.h"
#include "xapian_index.h"

namespace lectio::search {

namespace {

// Catching up on more changes than this costs more queries than a rebuild reads: rebuild.
constexpr int kMaxChangesApplied = 10000;

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

void XapianIndex::sync(store::ContentStore& store) {
  try {
    Xapian::WritableDatabase db = open_writable();
    const IndexState state = read_state(db);
    // Read before the changes: every change up to it must be in the feed we read next.
    const std::int64_t generation = store.generation();
    if (state.generation == generation && state.format == kIndexFormat) return;
    if (state.format != kIndexFormat || state.generation < 0 || state.generation > generation ||
        !apply_changes(db, store, state, generation)) {
      db.close();
      return rebuild(store, {});
    }
    db.commit();
    db.close();
    reopen_reader();
  } catch (const Xapian::DatabaseLockError&) {
    throw Io(
        fmt::format("{}: the search index is locked by another lectio process", dir_.string()));
  } catch (const Xapian::DatabaseError&) {
    rebuild(store, {});  // missing or damaged: start again from the store
  }
}

bool XapianIndex::apply_changes(Xapian::WritableDatabase& db, store::ContentStore& store,
                                const IndexState& state, std::int64_t generation) {
  const std::vector<store::ChunkChange> changes =
      store.changes_after(state.generation, kMaxChangesApplied + 1);
  if (!follow_on(changes, state.generation, generation)) return false;
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
  DocumentMaker maker;
  for (const auto& [id, p] : pending) {
    std::optional<int> indexed;
    if (const auto it = state.versions.find(id); it != state.versions.end()) indexed = it->second;
    if (p.deleted) {
      db.delete_document(source_term(id));
      db.set_metadata(version_key(id), "");
      indexed.reset();
    }
    if (!p.last->deleted) apply_put(db, store, *p.last, indexed, maker);
  }
  write_state(db, changes.back().seq);
  changes_applied_ += static_cast<std::int64_t>(changes.size());
  return true;
}

void XapianIndex::apply_put(Xapian::WritableDatabase& db, store::ContentStore& store,
                            const store::ChunkChange& change, std::optional<int> indexed,
                            DocumentMaker& maker) {
  if (indexed == change.version) return;  // a rebuild already saw it
  const std::optional<Source> source = store.source(change.source_id, change.version);
  if (!source) return;  // deleted since: its delete is a later change, not yet read
  // Chunks of the new version replace those with the same ordinal; whatever is left of the old
  // version (it had more chunks) goes after. A source new to the index has no chunks to
  // replace, and adding skips looking each one up.
  for (const Chunk& c : store.chunks(source->id, source->version)) {
    if (indexed) {
      db.replace_document(chunk_term(c.source_id, c.ordinal), maker.make(c, *source));
    } else {
      db.add_document(maker.make(c, *source));
    }
  }
  if (indexed) db.delete_document(version_term(source->id, *indexed));
  db.set_metadata(version_key(source->id), std::to_string(source->version));
}

}  // namespace lectio::search
