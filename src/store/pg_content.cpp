// The PostgreSQL backend of the content store: sources, chunks and records, in the same
// portable schema as the SQLite file (schema.cpp), migrated with pg::migrate, read and written
// with the same SQL (queries.h) and row readers (rows.h).
#include <fmt/format.h>

#include <memory>
#include <nlohmann/json.hpp>

#include "lectio/core/error.h"
#include "lectio/pg/connection.h"
#include "lectio/store/pg_store.h"
#include "pg_backend.h"
#include "queries.h"
#include "rows.h"
#include "schema.h"

namespace lectio::store {

namespace {

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
  std::vector<Chunk> chunk_page(std::string_view source_id, std::optional<int> version, int first,
                                int limit) override;
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
  bool add_lesson_version(const LessonVersion& v, int expected) override;
  std::vector<LessonVersion> lesson_versions(std::string_view lesson_id) override;
  bool delete_lesson_version(std::string_view lesson_id, int version) override;

 private:
  std::optional<int> resolve_version(std::string_view id, std::optional<int> version);
  void insert_chunks(const std::string& source_id, int version, const std::vector<Chunk>& chunks);
  // Bumps the generation: first in a writer's transaction, so that concurrent writers queue
  // on the row lock and the change feed's seq follows the order of their commits.
  void bump_generation();
  void record_change(std::string_view source_id, int version, std::string_view change);

  std::shared_ptr<pg::Connection> db_;
  const Queries& sql_ = queries(Dialect::kPostgres);
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
  db_->exec(sql_.insert_source,
            pg_params(source_values(source, version, static_cast<int>(chunks.size()))));
  insert_chunks(source.id, version, chunks);
  record_change(source.id, version, "put");
  tx.commit();
  return {source.id, version, current ? PutOutcome::kNewVersion : PutOutcome::kAdded};
}

bool PgContentStore::delete_source(std::string_view id) {
  pg::Transaction tx(*db_);
  bump_generation();
  if (!resolve_version(id, std::nullopt)) return false;  // rolls the bump back
  db_->exec(sql_.delete_chunks, {id});
  db_->exec(sql_.delete_source, {id});
  record_change(id, 0, "delete");
  tx.commit();
  return true;
}

void PgContentStore::bump_generation() {
  db_->exec(sql_.bump_generation);
}

void PgContentStore::record_change(std::string_view source_id, int version,
                                   std::string_view change) {
  db_->exec(sql_.insert_change, {source_id, version, change});
  db_->exec(sql_.prune_changes);
}

std::vector<ChunkChange> PgContentStore::changes_after(std::int64_t after, int limit) {
  return read_rows(db_->exec(sql_.changes_after, {after, limit}), read_change);
}

std::vector<Source> PgContentStore::sources() {
  return read_rows(db_->exec(sql_.current_sources), read_source);
}

std::optional<Source> PgContentStore::source(std::string_view id, std::optional<int> version) {
  const std::optional<int> v = resolve_version(id, version);
  if (!v) return std::nullopt;
  const pg::Result r = db_->exec(sql_.source_at, {id, *v});
  if (r.rows() == 0) return std::nullopt;
  return read_source(PgRow(r, 0));
}

std::optional<std::string> PgContentStore::source_id_for_path(std::string_view path) {
  const pg::Result r = db_->exec(sql_.source_id_for_path, {path});
  if (r.rows() == 0) return std::nullopt;
  return r.text(0, 0);
}

std::vector<Chunk> PgContentStore::chunks(std::string_view source_id, std::optional<int> version) {
  const std::optional<int> v = resolve_version(source_id, version);
  if (!v) return {};
  HeadingPathDecoder headings;
  return read_rows(db_->exec(sql_.chunks_of, {source_id, *v}),
                   [&](const Row& row) { return read_chunk(row, headings); });
}

std::vector<Chunk> PgContentStore::chunk_page(std::string_view source_id,
                                              std::optional<int> version, int first, int limit) {
  const std::optional<int> v = resolve_version(source_id, version);
  if (!v) return {};
  HeadingPathDecoder headings;
  return read_rows(db_->exec(sql_.chunk_page, {source_id, *v, first, limit}),
                   [&](const Row& row) { return read_chunk(row, headings); });
}

std::optional<Chunk> PgContentStore::chunk(const ChunkRef& ref) {
  const std::optional<int> v = resolve_version(ref.source_id, ref.version);
  if (!v) return std::nullopt;
  const pg::Result r = db_->exec(sql_.chunk_at, {ref.source_id, *v, ref.ordinal});
  if (r.rows() == 0) return std::nullopt;
  HeadingPathDecoder headings;
  return read_chunk(PgRow(r, 0), headings);
}

void PgContentStore::for_each_current_chunk(const std::function<void(const Chunk&)>& visit) {
  // Source by source, so that a large library is never one result in memory.
  for (const Source& s : sources()) {
    for (const Chunk& c : chunks(s.id, s.version)) visit(c);
  }
}

std::int64_t PgContentStore::generation() {
  const pg::Result r = db_->exec(sql_.generation);
  return r.rows() == 0 ? 0 : std::stoll(r.text(0, 0));
}

void PgContentStore::put_record(RecordKind kind, const Record& r) {
  db_->exec(sql_.put_record, pg_params(record_values(kind, r)));
}

std::optional<Record> PgContentStore::record(RecordKind kind, std::string_view id_or_slug) {
  const pg::Result r =
      db_->exec(sql_.record_by_id_or_slug, {kind_name(kind), id_or_slug, id_or_slug, id_or_slug});
  if (r.rows() == 0) return std::nullopt;
  return read_record(PgRow(r, 0));
}

std::vector<Record> PgContentStore::records(RecordKind kind) {
  return read_rows(db_->exec(sql_.records_of_kind, {kind_name(kind)}), read_record);
}

bool PgContentStore::delete_record(RecordKind kind, std::string_view id) {
  return db_->exec(sql_.delete_record, {kind_name(kind), id}).affected() > 0;
}

bool PgContentStore::add_lesson_version(const LessonVersion& v, int expected) {
  return db_->exec(sql_.add_lesson_version, pg_params(lesson_version_values(v, expected)))
             .affected() > 0;
}

std::vector<LessonVersion> PgContentStore::lesson_versions(std::string_view lesson_id) {
  return read_rows(db_->exec(sql_.lesson_versions, {lesson_id}), read_lesson_version);
}

bool PgContentStore::delete_lesson_version(std::string_view lesson_id, int version) {
  return db_->exec(sql_.delete_lesson_version, {lesson_id, version}).affected() > 0;
}

std::optional<int> PgContentStore::resolve_version(std::string_view id,
                                                   std::optional<int> version) {
  if (version) return version;
  const pg::Result r = db_->exec(sql_.max_version, {id});
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
