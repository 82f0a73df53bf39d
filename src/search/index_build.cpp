// Writing the index: batches of segments, the write lock, the full rebuild and the commit
// (index_feed.cpp applies the store's changes).
#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <set>

#include "lectio/core/data_dir.h"
#include "lectio/core/error.h"
#include "lectio/core/file.h"
#include "segment_index.h"

namespace fs = std::filesystem;

namespace lectio::search {

namespace {

// A segment is written when the one being built holds this much memory, which bounds the
// memory of indexing whatever the library's size: the 16 MB benchmark corpus (102,000 distinct
// words and 746,000 distinct pairs of words in a row) makes one segment, and `lectio reindex` of it
// peaks at 175 MB resident (encoding a segment takes about twice the memory it was built in).
constexpr std::size_t kMaxSegmentMemory = std::size_t{256} << 20;

constexpr std::string_view kLockFile = "lock";

std::string segment_file(std::int64_t batch, std::size_t n) {
  return fmt::format("b{}-{}.seg", batch, n);
}

}  // namespace

IndexWriteLock::IndexWriteLock(const fs::path& dir) : lock_(acquire(dir)) {}

FileLock IndexWriteLock::acquire(const fs::path& dir) {
  auto lock = FileLock::try_lock(dir / kLockFile, LockMode::kExclusive, std::chrono::seconds(20));
  if (!lock) {
    throw Io(fmt::format("{}: the search index is locked by another lectio process", dir.string()));
  }
  return std::move(*lock);
}

BatchWriter::BatchWriter(fs::path dir, std::int64_t batch) : dir_(std::move(dir)), batch_(batch) {}

void BatchWriter::add(const Chunk& chunk, const Source& source) {
  if (!writer_) writer_.emplace();
  writer_->begin(chunk, source);
  maker_.make(chunk, source, *writer_);
  writer_->end();
  if (writer_->memory() >= kMaxSegmentMemory) flush();
}

void BatchWriter::flush() {
  if (!writer_ || writer_->documents() == 0) return;
  const std::string file = segment_file(batch_, written_.size());
  writer_->write(dir_ / file);
  written_.push_back({file, batch_, writer_->documents()});
  writer_.reset();
}

std::vector<ManifestSegment> BatchWriter::finish() {
  flush();
  return std::move(written_);
}

void SegmentIndex::rebuild(store::ContentStore& store, const IndexProgress& progress) {
  ensure_dir(dir_);
  IndexWriteLock lock(dir_);
  rebuild_locked(store, progress);
}

void SegmentIndex::rebuild_locked(store::ContentStore& store, const IndexProgress& progress) {
  Manifest manifest;
  manifest.format = std::string(kIndexFormat);
  // A batch number above every segment file already there, listed or not (the manifest may be
  // damaged), so that no file of the new batch replaces one a reader has open.
  for (const auto& entry : fs::directory_iterator(dir_)) {
    long long batch = 0;
    if (std::sscanf(entry.path().filename().c_str(), "b%lld-", &batch) == 1) {
      manifest.next_batch = std::max<std::int64_t>(manifest.next_batch, batch + 1);
    }
  }
  const std::int64_t batch = manifest.next_batch++;
  manifest.generation = store.generation();
  // Source by source in id order, as a search orders equal scores by position in the index. A
  // source changed after it was listed is indexed as listed, and the next sync, seeing the
  // newer generation, applies the change.
  const std::vector<Source> sources = store.sources();
  std::int64_t total = 0;
  for (const Source& s : sources) {
    total += s.chunk_count;
    manifest.sources[s.id] = {s.version, batch};
  }
  BatchWriter writer(dir_, batch);
  std::int64_t done = 0;
  for (const Source& s : sources) {
    index_chunks(store, s, writer, [&] {
      if (progress) progress(++done, total);
    });
  }
  manifest.segments = writer.finish();
  commit(manifest);
  rebuilt_ = true;
  load_view();
}

void SegmentIndex::commit(const Manifest& manifest) {
  write_manifest(dir_, manifest);
  std::set<std::string> keep = {std::string(kLockFile), manifest_path(dir_).filename().string()};
  for (const ManifestSegment& s : manifest.segments) keep.insert(s.file);
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir_, ec)) {
    if (keep.count(entry.path().filename().string()) == 0) fs::remove_all(entry.path(), ec);
  }
}

}  // namespace lectio::search
