#include "queries.h"

#include <fmt/format.h>

namespace lectio::store {

namespace {

// A review with its author's display name, its like count and whether the viewer (the first
// parameter) liked it: a boolean on PostgreSQL, 0 or 1 on SQLite (Row::boolean reads both).
constexpr std::string_view kSelectReview =
    "SELECT r.id, r.lesson_id, r.user_id, COALESCE(u.display_name, ''), r.rating, r.body, "
    "(SELECT COUNT(*) FROM review_likes l WHERE l.review_id = r.id), "
    "EXISTS (SELECT 1 FROM review_likes l WHERE l.review_id = r.id AND l.user_id = ?), "
    "r.created_at, r.updated_at FROM reviews r LEFT JOIN users u ON u.id = r.user_id";

Queries build(Dialect dialect) {
  const bool pg = dialect == Dialect::kPostgres;
  // Row locks that SQLite has no syntax for: its write transaction locks the whole file.
  const std::string_view for_update = pg ? " FOR UPDATE" : "";
  const std::string_view for_share = pg ? " FOR SHARE" : "";
  const auto sql = [pg](std::string text) { return pg ? number_placeholders(text) : text; };
  return Queries{
      .bump_generation = sql("UPDATE meta SET value = CAST(CAST(value AS BIGINT) + 1 AS TEXT) "
                             "WHERE name = 'generation'"),
      .insert_change =
          sql("INSERT INTO chunk_changes (seq, source_id, version, change) "
              "SELECT CAST(value AS BIGINT), ?, ?, ? FROM meta WHERE name = 'generation'"),
      .prune_changes =
          sql(fmt::format("DELETE FROM chunk_changes WHERE seq <= "
                          "(SELECT CAST(value AS BIGINT) FROM meta WHERE name = 'generation') - {}",
                          kChangeFeedLength)),
      .generation = sql("SELECT value FROM meta WHERE name = 'generation'"),
      .changes_after = sql(fmt::format(
          "SELECT {} FROM chunk_changes WHERE seq > ? ORDER BY seq LIMIT ?", kChangeColumns)),

      .insert_source = sql(fmt::format(
          "INSERT INTO sources ({}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
          kSourceColumns)),
      .max_version = sql("SELECT MAX(version) FROM sources WHERE id = ?"),
      .source_at =
          sql(fmt::format("SELECT {} FROM sources WHERE id = ? AND version = ?", kSourceColumns)),
      .current_sources =
          sql(fmt::format("SELECT {} FROM sources s WHERE version = "
                          "(SELECT MAX(version) FROM sources WHERE id = s.id) ORDER BY id",
                          kSourceColumns)),
      .source_id_for_path =
          sql("SELECT id FROM sources WHERE path = ? ORDER BY added_at DESC, version DESC LIMIT 1"),
      .chunks_of = sql(
          fmt::format("SELECT {} FROM chunks WHERE source_id = ? AND version = ? ORDER BY ordinal",
                      kChunkColumns)),
      .chunk_page = sql(fmt::format("SELECT {} FROM chunks WHERE source_id = ? AND version = ? "
                                    "AND ordinal >= ? ORDER BY ordinal LIMIT ?",
                                    kChunkColumns)),
      .chunk_at = sql(
          fmt::format("SELECT {} FROM chunks WHERE source_id = ? AND version = ? AND ordinal = ?",
                      kChunkColumns)),
      .delete_chunks = sql("DELETE FROM chunks WHERE source_id = ?"),
      .delete_source = sql("DELETE FROM sources WHERE id = ?"),

      // Portable upsert: SQLite 3.24+ and PostgreSQL 9.5+ both accept ON CONFLICT … DO UPDATE.
      .put_record = sql(fmt::format(
          "INSERT INTO records (kind, {}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
          "ON CONFLICT (kind, id) DO UPDATE SET slug = excluded.slug, title = excluded.title, "
          "plan = excluded.plan, language = excluded.language, build_key = excluded.build_key, "
          "owner = excluded.owner, body = excluded.body, updated_at = excluded.updated_at",
          kRecordColumns)),
      .record_by_id_or_slug =
          sql(fmt::format("SELECT {} FROM records WHERE kind = ? AND (id = ? OR slug = ?) "
                          "ORDER BY CASE WHEN id = ? THEN 0 ELSE 1 END, updated_at DESC LIMIT 1",
                          kRecordColumns)),
      .records_of_kind = sql(fmt::format(
          "SELECT {} FROM records WHERE kind = ? ORDER BY created_at DESC, id", kRecordColumns)),
      .delete_record = sql("DELETE FROM records WHERE kind = ? AND id = ?"),

      // Inserted only when the expected version is the newest; two editors who both expected
      // it both try the same key, and the second does nothing (no rows: a conflict).
      .add_lesson_version = sql(fmt::format(
          "INSERT INTO lesson_versions ({}) SELECT ?, CAST(? AS INTEGER), ?, ?, ?, ? WHERE "
          "COALESCE((SELECT MAX(version) FROM lesson_versions WHERE lesson_id = ?), 0) = ? "
          "ON CONFLICT (lesson_id, version) DO NOTHING",
          kLessonVersionColumns)),
      .lesson_versions =
          sql(fmt::format("SELECT {} FROM lesson_versions WHERE lesson_id = ? ORDER BY version",
                          kLessonVersionColumns)),
      .delete_lesson_version =
          sql("DELETE FROM lesson_versions WHERE lesson_id = ? AND version = ?"),

      // Only a taken name is an expected miss; a taken id still fails on the primary key.
      .insert_user =
          sql("INSERT INTO users (id, name, name_key, display_name, password_hash, created_at) "
              "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (name_key) DO NOTHING"),
      .user_by_id = sql(fmt::format("SELECT {} FROM users WHERE id = ?", kUserColumns)),
      .user_by_name = sql(fmt::format("SELECT {} FROM users WHERE name_key = ?", kUserColumns)),
      .user_exists = sql("SELECT 1 FROM users WHERE id = ?"),
      .put_session = sql(fmt::format(
          "INSERT INTO sessions ({}) VALUES (?, ?, ?, ?, ?) ON CONFLICT (token_digest) DO UPDATE "
          "SET csrf_token = excluded.csrf_token, expires_at = excluded.expires_at",
          kSessionColumns)),
      .session_at = sql(fmt::format(
          "SELECT {} FROM sessions WHERE token_digest = ? AND expires_at > ?", kSessionColumns)),
      .delete_session = sql("DELETE FROM sessions WHERE token_digest = ?"),
      .delete_expired_sessions = sql("DELETE FROM sessions WHERE expires_at <= ?"),

      // seq orders the writes: one past the largest, read in the writer's transaction. A second
      // review of the lesson by the same user replaces the first in place, so its id,
      // created_at and likes stay.
      .put_review =
          sql("INSERT INTO reviews (id, lesson_id, user_id, rating, body, seq, created_at, "
              "updated_at) VALUES (?, ?, ?, ?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM reviews), "
              "?, ?) ON CONFLICT (lesson_id, user_id) DO UPDATE SET rating = excluded.rating, "
              "body = excluded.body, seq = excluded.seq, updated_at = excluded.updated_at"),
      .review_of_user =
          sql(fmt::format("{} WHERE r.lesson_id = ? AND r.user_id = ?", kSelectReview)),
      .reviews_of_lesson =
          sql(fmt::format("{} WHERE r.lesson_id = ? ORDER BY r.seq DESC", kSelectReview)),
      .review_by_id = sql(fmt::format("{} WHERE r.id = ?", kSelectReview)),
      .lock_own_review =
          sql(fmt::format("SELECT 1 FROM reviews WHERE id = ? AND user_id = ?{}", for_update)),
      .lock_review = sql(fmt::format("SELECT 1 FROM reviews WHERE id = ?{}", for_share)),
      .delete_review = sql("DELETE FROM reviews WHERE id = ?"),
      // Likes go first, so that a review goes whether or not the backend enforces the cascade.
      .delete_likes_of_review = sql("DELETE FROM review_likes WHERE review_id = ?"),
      .like_review =
          sql("INSERT INTO review_likes (review_id, user_id, created_at) VALUES (?, ?, ?) "
              "ON CONFLICT (review_id, user_id) DO NOTHING"),
      .unlike_review = sql("DELETE FROM review_likes WHERE review_id = ? AND user_id = ?"),
      .rating_counts =
          sql("SELECT rating, COUNT(*) FROM reviews WHERE lesson_id = ? GROUP BY rating"),
      .delete_likes_of_lesson = sql("DELETE FROM review_likes WHERE review_id IN "
                                    "(SELECT id FROM reviews WHERE lesson_id = ?)"),
      .delete_reviews_of_lesson = sql("DELETE FROM reviews WHERE lesson_id = ?"),
  };
}

}  // namespace

std::string number_placeholders(std::string_view sql) {
  std::string out;
  out.reserve(sql.size() + 16);
  int next = 1;
  std::size_t i = 0;
  // Copies sql[i, the end of `closer` after from) whole; to the end when it is not closed.
  const auto copy_through = [&](std::size_t from, std::string_view closer) {
    const std::size_t end = sql.find(closer, from);
    const std::size_t stop = end == std::string_view::npos ? sql.size() : end + closer.size();
    out.append(sql.substr(i, stop - i));
    i = stop;
  };
  while (i < sql.size()) {
    const char c = sql[i];
    if (c == '\'' || c == '"') {
      // A doubled quote inside ('it''s') closes and reopens: the same text either way.
      copy_through(i + 1, std::string_view(&sql[i], 1));
    } else if (sql.substr(i, 2) == "--") {
      copy_through(i + 2, "\n");
    } else if (sql.substr(i, 2) == "/*") {
      copy_through(i + 2, "*/");
    } else if (c == '?') {
      out += fmt::format("${}", next++);
      ++i;
    } else {
      out += c;
      ++i;
    }
  }
  return out;
}

const Queries& queries(Dialect dialect) {
  static const Queries kSqlite = build(Dialect::kSqlite);
  static const Queries kPostgres = build(Dialect::kPostgres);
  return dialect == Dialect::kPostgres ? kPostgres : kSqlite;
}

}  // namespace lectio::store
