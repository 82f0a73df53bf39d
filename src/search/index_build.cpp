// Writing the index: the full rebuild with its atomic swap (index_feed.cpp applies changes).
#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <thread>
#include <unordered_map>

#include "document.h"
#include "lectio/core/error.h"
#include "xapian_index.h"

namespace fs = std::filesystem;

namespace lectio::search {

namespace {

// A rebuild writes its postings out every this many chunks. Xapian keeps the postings and
// positions of every term it has not yet written in ordered maps, and text has many distinct
// terms (pair terms above all), so the maps grow large and every insertion slow: on a corpus
// with a realistic vocabulary, writing every 1,000 chunks instead of Xapian's default 10,000
// took a third less CPU time (docs/benchmarks.md, "Indexing").
constexpr std::int64_t kChunksPerFlush = 1000;

// A sibling of the index directory, unique to this process.
fs::path sibling(const fs::path& dir, std::string_view what) {
  return dir.parent_path() / fmt::format("{}.{}-{}", dir.filename().string(), what, getpid());
}

}  // namespace

std::string version_key(std::string_view source_id) {
  return fmt::format("lectio.source.{}", source_id);
}

void write_state(Xapian::WritableDatabase& db, std::int64_t generation) {
  db.set_metadata("lectio.format", std::string(kIndexFormat));
  db.set_metadata("lectio.generation", std::to_string(generation));
}

Xapian::WritableDatabase XapianIndex::open_writable() const {
  using namespace std::chrono_literals;
  for (int attempt = 0;; ++attempt) {
    try {
      return Xapian::WritableDatabase(dir_.string(), Xapian::DB_OPEN);
    } catch (const Xapian::DatabaseLockError&) {
      if (attempt >= 200) throw;  // about 20 s; open() turns it into a one-line Io error
      std::this_thread::sleep_for(100ms);
    }
  }
}

void XapianIndex::rebuild(store::ContentStore& store, const IndexProgress& progress) {
  reader_.reset();
  const fs::path fresh = sibling(dir_, "new");
  const fs::path packed = sibling(dir_, "packed");
  const fs::path old = sibling(dir_, "old");
  std::error_code ec;
  fs::remove_all(fresh, ec);
  fs::remove_all(packed, ec);
  try {
    // The fresh database is private to this process and thrown away unless it is complete, and
    // only its compacted copy is installed: it needs neither syncs to disk nor copy-on-write.
    Xapian::WritableDatabase db(
        fresh.string(), Xapian::DB_CREATE_OR_OVERWRITE | Xapian::DB_NO_SYNC | Xapian::DB_DANGEROUS);
    const std::int64_t generation = store.generation();
    std::unordered_map<std::string, Source> sources;
    std::int64_t total = 0;
    for (Source& s : store.sources()) {
      total += s.chunk_count;
      sources.emplace(s.id, std::move(s));
    }
    DocumentMaker maker;
    std::int64_t done = 0;
    store.for_each_current_chunk([&](const Chunk& c) {
      const auto source = sources.find(c.source_id);
      // A source added or changed after we listed it is left for the next sync, which sees
      // the newer generation.
      if (source == sources.end() || source->second.version != c.version) return;
      db.add_document(maker.make(c, source->second));
      if (++done % kChunksPerFlush == 0) db.commit();  // a flush: this database is private
      if (progress) progress(done, total);
    });
    for (const auto& [id, s] : sources) db.set_metadata(version_key(id), std::to_string(s.version));
    write_state(db, generation);
    db.commit();
    db.close();
    // Built by add_document, the tables are about two-thirds full; compacted they are a quarter
    // smaller and a little faster to search, for a few percent of the build time.
    Xapian::Database(fresh.string()).compact(packed.string(), Xapian::DBCOMPACT_MULTIPASS);
    fs::remove_all(fresh, ec);
  } catch (const Xapian::Error& e) {
    fs::remove_all(fresh, ec);
    fs::remove_all(packed, ec);
    throw Io(fmt::format("{}: cannot build the search index ({})", fresh.string(), e.get_msg()));
  }
  // Two renames: a crash between them leaves no index, which the next open rebuilds.
  fs::remove_all(old, ec);
  if (fs::exists(dir_)) fs::rename(dir_, old, ec);
  if (ec)
    throw Io(fmt::format("{}: cannot replace the search index ({})", dir_.string(), ec.message()));
  fs::rename(packed, dir_, ec);
  if (ec)
    throw Io(fmt::format("{}: cannot install the search index ({})", dir_.string(), ec.message()));
  fs::remove_all(old, ec);
  rebuilt_ = true;
  reopen_reader();
}

}  // namespace lectio::search
