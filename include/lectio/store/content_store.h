#pragma once
// The content store: sources, their chunks, and the lessons and plans made from them. Ingest,
// search, compose, the pipeline and plans need only this. SQLite is the embedded backend
// (store.h opens it); other backends implement the same interface, so callers never see a
// database type. Not thread-safe: use one object per thread.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lectio/core/source.h"

namespace lectio::store {

enum class PutOutcome { kAdded, kUnchanged, kNewVersion };

struct PutResult {
  std::string source_id;
  int version = 1;
  PutOutcome outcome = PutOutcome::kAdded;
};

// Lessons and plans are stored as JSON documents, with the fields that lists and look-ups need
// kept beside them.
enum class RecordKind { kLesson, kPlan };

struct Record {
  std::string id;
  std::string slug;
  std::string title;
  std::string plan;  // a lesson's plan title; empty for plans
  std::string language;
  std::string build_key;   // what it was built from (brief and source versions), for reuse
  std::string owner;       // the creator's user id; empty when made from the command line
  std::string body;        // the JSON document
  std::string created_at;  // set by the store
  std::string updated_at;  // set by the store
};

// One stored version of a lesson's document (issue 32): an edit is a new version; none is
// overwritten.
struct LessonVersion {
  std::string lesson_id;
  int version = 0;         // 1, 2, … in the order they were stored
  std::string note;        // what made it, e.g. "composed", "edited", "revert to 2"
  std::string author;      // the editor's user id; "" for the command line
  std::string body;        // the lesson's JSON document
  std::string created_at;  // set by the store
};

// One entry of the change feed of the chunks (generation(), changes_after()).
struct ChunkChange {
  std::int64_t seq = 0;  // the generation this change made
  std::string source_id;
  int version = 0;       // the version put; 0 for a delete
  bool deleted = false;  // true: every version of the source and its chunks are gone
};

class ContentStore {
 public:
  virtual ~ContentStore() = default;

  // Stores a source and its chunks in one transaction. When the current version of source.id
  // has the same content hash nothing changes (kUnchanged) and its ids are kept; otherwise the
  // source gets the next version number and the older versions stay readable. The version,
  // chunk_count and chunk source ids are set by the store. Throws Io; nothing is written then.
  virtual PutResult put_source(const Source& source, const std::vector<Chunk>& chunks) = 0;

  // The current version of every source, ordered by id.
  virtual std::vector<Source> sources() = 0;

  // A source at a version (default: current). std::nullopt when missing.
  virtual std::optional<Source> source(std::string_view id, std::optional<int> version) = 0;

  // The id of the source last added from this absolute path, if any.
  virtual std::optional<std::string> source_id_for_path(std::string_view path) = 0;

  // The chunks of a source version (default: current) in order; empty when missing.
  virtual std::vector<Chunk> chunks(std::string_view source_id, std::optional<int> version) = 0;
  // A page of them: at most `limit` chunks from ordinal `first` on, in order, without reading
  // the rest (a large source's listing); empty when missing or past the end.
  virtual std::vector<Chunk> chunk_page(std::string_view source_id, std::optional<int> version,
                                        int first, int limit) = 0;

  // One chunk; a ref without a version names the current version.
  virtual std::optional<Chunk> chunk(const ChunkRef& ref) = 0;

  // Visits every chunk of every current source version, ordered by source id then ordinal.
  virtual void for_each_current_chunk(const std::function<void(const Chunk&)>& visit) = 0;

  // Deletes every version of a source and its chunks in one transaction; false when there was
  // no such source. Lessons that cite it keep their text. Throws Io; nothing is deleted then.
  virtual bool delete_source(std::string_view id) = 0;

  // Increases by one with every change to sources, so that derived data (the search index) can
  // tell whether it is stale.
  virtual std::int64_t generation() = 0;

  // The change feed: the changes with seq > after, in seq order, at most `limit`. Each change's
  // seq is the generation it made, so a reader that finds the changes after its seq not
  // counting up from it one by one (the store keeps only the newest ones) has missed some.
  virtual std::vector<ChunkChange> changes_after(std::int64_t after, int limit) = 0;

  // The schema version after migrations.
  virtual int schema_version() = 0;

  // Inserts or replaces a record by (kind, id); created_at survives a replace. Throws Io.
  virtual void put_record(RecordKind kind, const Record& record) = 0;

  // A record by id, else by slug (the newest with that slug). std::nullopt when missing.
  virtual std::optional<Record> record(RecordKind kind, std::string_view id_or_slug) = 0;

  // Every record of a kind, newest first.
  virtual std::vector<Record> records(RecordKind kind) = 0;

  // Deletes a record; false when there was none.
  virtual bool delete_record(RecordKind kind, std::string_view id) = 0;

  // Stores `v` as version `expected` + 1 of its lesson (v.version is ignored) when `expected`
  // is the newest version stored (0: none yet). Returns false and writes nothing when it is
  // not: another editor saved first (lesson_versions() names what they saved). Throws Io.
  virtual bool add_lesson_version(const LessonVersion& v, int expected) = 0;

  // Every stored version of a lesson, oldest first; empty when there is none.
  virtual std::vector<LessonVersion> lesson_versions(std::string_view lesson_id) = 0;

  // Deletes one version; false when there was none.
  virtual bool delete_lesson_version(std::string_view lesson_id, int version) = 0;
};

}  // namespace lectio::store
