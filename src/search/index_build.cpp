// Writing the index: the full rebuild with its atomic swap (index_feed.cpp applies changes).
#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <thread>
#include <unordered_map>
#include <vector>

#include "document.h"
#include "lectio/core/error.h"
#include "xapian_index.h"

namespace fs = std::filesystem;

namespace lectio::search {

namespace {

// A rebuild writes its chunks into fresh databases of this many chunks each, each written once
// and closed, and merges them into the index in one pass (Xapian's compaction). Xapian keeps
// the postings of every term it has not yet written in ordered maps and merges them into the
// B-trees at each flush; flushing into one growing database rewrote its blocks again and again
// (text has many distinct terms, pair terms above all), while a fresh database is written in
// term order and the merge reads each input once (docs/benchmarks.md, "Indexing").
constexpr std::int64_t kChunksPerPart = 2000;

// The fresh databases of a rebuild, in order: private to this process and thrown away unless
// the rebuild completes, so they need neither syncs to disk nor copy-on-write.
class Parts {
 public:
  explicit Parts(fs::path dir) : dir_(std::move(dir)) { fs::create_directories(dir_); }

  Xapian::WritableDatabase& current() {
    if (!open_) {
      const fs::path path = dir_ / std::to_string(paths_.size());
      db_ = Xapian::WritableDatabase(path.string(), Xapian::DB_CREATE_OR_OVERWRITE |
                                                        Xapian::DB_NO_SYNC | Xapian::DB_DANGEROUS);
      paths_.push_back(path);
      open_ = true;
      chunks_ = 0;
    }
    return db_;
  }

  void add(const Xapian::Document& doc) {
    current().add_document(doc);
    if (++chunks_ == kChunksPerPart) close();
  }

  void close() {
    if (!open_) return;
    db_.commit();
    db_.close();
    open_ = false;
  }

  // Merges the parts, in order (document numbers follow on), into a compacted database.
  void merge_into(const fs::path& out) {
    close();
    Xapian::Database all;
    for (const fs::path& p : paths_) all.add_database(Xapian::Database(p.string()));
    all.compact(out.string(), Xapian::DBCOMPACT_MULTIPASS);
  }

 private:
  fs::path dir_;
  std::vector<fs::path> paths_;
  Xapian::WritableDatabase db_;
  bool open_ = false;
  std::int64_t chunks_ = 0;
};

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
    Parts parts(fresh);
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
      parts.add(maker.make(c, source->second));
      if (progress) progress(++done, total);
    });
    // The metadata goes into the last part only: a merge keeps the first value of a key.
    Xapian::WritableDatabase& last = parts.current();
    for (const auto& [id, s] : sources)
      last.set_metadata(version_key(id), std::to_string(s.version));
    write_state(last, generation);
    // Merged, the tables are also full, where add_document leaves them about two-thirds full:
    // a quarter smaller and a little faster to search.
    parts.merge_into(packed);
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
