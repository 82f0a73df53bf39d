// The PostgreSQL backend of the content store: sources, chunks and records, in the same
// portable schema as the SQLite file (schema.cpp), migrated with pg::migrate.
#include <fmt/format.h>

#include <memory>
#include <nlohmann/json.hpp>

#include "lectio/core/clock.h"
#include "lectio/core/error.h"
#include "lectio/pg/connection.h"
#include "lectio/store/pg_store.h"
#include "pg_backend.h"
#include "schema.h"

namespace lectio::store {

namespace {

constexpr std::string_view kRecordColumns =
    "id, slug, title, plan, language, build_key, owner, body, created_at, updated_at";

std::string_view kind_name(RecordKind kind) {
  return kind == RecordKind::kLesson ? "lesson" : "plan";
}

Source read_source(const pg::Result& r, int row) {
  Source s;
  s.id = r.text(row, 0);
  s.version = r.integer(row, 1);
  s.title = r.text(row, 2);
  s.file_name = r.text(row, 3);
  s.path = r.text(row, 4);
  s.origin_url = r.text(row, 5);
  s.format = parse_format(r.text(row, 6)).value_or(Format::kText);
  s.language = r.text(row, 7);
  s.content_hash = r.text(row, 8);
  s.byte_size = r.int64(row, 9);
  s.page_count = r.integer(row, 10);
  s.chunk_count = r.integer(row, 11);
  s.added_at = r.text(row, 12);
  return s;
}

Chunk read_chunk(const pg::Result& r, int row, HeadingPathDecoder& headings) {
  Chunk c;
  c.source_id = r.text(row, 0);
  c.version = r.integer(row, 1);
  c.ordinal = r.integer(row, 2);
  c.page_start = r.integer(row, 3);
  c.page_end = r.integer(row, 4);
  c.heading_path = headings.decode(r.text(row, 5));
  c.text = r.text(row, 6);
  c.word_count = r.integer(row, 7);
  c.opens_mid_sentence = (r.integer(row, 8) & kCutOpens) != 0;
  c.closes_mid_sentence = (r.integer(row, 8) & kCutCloses) != 0;
  return c;
}

Record read_record(const pg::Result& r, int row) {
  return {r.text(row, 0), r.text(row, 1), r.text(row, 2), r.text(row, 3), r.text(row, 4),
          r.text(row, 5), r.text(row, 6), r.text(row, 7), r.text(row, 8), r.text(row, 9)};
}

// One connection, shared with its owner: a worker's store writes in the worker's transaction.
class PgContentStore final : public ContentStore {
 public:
  // Throws InvalidInput for an older schema, Unsupported for a newer one.
  explicit PgContentStore(std::shared_ptr<pg::Connection> db);

  PutResult put_source(const Source& source, const std::vector<Chunk>& chunks) override;
  std::vector<Source> sources() override;
  std::optional<Source> source(std::string_view id, std::optional<int> version) override;
  std::optional<std::string> source_id_for_path(std::string_view path) override;
  std::vector<Chunk> chunks(std::string_view source_id, std::optional<int> version) override;
  std::optional<Chunk> chunk(const ChunkRef& ref) override;
  void for_each_current_chunk(const std::function<void(const Chunk&)>& visit) override;
  bool delete_source(std::string_view id) override;
  std::int64_t generation() override;
  std::vector<ChunkChange> changes_after(std::int64_t after, int limit) override;
  int schema_version() override;
  void put_record(RecordKind kind, const Record& record) override;
  std::optional<Record> record(RecordKind kind, std::string_view id_or_slug) override;
  std::vector<Record> records(RecordKind kind) override;
  bool delete_record(RecordKind kind, std::string_view id) override;

 private:
  std::optional<int> resolve_version(std::string_view id, std::optional<int> version);
  void insert_chunks(const std::string& source_id, int version, const std::vector<Chunk>& chunks);
  // Bumps the generation: first in a writer's transaction, so that concurrent writers queue
  // on the row lock and the change feed's seq follows the order of their commits.
  void bump_generation();
  void record_change(std::string_view source_id, int version, std::string_view change);

