// Opening and searching the index (index_build.cpp writes it, index_feed.cpp keeps it current).
#include "segment_index.h"

#include <fmt/format.h>
#include <sys/stat.h>

#include "analysis.h"
#include "lectio/core/data_dir.h"
#include "lectio/core/error.h"
#include "query.h"

namespace fs = std::filesystem;

namespace lectio::search {

namespace {

constexpr std::size_t kSnippetBytes = 300;

std::string identity_of(const fs::path& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return {};
  return fmt::format("{}:{}:{}:{}.{}", st.st_dev, st.st_ino, st.st_size, st.st_ctim.tv_sec,
                     st.st_ctim.tv_nsec);
}

// A segment the manifest lists is a file of the index directory: a plain name, never a path
// that leads out of it.
bool is_plain_name(const std::string& file) {
  return !file.empty() && file != "." && file != ".." && file.find('/') == std::string::npos;
}

// Opens the segments of a manifest and works out which of their documents are live.
Collection load_collection(const fs::path& dir, const Manifest& manifest) {
  Collection out;
  for (const ManifestSegment& entry : manifest.segments) {
    if (!is_plain_name(entry.file)) {
      throw IndexDamage(fmt::format("\"{}\": not a segment file name", entry.file));
    }
    LoadedSegment loaded;
    loaded.segment = Segment::open(dir / entry.file);
    if (loaded.segment->documents() != entry.documents) {
      throw IndexDamage(fmt::format("{}: not the segment the manifest lists", entry.file));
    }
    for (const SegmentSource& s : loaded.segment->sources()) {
      const auto it = manifest.sources.find(s.id);
      loaded.live.push_back(it != manifest.sources.end() && it->second.version == s.version &&
                            it->second.batch == entry.batch);
    }
    const Segment& segment = *loaded.segment;
    for (std::uint32_t d = 0; d < segment.documents(); ++d) {
      if (!loaded.live[segment.source_of(d)]) continue;
      ++loaded.live_documents;
      out.total_length += segment.length(d);
    }
    out.documents += loaded.live_documents;
    out.segments.push_back(std::move(loaded));
  }
  prepare_collection(out);
  return out;
}

}  // namespace

SegmentIndex::SegmentIndex(store::ContentStore& store, fs::path dir)
    : store_(store), dir_(std::move(dir)) {}

void SegmentIndex::load_view() {
  // A writer may replace the manifest and remove the segments it listed between our reading
  // the one and opening the others: read again.
  for (int attempt = 0;; ++attempt) {
    const fs::path path = manifest_path(dir_);
    std::string identity = identity_of(path);
    std::optional<Manifest> manifest = read_manifest(dir_);
    if (!manifest) throw IndexDamage(fmt::format("{}: no manifest", dir_.string()));
    try {
      Collection collection = load_collection(dir_, *manifest);
      view_ = IndexView{std::move(*manifest), std::move(collection), std::move(identity)};
      return;
    } catch (const IndexDamage&) {
      if (attempt >= 3 || identity_of(path) == identity) throw;
    }
  }
}

bool SegmentIndex::view_is_current() const {
  return view_ && identity_of(manifest_path(dir_)) == view_->identity;
}

void SegmentIndex::open(const IndexProgress& progress, const HeldChunks& held) {
  ensure_dir(dir_);
  struct Forget {
    SegmentIndex& index;
    ~Forget() {
      index.held_ = nullptr;
      index.progress_ = nullptr;
    }
  } forget{*this};
  if (held) held_ = &held;
  if (progress) progress_ = &progress;
  try {
    load_view();  // no manifest, or damage: IndexDamage, and a rebuild below
    const std::int64_t generation = store_.generation();
    if (view_->manifest.format != kIndexFormat || view_->manifest.generation > generation) {
      return rebuild(store_, progress);
    }
    if (view_->manifest.generation < generation) sync(store_);
    // A last check that the index holds the store's sources, trusted only when no change came
    // in meanwhile: one would look like a mismatch, and the next sync applies it.
    const std::vector<Source> sources = store_.sources();
    if (!matches(sources) && store_.generation() == view_->manifest.generation) {
      rebuild(store_, progress);
    }
  } catch (const IndexDamage&) {
    rebuild(store_, progress);
  }
}

bool SegmentIndex::matches(const std::vector<Source>& sources) const {
  if (!view_ || view_->manifest.sources.size() != sources.size()) return false;
  std::uint64_t chunks = 0;
  for (const Source& s : sources) {
    const auto it = view_->manifest.sources.find(s.id);
    if (it == view_->manifest.sources.end() || it->second.version != s.version) return false;
    chunks += static_cast<std::uint64_t>(s.chunk_count);
  }
  return view_->collection.documents == chunks;
}

std::vector<Hit> SegmentIndex::search(const Query& query) {
  if (query.k < 1) throw InvalidInput(fmt::format("--k must be at least 1, not {}", query.k));
  const BuiltQuery built = build_query(query);
  for (int attempt = 0;; ++attempt) {
    try {
      if (!view_is_current()) load_view();
      return run_search(query, built);
    } catch (const IndexDamage& e) {
      if (attempt >= 1) {
        throw Io(
            fmt::format("{}: search index unusable after a rebuild ({})", dir_.string(), e.what()));
      }
      rebuild(store_, {});  // damaged: the store has everything needed to make it again
    }
  }
}

std::vector<Hit> SegmentIndex::run_search(const Query& query, const BuiltQuery& built) {
  const std::vector<Match> matches = run_match(view_->collection, built, query.k, scratch_);
  if (query.snippets) snippets_.set_query(built.highlight);
  std::vector<Hit> hits;
  hits.reserve(matches.size());
  for (const Match& m : matches) {
    StoredChunk stored = view_->collection.segments[m.segment].segment->record(m.document);
    stored.hit.score = m.score;
    if (query.snippets) stored.hit.snippet = snippet(stored);
    hits.push_back(std::move(stored.hit));
  }
  return hits;
}

std::string SegmentIndex::snippet(const StoredChunk& stored) {
  const std::optional<Chunk> chunk =
      store_.chunk(ChunkRef{stored.hit.source_id, stored.hit.version, stored.hit.ordinal});
  if (!chunk) return {};  // an index ahead of its store: no snippet rather than a wrong one
  const bool cjk = has_cjk(chunk->text);
  const std::string text = snippets_.snippet(cjk ? segment_cjk(chunk->text) : chunk->text,
                                             kSnippetBytes, stored.language);
  return cjk ? restore_tail(unsegment_cjk(text), chunk->text) : text;
}

IndexStats SegmentIndex::stats() const {
  IndexStats out;
  out.rebuilt = rebuilt_;
  out.changes_applied = changes_applied_;
  if (!view_) return out;
  out.documents = static_cast<std::int64_t>(view_->collection.documents);
  out.generation = view_->manifest.generation;
  return out;
}

std::unique_ptr<Index> open_index(store::ContentStore& store, const fs::path& data_dir,
                                  const IndexProgress& progress, const HeldChunks& held) {
  auto index = std::make_unique<SegmentIndex>(store, data_dir / "index");
  index->open(progress, held);
  return index;
}

}  // namespace lectio::search
