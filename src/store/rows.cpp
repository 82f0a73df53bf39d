#include "rows.h"

#include "community_rules.h"
#include "lectio/core/clock.h"
#include "lectio/core/password.h"

namespace lectio::store {

namespace {

std::string or_now(const std::string& stamp) {
  return stamp.empty() ? utc_timestamp() : stamp;
}

}  // namespace

std::string_view kind_name(RecordKind kind) {
  return kind == RecordKind::kLesson ? "lesson" : "plan";
}

Source read_source(const Row& row) {
  Source s;
  s.id = row.text(0);
  s.version = row.integer(1);
  s.title = row.text(2);
  s.file_name = row.text(3);
  s.path = row.text(4);
  s.origin_url = row.text(5);
  s.format = parse_format(row.text(6)).value_or(Format::kText);
  s.language = row.text(7);
  s.content_hash = row.text(8);
  s.byte_size = row.int64(9);
  s.page_count = row.integer(10);
  s.chunk_count = row.integer(11);
  s.added_at = row.text(12);
  s.owner = row.text(13);
  s.is_private = row.text(14) == "private";
  return s;
}

Chunk read_chunk(const Row& row, HeadingPathDecoder& headings) {
  Chunk c;
  c.source_id = row.text(0);
  c.version = row.integer(1);
  c.ordinal = row.integer(2);
  c.page_start = row.integer(3);
  c.page_end = row.integer(4);
  c.heading_path = headings.decode(row.text(5));
  c.text = row.text(6);
  c.word_count = row.integer(7);
  const int cut = row.integer(8);
  c.opens_mid_sentence = (cut & kCutOpens) != 0;
  c.closes_mid_sentence = (cut & kCutCloses) != 0;
  return c;
}

ChunkChange read_change(const Row& row) {
  return {row.int64(0), row.text(1), row.integer(2), row.text(3) == "delete"};
}

Record read_record(const Row& row) {
  return {row.text(0), row.text(1), row.text(2), row.text(3), row.text(4),
          row.text(5), row.text(6), row.text(7), row.text(8), row.text(9)};
}

LessonVersion read_lesson_version(const Row& row) {
  return {row.text(0), row.integer(1), row.text(2), row.text(3), row.text(4), row.text(5)};
}

Values lesson_version_values(const LessonVersion& v, int expected) {
  return {v.lesson_id, std::int64_t{expected} + 1, v.note, v.author, v.body, utc_timestamp(),
          v.lesson_id, std::int64_t{expected}};
}

User read_user(const Row& row) {
  return {row.text(0), row.text(1), row.text(2), row.text(3), row.text(4)};
}

Session read_session(const Row& row) {
  return {row.text(0), row.text(1), row.text(2), row.text(3), row.text(4)};
}

Review read_review(const Row& row) {
  Review r;
  r.id = row.text(0);
  r.lesson_id = row.text(1);
  r.user_id = row.text(2);
  r.user_name = row.text(3);
  r.rating = row.integer(4);
  r.text = row.text(5);
  r.likes = row.integer(6);
  r.liked_by_viewer = row.boolean(7);
  r.created_at = row.text(8);
  r.updated_at = row.text(9);
  return r;
}

std::pair<int, int> read_rating_count(const Row& row) {
  return {row.integer(0), row.integer(1)};
}

Values source_values(const Source& source, int version, int chunk_count) {
  return {source.id,
          version,
          source.title,
          source.file_name,
          source.path,
          source.origin_url,
          std::string(format_name(source.format)),
          source.language,
          source.content_hash,
          source.byte_size,
          source.page_count,
          chunk_count,
          or_now(source.added_at),
          source.owner,
          std::string(source.is_private ? "private" : "public")};
}

Values record_values(RecordKind kind, const Record& record) {
  const std::string now = utc_timestamp();
  return {std::string(kind_name(kind)),
          record.id,
          record.slug,
          record.title,
          record.plan,
          record.language,
          record.build_key,
          record.owner,
          record.body,
          now,
          now};
}

Values user_values(const User& user) {
  return {user.id,           user.name,          name_key(user.name),
          user.display_name, user.password_hash, user.created_at};
}

Values session_values(const Session& session) {
  return {session.token_digest, session.user_id, session.csrf_token, session.expires_at,
          or_now(session.created_at)};
}

Values review_values(std::string_view lesson_id, std::string_view user_id, int rating,
                     std::string_view text) {
  const std::string now = utc_timestamp();
  return {"review_" + random_token(12),
          std::string(lesson_id),
          std::string(user_id),
          rating,
          std::string(text),
          now,
          now};
}

}  // namespace lectio::store
