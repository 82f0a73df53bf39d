// The SQLite backend of the content store: sources, chunks and records.
#include <fmt/format.h>

#include <memory>

#include "lectio/core/clock.h"
#include "lectio/core/error.h"
#include "lectio/store/sqlite_shared.h"
#include "lectio/store/store.h"
#include "schema.h"
#include "sqlite_db.h"
#include "sqlite_records.h"
#include "sqlite_schema.h"

namespace lectio::store {

namespace {

using sqlite::Database;
using sqlite::ResetOnExit;
using sqlite::Statement;
using sqlite::Transaction;

Source read_source(const Statement& s) {
  Source src;
  src.id = s.text(0);
  src.version = s.integer(1);
  src.title = s.text(2);
  src.file_name = s.text(3);
  src.path = s.text(4);
  src.origin_url = s.text(5);
  src.format = parse_format(s.text(6)).value_or(Format::kText);
  src.language = s.text(7);
  src.content_hash = s.text(8);
  src.byte_size = s.int64(9);
  src.page_count = s.integer(10);
  src.chunk_count = s.integer(11);
  src.added_at = s.text(12);
  return src;
}

Chunk read_chunk(const Statement& s, HeadingPathDecoder& headings) {
  Chunk c;
  c.source_id = s.text(0);
  c.version = s.integer(1);
  c.ordinal = s.integer(2);
  c.page_start = s.integer(3);
  c.page_end = s.integer(4);
  c.heading_path = headings.decode(s.text(5));
  c.text = s.text(6);
  c.word_count = s.integer(7);
  c.opens_mid_sentence = (s.integer(8) & kCutOpens) != 0;
  c.closes_mid_sentence = (s.integer(8) & kCutCloses) != 0;
  return c;
}

// The statements of the ingest path, prepared once per connection (after the schema exists)
// instead of once per call: adding a directory runs them for every file.
struct Prepared {
  explicit Prepared(Database& db)
      : insert_source(db.prepare(
            fmt::format("INSERT INTO sources ({}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        kSourceColumns))),
        insert_chunk(db.prepare(fmt::format(
            "INSERT INTO chunks ({}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", kChunkColumns))),
        bump_generation(
            db.prepare("UPDATE meta SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT) "
                       "WHERE name = 'generation'")),
        insert_change(db.prepare(fmt::format(kInsertChange, "?", "?", "?"))),
        prune_changes(db.prepare(fmt::format(kPruneChanges, kChangeFeedLength))),
        max_version(db.prepare("SELECT MAX(version) FROM sources WHERE id = ?")),
        source_at(db.prepare(
            fmt::format("SELECT {} FROM sources WHERE id = ? AND version = ?", kSourceColumns))),
        id_for_path(db.prepare(
            "SELECT id FROM sources WHERE path = ? ORDER BY added_at DESC, version DESC LIMIT 1")) {
  }

  Statement insert_source;
  Statement insert_chunk;
  Statement bump_generation;
  Statement insert_change;
  Statement prune_changes;
  Statement max_version;
  Statement source_at;
  Statement id_for_path;
};

class SqliteContentStore final : public ContentStore {
 public:
  explicit SqliteContentStore(const std::filesystem::path& file) : db_(file) {
    sqlite::open_schema(db_);
    prepared_ = std::make_unique<Prepared>(db_);
  }
  // On a borrowed connection to a file whose schema a store opened before.
  SqliteContentStore(sqlite3* borrowed, std::string name) : db_(borrowed, std::move(name)) {
    prepared_ = std::make_unique<Prepared>(db_);
  }

  void put_record(RecordKind kind, const Record& record) override { records_.put(kind, record); }
  std::optional<Record> record(RecordKind kind, std::string_view id_or_slug) override {
    return records_.get(kind, id_or_slug);
  }
  std::vector<Record> records(RecordKind kind) override { return records_.list(kind); }
  bool delete_record(RecordKind kind, std::string_view id) override {
    return records_.remove(kind, id);
  }

  PutResult put_source(const Source& source, const std::vector<Chunk>& chunks) override {
    Transaction tx(db_);
    const std::optional<Source> current = source_in_tx(source.id, std::nullopt);
    if (current && current->content_hash == source.content_hash) {
      return {current->id, current->version, PutOutcome::kUnchanged};
    }
    const int version = current ? current->version + 1 : 1;
    Statement& insert = prepared_->insert_source;
    const ResetOnExit insert_done(insert);
    insert.bind(1, source.id).bind(2, version).bind(3, source.title).bind(4, source.file_name);
    insert.bind(5, source.path).bind(6, source.origin_url).bind(7, format_name(source.format));
    insert.bind(8, source.language).bind(9, source.content_hash).bind(10, source.byte_size);
    insert.bind(11, source.page_count).bind(12, static_cast<int>(chunks.size()));
    insert.bind(13, source.added_at.empty() ? utc_timestamp() : source.added_at);
    insert.run();

    Statement& add = prepared_->insert_chunk;
    const ResetOnExit add_done(add);
    // The chunks of one section share a heading path: encode it once per run of equal paths.
    const std::vector<std::string>* path = nullptr;
    std::string encoded_path;
    for (std::size_t i = 0; i < chunks.size(); ++i) {
      const Chunk& c = chunks[i];
      if (!path || *path != c.heading_path) {
        path = &c.heading_path;
        encoded_path = encode_heading_path(c.heading_path);
      }
      add.bind(1, source.id).bind(2, version).bind(3, static_cast<int>(i));
      add.bind(4, c.page_start).bind(5, c.page_end).bind(6, encoded_path);
      add.bind(7, c.text).bind(8, c.word_count).bind(9, encode_cut(c));
      add.run();
    }
    record_change(source.id, version, "put");
    tx.commit();
    return {source.id, version, current ? PutOutcome::kNewVersion : PutOutcome::kAdded};
  }

  bool delete_source(std::string_view id) override {
    Transaction tx(db_);
    if (!resolve_version(id, std::nullopt)) return false;
    Statement chunks = db_.prepare("DELETE FROM chunks WHERE source_id = ?");
    chunks.bind(1, id).run();
    Statement sources = db_.prepare("DELETE FROM sources WHERE id = ?");
    sources.bind(1, id).run();
    record_change(id, 0, "delete");
    tx.commit();
    return true;
  }

  std::vector<ChunkChange> changes_after(std::int64_t after, int limit) override {
    Statement q = db_.prepare(fmt::format(
        "SELECT {} FROM chunk_changes WHERE seq > ? ORDER BY seq LIMIT ?", kChangeColumns));
    q.bind(1, after).bind(2, limit);
    std::vector<ChunkChange> out;
    while (q.step()) out.push_back({q.int64(0), q.text(1), q.integer(2), q.text(3) == "delete"});
    return out;
  }

  std::vector<Source> sources() override {
    Statement q =
        db_.prepare(fmt::format("SELECT {} FROM sources s WHERE version = "
                                "(SELECT MAX(version) FROM sources WHERE id = s.id) ORDER BY id",
                                kSourceColumns));
    std::vector<Source> out;
    while (q.step()) out.push_back(read_source(q));
    return out;
  }

  std::optional<Source> source(std::string_view id, std::optional<int> version) override {
    return source_in_tx(id, version);
  }

  std::optional<std::string> source_id_for_path(std::string_view path) override {
    Statement& q = prepared_->id_for_path;
    const ResetOnExit done(q);
    q.bind(1, path);
    if (!q.step()) return std::nullopt;
    return q.text(0);
  }

  std::vector<Chunk> chunks(std::string_view source_id, std::optional<int> version) override {
    const std::optional<int> v = resolve_version(source_id, version);
    if (!v) return {};
    Statement q = db_.prepare(
        fmt::format("SELECT {} FROM chunks WHERE source_id = ? AND version = ? ORDER BY ordinal",
                    kChunkColumns));
    q.bind(1, source_id).bind(2, *v);
    std::vector<Chunk> out;
    HeadingPathDecoder headings;
    while (q.step()) out.push_back(read_chunk(q, headings));
    return out;
  }

  std::optional<Chunk> chunk(const ChunkRef& ref) override {
    const std::optional<int> v = resolve_version(ref.source_id, ref.version);
    if (!v) return std::nullopt;
    Statement q = db_.prepare(
        fmt::format("SELECT {} FROM chunks WHERE source_id = ? AND version = ? AND ordinal = ?",
                    kChunkColumns));
    q.bind(1, ref.source_id).bind(2, *v).bind(3, ref.ordinal);
    if (!q.step()) return std::nullopt;
    HeadingPathDecoder headings;
    return read_chunk(q, headings);
  }

  void for_each_current_chunk(const std::function<void(const Chunk&)>& visit) override {
    Statement q =
        db_.prepare(fmt::format("SELECT {} FROM chunks c WHERE version = "
                                "(SELECT MAX(version) FROM sources WHERE id = c.source_id) "
                                "ORDER BY source_id, ordinal",
                                kChunkColumns));
    HeadingPathDecoder headings;
    while (q.step()) visit(read_chunk(q, headings));
  }

  std::int64_t generation() override {
    Statement q = db_.prepare("SELECT value FROM meta WHERE name = 'generation'");
    if (!q.step()) return 0;
    return std::stoll(q.text(0));
  }

  int schema_version() override { return sqlite::schema_version(db_); }

 private:
  std::optional<int> resolve_version(std::string_view id, std::optional<int> version) {
    if (version) return version;
    Statement& q = prepared_->max_version;
    const ResetOnExit done(q);
    q.bind(1, id);
    if (!q.step() || q.is_null(0)) return std::nullopt;
    return q.integer(0);
  }

  // In a write transaction (BEGIN IMMEDIATE: one writer at a time, so seq follows the commits):
  // bumps the generation and records the change under it.
  void record_change(std::string_view source_id, int version, std::string_view change) {
    Statement& bump = prepared_->bump_generation;
    const ResetOnExit bump_done(bump);
    bump.run();
    Statement& insert = prepared_->insert_change;
    const ResetOnExit insert_done(insert);
    insert.bind(1, source_id).bind(2, version).bind(3, change);
    insert.run();
    Statement& prune = prepared_->prune_changes;
    const ResetOnExit prune_done(prune);
    prune.run();
  }

  std::optional<Source> source_in_tx(std::string_view id, std::optional<int> version) {
    const std::optional<int> v = resolve_version(id, version);
    if (!v) return std::nullopt;
    Statement& q = prepared_->source_at;
    const ResetOnExit done(q);
    q.bind(1, id).bind(2, *v);
    if (!q.step()) return std::nullopt;
    return read_source(q);
  }

  Database db_;
  // The prepared statements below are declared after db_, so finalized before it closes.
  std::unique_ptr<Prepared> prepared_;
  sqlite::RecordTable records_{db_};
};

}  // namespace

std::unique_ptr<ContentStore> open_sqlite_content_store(const std::filesystem::path& file) {
  return std::make_unique<SqliteContentStore>(file);
}

std::unique_ptr<ContentStore> open_sqlite_content_store(sqlite3* borrowed, std::string name) {
  return std::make_unique<SqliteContentStore>(borrowed, std::move(name));
}

}  // namespace lectio::store