  std::shared_ptr<pg::Connection> db_;
};

}  // namespace

PgContentStore::PgContentStore(std::shared_ptr<pg::Connection> db) : db_(std::move(db)) {
  require_store_schema(*db_);
}

PutResult PgContentStore::put_source(const Source& source, const std::vector<Chunk>& chunks) {
  pg::Transaction tx(*db_);
  bump_generation();  // then read the current version another writer may just have added
  const std::optional<Source> current = this->source(source.id, std::nullopt);
  if (current && current->content_hash == source.content_hash) {
    return {current->id, current->version, PutOutcome::kUnchanged};  // rolls the bump back
  }
  const int version = current ? current->version + 1 : 1;
  db_->exec(fmt::format("INSERT INTO sources ({}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9,"
                        " $10, $11, $12, $13)",
                        kSourceColumns),
            {source.id, version, source.title, source.file_name, source.path, source.origin_url,
             format_name(source.format), source.language, source.content_hash,
             static_cast<std::int64_t>(source.byte_size), source.page_count,
             static_cast<int>(chunks.size()),
             source.added_at.empty() ? utc_timestamp() : source.added_at});
  insert_chunks(source.id, version, chunks);
  record_change(source.id, version, "put");
  tx.commit();
  return {source.id, version, current ? PutOutcome::kNewVersion : PutOutcome::kAdded};
}

bool PgContentStore::delete_source(std::string_view id) {
  pg::Transaction tx(*db_);
  bump_generation();
  if (db_->exec("SELECT 1 FROM sources WHERE id = $1 LIMIT 1", {id}).rows() == 0) {
    return false;  // rolls the bump back
  }
  db_->exec("DELETE FROM chunks WHERE source_id = $1", {id});
  db_->exec("DELETE FROM sources WHERE id = $1", {id});
  record_change(id, 0, "delete");
  tx.commit();
  return true;
}

void PgContentStore::bump_generation() {
  db_->exec(
      "UPDATE meta SET value = CAST(CAST(value AS BIGINT) + 1 AS TEXT)"
      " WHERE name = 'generation'");
}

void PgContentStore::record_change(std::string_view source_id, int version,
                                   std::string_view change) {
  db_->exec(fmt::format(kInsertChange, "$1", "$2", "$3"), {source_id, version, change});
  db_->exec(fmt::format(kPruneChanges, kChangeFeedLength));
}

std::vector<ChunkChange> PgContentStore::changes_after(std::int64_t after, int limit) {
  const pg::Result r =
      db_->exec(fmt::format("SELECT {} FROM chunk_changes WHERE seq > $1 ORDER BY seq LIMIT $2",
                            kChangeColumns),
                {after, limit});
  std::vector<ChunkChange> out;
  for (int i = 0; i < r.rows(); ++i) {
    out.push_back({r.int64(i, 0), r.text(i, 1), r.integer(i, 2), r.text(i, 3) == "delete"});
  }
  return out;
}

std::vector<Source> PgContentStore::sources() {
  const pg::Result r =
      db_->exec(fmt::format("SELECT {} FROM sources s WHERE version = "
                            "(SELECT MAX(version) FROM sources WHERE id = s.id) ORDER BY id",
                            kSourceColumns));
  std::vector<Source> out;
  for (int i = 0; i < r.rows(); ++i) out.push_back(read_source(r, i));
  return out;
}

std::optional<Source> PgContentStore::source(std::string_view id, std::optional<int> version) {
  const std::optional<int> v = resolve_version(id, version);
  if (!v) return std::nullopt;
  const pg::Result r = db_->exec(
      fmt::format("SELECT {} FROM sources WHERE id = $1 AND version = $2", kSourceColumns),
      {id, *v});
  if (r.rows() == 0) return std::nullopt;
  return read_source(r, 0);
}

std::optional<std::string> PgContentStore::source_id_for_path(std::string_view path) {
  const pg::Result r = db_->exec(
      "SELECT id FROM sources WHERE path = $1 ORDER BY added_at DESC, version DESC LIMIT 1",
      {path});
  if (r.rows() == 0) return std::nullopt;
  return r.text(0, 0);
}

std::vector<Chunk> PgContentStore::chunks(std::string_view source_id, std::optional<int> version) {
  const std::optional<int> v = resolve_version(source_id, version);
  if (!v) return {};
  const pg::Result r = db_->exec(
      fmt::format("SELECT {} FROM chunks WHERE source_id = $1 AND version = $2 ORDER BY ordinal",
                  kChunkColumns),
      {source_id, *v});
  std::vector<Chunk> out;
  HeadingPathDecoder headings;
  for (int i = 0; i < r.rows(); ++i) out.push_back(read_chunk(r, i, headings));
  return out;
}

std::optional<Chunk> PgContentStore::chunk(const ChunkRef& ref) {
  const std::optional<int> v = resolve_version(ref.source_id, ref.version);
  if (!v) return std::nullopt;
  const pg::Result r = db_->exec(
      fmt::format("SELECT {} FROM chunks WHERE source_id = $1 AND version = $2 AND ordinal = $3",
                  kChunkColumns),
      {ref.source_id, *v, ref.ordinal});
  if (r.rows() == 0) return std::nullopt;
  HeadingPathDecoder headings;
  return read_chunk(r, 0, headings);
}

void PgContentStore::for_each_current_chunk(const std::function<void(const Chunk&)>& visit) {
  // Source by source, so that a large library is never one result in memory.
  for (const Source& s : sources()) {
    for (const Chunk& c : chunks(s.id, s.version)) visit(c);
  }
}

std::int64_t PgContentStore::generation() {
  const pg::Result r = db_->exec("SELECT value FROM meta WHERE name = 'generation'");
  return r.rows() == 0 ? 0 : std::stoll(r.text(0, 0));
}

void PgContentStore::put_record(RecordKind kind, const Record& r) {
  const std::string now = utc_timestamp();
  db_->exec(
      fmt::format("INSERT INTO records (kind, {}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9,"
                  " $10, $11) ON CONFLICT (kind, id) DO UPDATE SET slug = excluded.slug,"
                  " title = excluded.title, plan = excluded.plan, language = excluded.language,"
                  " build_key = excluded.build_key, owner = excluded.owner, body = excluded.body,"
                  " updated_at = excluded.updated_at",
                  kRecordColumns),
      {kind_name(kind), r.id, r.slug, r.title, r.plan, r.language, r.build_key, r.owner, r.body,
       now, now});
}

std::optional<Record> PgContentStore::record(RecordKind kind, std::string_view id_or_slug) {
  const pg::Result r =
      db_->exec(fmt::format("SELECT {} FROM records WHERE kind = $1 AND (id = $2 OR slug = $2) "
                            "ORDER BY CASE WHEN id = $2 THEN 0 ELSE 1 END, updated_at DESC LIMIT 1",
                            kRecordColumns),
                {kind_name(kind), id_or_slug});
  if (r.rows() == 0) return std::nullopt;
  return read_record(r, 0);
}

std::vector<Record> PgContentStore::records(RecordKind kind) {
  const pg::Result r =
      db_->exec(fmt::format("SELECT {} FROM records WHERE kind = $1 ORDER BY created_at DESC, id",
                            kRecordColumns),
                {kind_name(kind)});
  std::vector<Record> out;
  for (int i = 0; i < r.rows(); ++i) out.push_back(read_record(r, i));
  return out;
}

bool PgContentStore::delete_record(RecordKind kind, std::string_view id) {
  return db_->exec("DELETE FROM records WHERE kind = $1 AND id = $2", {kind_name(kind), id})
             .affected() > 0;
}

std::optional<int> PgContentStore::resolve_version(std::string_view id,
                                                   std::optional<int> version) {
  if (version) return version;
  const pg::Result r = db_->exec("SELECT MAX(version) FROM sources WHERE id = $1", {id});
  if (r.is_null(0, 0)) return std::nullopt;
  return r.integer(0, 0);
}

// All chunks in one statement: the rows travel as parallel arrays, unnested by the server.
void PgContentStore::insert_chunks(const std::string& source_id, int version,
                                   const std::vector<Chunk>& chunks) {
  if (chunks.empty()) return;
  nlohmann::json pages_start = nlohmann::json::array(), pages_end = nlohmann::json::array(),
                 paths = nlohmann::json::array(), bodies = nlohmann::json::array(),
                 words = nlohmann::json::array(), cuts = nlohmann::json::array();
  for (const Chunk& c : chunks) {
    pages_start.push_back(c.page_start);
    pages_end.push_back(c.page_end);
    paths.push_back(encode_heading_path(c.heading_path));
    bodies.push_back(c.text);
    words.push_back(c.word_count);
    cuts.push_back(encode_cut(c));
  }
  db_->exec(
      fmt::format("INSERT INTO chunks ({}) SELECT $1, $2, t.ord - 1, t.ps::int, t.pe::int, t.hp,"
                  " t.body, t.wc::int, t.cut::int FROM ROWS FROM ("
                  " jsonb_array_elements_text($3::jsonb), jsonb_array_elements_text($4::jsonb),"
                  " jsonb_array_elements_text($5::jsonb), jsonb_array_elements_text($6::jsonb),"
                  " jsonb_array_elements_text($7::jsonb), jsonb_array_elements_text($8::jsonb))"
                  " WITH ORDINALITY AS t(ps, pe, hp, body, wc, cut, ord)",
                  kChunkColumns),
      {source_id, version, pages_start.dump(), pages_end.dump(), paths.dump(), bodies.dump(),
       words.dump(), cuts.dump()});
}

int PgContentStore::schema_version() {
  return store_schema_version(*db_);
}

std::unique_ptr<ContentStore> open_pg_content_store(std::shared_ptr<pg::Connection> db) {
  return std::make_unique<PgContentStore>(std::move(db));
}

std::unique_ptr<ContentStore> open_pg_content_store(const std::string& url) {
  return open_pg_content_store(std::make_shared<pg::Connection>(url));
}

}  // namespace lectio::store
