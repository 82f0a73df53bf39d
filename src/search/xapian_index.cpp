#include "xapian_index.h"

#include <fmt/format.h>

#include "analysis.h"
#include "bm25.h"
#include "document.h"
#include "lectio/core/data_dir.h"
#include "lectio/core/error.h"
#include "query.h"

namespace fs = std::filesystem;

namespace lectio::search {

namespace {

// Anserini's BM25 parameters, which its published baselines use on every collection.
constexpr double kK1 = 0.9;
constexpr double kB = 0.4;
constexpr unsigned kSnippetBytes = 300;
constexpr std::string_view kVersionPrefix = "lectio.source.";

}  // namespace

IndexState read_state(const Xapian::Database& db) {
  IndexState state;
  state.format = db.get_metadata("lectio.format");
  const std::string generation = db.get_metadata("lectio.generation");
  if (!generation.empty()) state.generation = std::stoll(generation);
  const std::string prefix(kVersionPrefix);
  for (auto it = db.metadata_keys_begin(prefix); it != db.metadata_keys_end(prefix); ++it) {
    state.versions[(*it).substr(prefix.size())] = std::stoi(db.get_metadata(*it));
  }
  return state;
}

XapianIndex::XapianIndex(store::ContentStore& store, fs::path dir)
    : store_(store), dir_(std::move(dir)) {}

void XapianIndex::open(const IndexProgress& progress) {
  ensure_dir(dir_.parent_path());
  try {
    if (!fs::exists(dir_ / "iamglass")) return rebuild(store_, progress);
    reopen_reader();
    const IndexState state = read_state(*reader_);
    const std::int64_t generation = store_.generation();
    if (state.format != kIndexFormat || state.generation > generation) {
      return rebuild(store_, progress);
    }
    if (state.generation < generation) sync(store_);
    // A last check that the index holds the store's sources, trusted only when no change came
    // in meanwhile: one would look like a mismatch, and the next sync applies it.
    const std::vector<Source> sources = store_.sources();
    const IndexState now = read_state(*reader_);
    if (!matches(now, sources) && store_.generation() == now.generation) {
      rebuild(store_, progress);
    }
  } catch (const Xapian::DatabaseLockError&) {
    throw Io(
        fmt::format("{}: the search index is locked by another lectio process", dir_.string()));
  } catch (const Xapian::Error&) {
    rebuild(store_, progress);
  } catch (const std::logic_error&) {
    rebuild(store_, progress);  // unreadable metadata numbers (std::stoll and friends)
  }
}

bool XapianIndex::matches(const IndexState& state, const std::vector<Source>& sources) const {
  if (state.versions.size() != sources.size()) return false;
  Xapian::doccount chunks = 0;
  for (const Source& s : sources) {
    const auto it = state.versions.find(s.id);
    if (it == state.versions.end() || it->second != s.version) return false;
    chunks += static_cast<Xapian::doccount>(s.chunk_count);
  }
  return reader_ && reader_->get_doccount() == chunks;
}

void XapianIndex::reopen_reader() {
  reader_.reset();
  reader_.emplace(dir_.string());
}

std::vector<Hit> XapianIndex::search(const Query& query) {
  if (query.k < 1) throw InvalidInput(fmt::format("--k must be at least 1, not {}", query.k));
  for (int attempt = 0;; ++attempt) {
    try {
      if (!reader_) reopen_reader();
      return run_search(query, build_query(query));
    } catch (const Xapian::DatabaseModifiedError&) {
      // Another process committed while we read: read the new revision.
      if (attempt >= 3) throw Io(fmt::format("{}: the index keeps changing", dir_.string()));
      reader_->reopen();
    } catch (const Xapian::DatabaseError& e) {
      if (attempt >= 1) {
        throw Io(fmt::format("{}: search index unusable after a rebuild ({})", dir_.string(),
                             e.get_msg()));
      }
      rebuild(store_, {});  // damaged: the store has everything needed to make it again
    }
  }
}

std::vector<Hit> XapianIndex::run_search(const Query& query, const BuiltQuery& parsed) {
  Xapian::Enquire enquire(*reader_);
  enquire.set_weighting_scheme(Bm25Weight(kK1, kB));
  enquire.set_query(parsed.match);
  const Xapian::MSet mset = enquire.get_mset(0, static_cast<Xapian::doccount>(query.k));
  // Snippets only need an MSet whose query holds the words to mark; one of no documents costs
  // next to nothing.
  Xapian::MSet highlighter;
  if (query.snippets) {
    Xapian::Enquire words(*reader_);
    words.set_query(parsed.highlight);
    highlighter = words.get_mset(0, 0);
  }
  std::vector<Hit> hits;
  hits.reserve(mset.size());
  for (auto it = mset.begin(); it != mset.end(); ++it) {
    StoredChunk stored = read_document(it.get_document());
    stored.hit.score = it.get_weight();
    if (query.snippets) stored.hit.snippet = snippet(highlighter, stored);
    hits.push_back(std::move(stored.hit));
  }
  return hits;
}

std::string XapianIndex::snippet(const Xapian::MSet& mset, const StoredChunk& stored) {
  const std::optional<Chunk> chunk =
      store_.chunk(ChunkRef{stored.hit.source_id, stored.hit.version, stored.hit.ordinal});
  if (!chunk) return {};  // an index ahead of its store: no snippet rather than a wrong one
  const bool cjk = has_cjk(chunk->text);
  const std::string text = mset.snippet(
      cjk ? segment_cjk(chunk->text) : chunk->text, kSnippetBytes, stemmer_for(stored.language),
      // No SNIPPET_BACKGROUND_MODEL: it looks up every word of the text in the index, which
      // made a search with snippets 2.5 times as slow for little gain in the fragment chosen.
      Xapian::MSet::SNIPPET_EXHAUSTIVE, "[[", "]]", "…");
  return cjk ? restore_tail(unsegment_cjk(text), chunk->text) : text;
}

IndexStats XapianIndex::stats() const {
  IndexStats out;
  out.rebuilt = rebuilt_;
  out.changes_applied = changes_applied_;
  if (!reader_) return out;
  out.documents = reader_->get_doccount();
  out.generation = read_state(*reader_).generation;
  return out;
}

std::unique_ptr<Index> open_index(store::ContentStore& store, const fs::path& data_dir,
                                  const IndexProgress& progress) {
  auto index = std::make_unique<XapianIndex>(store, data_dir / "index");
  index->open(progress);
  return index;
}

}  // namespace lectio::search
