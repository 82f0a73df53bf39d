// The SQLite backend of the content store: sources, chunks and records.
#include <fmt/format.h>

#include <memory>

#include "lectio/store/sqlite_shared.h"
#include "lectio/store/store.h"
#include "queries.h"
#include "rows.h"
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

// The statements of the ingest path, prepared once per connection (after the schema exists)
// instead of once per call: adding a directory runs them for every file.
struct Prepared {
  Prepared(Database& db, const Queries& sql)
      : insert_source(db.prepare(sql.insert_source)),
        insert_chunk(db.prepare(fmt::format(
            "INSERT INTO chunks ({}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", kChunkColumns))),
        bump_generation(db.prepare(sql.bump_generation)),
        insert_change(db.prepare(sql.insert_change)),
        prune_changes(db.prepare(sql.prune_changes)),
        max_version(db.prepare(sql.max_version)),
        source_at(db.prepare(sql.source_at)),
        id_for_path(db.prepare(sql.source_id_for_path)) {}

  Statement insert_source;
  Statement insert_chunk;  // one chunk: PostgreSQL inserts them all at once instead
  Statement bump_generation;
  Statement insert_change;
  Statement prune_changes;
  Statement max_version;
  Statement source_at;
  Statement id_for_path;
};

class SqliteContentStore final : public ContentStore {
 public:
  explicit SqliteContentStore(const std::filesystem::path& file)
      : owned_(std::make_unique<Database>(file)), db_(*owned_) {
    sqlite::open_schema(db_);
    prepared_ = std::make_unique<Prepared>(db_, sql_);
  }
  // On a borrowed connection to a file whose schema a store opened before.
  explicit SqliteContentStore(Database& borrowed) : db_(borrowed) {
    prepared_ = std::make_unique<Prepared>(db_, sql_);
  }

  void put_record(RecordKind kind, const Record& record) override { records_.put(kind, record); }
  std::optional<Record> record(RecordKind kind, std::string_view id_or_slug) override {
    return records_.get(kind, id_or_slug);
  }
  std::vector<Record> records(RecordKind kind) override { return records_.list(kind); }
  bool delete_record(RecordKind kind, std::string_view id) override {
    return records_.remove(kind, id);
  }
  bool add_lesson_version(const LessonVersion& v, int expected) override {
    return records_.add_version(v, expected);
  }
  std::vector<LessonVersion> lesson_versions(std::string_view lesson_id) override {
    return records_.versions(lesson_id);
  }
  bool delete_lesson_version(std::string_view lesson_id, int version) override {
    return records_.remove_version(lesson_id, version);
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
    insert.bind_all(source_values(source, version, static_cast<int>(chunks.size()))).run();

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
    db_.prepare(sql_.delete_chunks).bind(1, id).run();
    db_.prepare(sql_.delete_source).bind(1, id).run();
    record_change(id, 0, "delete");
    tx.commit();
    return true;
  }

  std::vector<ChunkChange> changes_after(std::int64_t after, int limit) override {
    Statement q = db_.prepare(sql_.changes_after);
    q.bind(1, after).bind(2, limit);
    std::vector<ChunkChange> out;
    while (q.step()) out.push_back(read_change(sqlite::StatementRow(q)));
    return out;
  }

  std::vector<Source> sources() override {
    Statement q = db_.prepare(sql_.current_sources);
    std::vector<Source> out;
    while (q.step()) out.push_back(read_source(sqlite::StatementRow(q)));
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

  std::vector<Chunk> chunk_page(std::string_view source_id, std::optional<int> version, int first,
                                int limit) override {
    const std::optional<int> v = resolve_version(source_id, version);
    if (!v) return {};
    Statement q = db_.prepare(sql_.chunk_page);
    q.bind(1, source_id).bind(2, *v).bind(3, first).bind(4, limit);
    std::vector<Chunk> out;
    HeadingPathDecoder headings;
    while (q.step()) out.push_back(read_chunk(sqlite::StatementRow(q), headings));
    return out;
  }

  std::vector<Chunk> chunks(std::string_view source_id, std::optional<int> version) override {
    const std::optional<int> v = resolve_version(source_id, version);
    if (!v) return {};
    Statement q = db_.prepare(sql_.chunks_of);
    q.bind(1, source_id).bind(2, *v);
    std::vector<Chunk> out;
    HeadingPathDecoder headings;
    while (q.step()) out.push_back(read_chunk(sqlite::StatementRow(q), headings));
    return out;
  }

  std::optional<Chunk> chunk(const ChunkRef& ref) override {
    const std::optional<int> v = resolve_version(ref.source_id, ref.version);
    if (!v) return std::nullopt;
    Statement q = db_.prepare(sql_.chunk_at);
    q.bind(1, ref.source_id).bind(2, *v).bind(3, ref.ordinal);
    if (!q.step()) return std::nullopt;
    HeadingPathDecoder headings;
    return read_chunk(sqlite::StatementRow(q), headings);
  }

  void for_each_current_chunk(const std::function<void(const Chunk&)>& visit) override {
    // One query: a SQLite statement steps through its rows without holding them all.
    Statement q =
        db_.prepare(fmt::format("SELECT {} FROM chunks c WHERE version = "
                                "(SELECT MAX(version) FROM sources WHERE id = c.source_id) "
                                "ORDER BY source_id, ordinal",
                                kChunkColumns));
    HeadingPathDecoder headings;
    while (q.step()) visit(read_chunk(sqlite::StatementRow(q), headings));
  }

  std::int64_t generation() override {
    Statement q = db_.prepare(sql_.generation);
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
    return read_source(sqlite::StatementRow(q));
  }

  const Queries& sql_ = queries(Dialect::kSqlite);
  std::unique_ptr<Database> owned_;  // null on a borrowed connection
  Database& db_;
  // The prepared statements below are declared after db_, so finalized before it closes.
  std::unique_ptr<Prepared> prepared_;
  sqlite::RecordTable records_{db_};
};

}  // namespace

std::unique_ptr<ContentStore> open_sqlite_content_store(const std::filesystem::path& file) {
  return std::make_unique<SqliteContentStore>(file);
}

std::unique_ptr<ContentStore> open_sqlite_content_store(lectio::sqlite::Database& borrowed) {
  return std::make_unique<SqliteContentStore>(borrowed);
}

}  // namespace lectio::store
