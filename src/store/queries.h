#pragma once
// The SQL both store backends run, written once with ? placeholders: queries(kSqlite) runs it as
// written, queries(kPostgres) with the placeholders numbered ($1, $2 …). A statement only one
// backend runs (PostgreSQL's bulk insert of chunks and table lock, SQLite's one-query scan of
// the current chunks) stays in that backend's file. Every ? is its own parameter: a value used
// twice is bound twice. The column lists are read by the row readers of rows.h, in order.
#include <cstdint>
#include <string>
#include <string_view>

namespace lectio::store {

// The columns every backend reads and writes, in this order.
inline constexpr std::string_view kSourceColumns =
    "id, version, title, file_name, path, origin_url, format, language, content_hash, "
    "byte_size, page_count, chunk_count, added_at, owner, visibility";
inline constexpr std::string_view kChunkColumns =
    "source_id, version, ordinal, page_start, page_end, heading_path, body, word_count, cut";
inline constexpr std::string_view kChangeColumns = "seq, source_id, version, change";
inline constexpr std::string_view kRecordColumns =
    "id, slug, title, plan, language, build_key, owner, body, created_at, updated_at";
inline constexpr std::string_view kLessonVersionColumns =
    "lesson_id, version, note, author, body, created_at";
inline constexpr std::string_view kUserColumns =
    "id, name, display_name, password_hash, created_at";
inline constexpr std::string_view kSessionColumns =
    "token_digest, user_id, csrf_token, expires_at, created_at";

// Drops the changes older than the newest kChangeFeedLength: a search index further behind
// than that finds a gap and rebuilds instead.
inline constexpr std::int64_t kChangeFeedLength = 100000;

enum class Dialect { kSqlite, kPostgres };

// PostgreSQL's spelling of a statement written with ? placeholders: each ? outside a quoted
// string ('…' or "…") and outside a comment becomes $1, $2 … in order.
std::string number_placeholders(std::string_view sql);

// Each statement's parameters, in order, follow its name.
struct Queries {
  // The change feed (migration 4), run in a writer's transaction: bump_generation, then
  // insert_change, whose seq is the new generation, then prune_changes.
  std::string bump_generation;
  std::string insert_change;  // source id, version, change ('put' or 'delete')
  std::string prune_changes;
  std::string generation;
  std::string changes_after;  // seq, limit

  std::string insert_source;       // source_values() (rows.h)
  std::string max_version;         // source id
  std::string source_at;           // id, version
  std::string current_sources;     // the newest version of each, by id
  std::string source_id_for_path;  // path
  std::string chunks_of;           // source id, version
  std::string chunk_page;          // source id, version, first ordinal, limit
  std::string chunk_at;            // source id, version, ordinal
  std::string delete_chunks;       // source id
  std::string delete_source;       // source id

  std::string put_record;            // record_values()
  std::string record_by_id_or_slug;  // kind, id_or_slug three times
  std::string records_of_kind;       // kind
  std::string delete_record;         // kind, id

  std::string add_lesson_version;     // lesson_version_values()
  std::string lesson_versions;        // lesson id
  std::string delete_lesson_version;  // lesson id, version

  std::string insert_user;              // user_values(); nothing when the name is taken
  std::string user_by_id;               // id
  std::string user_by_name;             // name_key()
  std::string user_exists;              // id
  std::string put_session;              // session_values()
  std::string session_at;               // token digest, now
  std::string delete_session;           // token digest
  std::string delete_expired_sessions;  // now

  std::string put_review;  // review_values(), in a transaction that orders writers
  // A review as read_review() reads it: the first parameter is the viewer.
  std::string review_of_user;     // viewer, lesson id, user id
  std::string reviews_of_lesson;  // viewer, lesson id: last written first
  std::string review_by_id;       // viewer, review id
  // Check a review and lock it for the rest of the transaction (PostgreSQL; a SQLite write
  // transaction already keeps other writers out).
  std::string lock_own_review;           // review id, user id
  std::string lock_review;               // review id
  std::string delete_review;             // review id
  std::string delete_likes_of_review;    // review id
  std::string like_review;               // review id, user id, now
  std::string unlike_review;             // review id, user id
  std::string rating_counts;             // lesson id: (rating, count) rows
  std::string delete_likes_of_lesson;    // lesson id
  std::string delete_reviews_of_lesson;  // lesson id
};

// The statements as this dialect spells them, built once.
const Queries& queries(Dialect dialect);

}  // namespace lectio::store
