#include "sqlite_reviews.h"

#include <fmt/format.h>

#include "community_rules.h"
#include "lectio/core/clock.h"
#include "lectio/core/error.h"
#include "lectio/core/password.h"

namespace lectio::store::sqlite {

namespace {

// A review with its author's display name, its like count and whether the viewer (the first
// parameter) liked it. CASE keeps the flag an integer on PostgreSQL too, where EXISTS is a
// boolean.
constexpr std::string_view kSelectReview =
    "SELECT r.id, r.lesson_id, r.user_id, COALESCE(u.display_name, ''), r.rating, r.body, "
    "(SELECT COUNT(*) FROM review_likes l WHERE l.review_id = r.id), "
    "CASE WHEN EXISTS (SELECT 1 FROM review_likes l WHERE l.review_id = r.id AND l.user_id = ?) "
    "THEN 1 ELSE 0 END, r.created_at, r.updated_at "
    "FROM reviews r LEFT JOIN users u ON u.id = r.user_id ";

Review read_review(const Statement& s) {
  Review r;
  r.id = s.text(0);
  r.lesson_id = s.text(1);
  r.user_id = s.text(2);
  r.user_name = s.text(3);
  r.rating = s.integer(4);
  r.text = s.text(5);
  r.likes = s.integer(6);
  r.liked_by_viewer = s.integer(7) != 0;
  r.created_at = s.text(8);
  r.updated_at = s.text(9);
  return r;
}

int changes(const Database& db) {
  return sqlite3_changes(db.handle());
}

}  // namespace

ReviewTables::ReviewTables(Database& db)
    : db_(db),
      list_(
          db.prepare(fmt::format("{} WHERE r.lesson_id = ? ORDER BY r.seq DESC", kSelectReview))) {}

void ReviewTables::require_user(std::string_view user_id) {
  Statement q = db_.prepare("SELECT 1 FROM users WHERE id = ?");
  q.bind(1, user_id);
  if (!q.step()) throw NotFound(fmt::format("review: no user '{}'", user_id));
}

Review ReviewTables::put(std::string_view lesson_id, std::string_view user_id, int rating,
                         std::string_view text) {
  check_review(lesson_id, rating, text);
  Transaction tx(db_);
  require_user(user_id);
  // seq is the order of writes: one past the largest, inside this write transaction.
  Statement next = db_.prepare("SELECT COALESCE(MAX(seq), 0) + 1 FROM reviews");
  next.step();
  const std::int64_t seq = next.int64(0);
  next.reset();
  const std::string now = utc_timestamp();
  // Portable upsert: a second review of the lesson by the same user replaces the first in
  // place, so its id, created_at and likes stay.
  Statement upsert = db_.prepare(
      "INSERT INTO reviews (id, lesson_id, user_id, rating, body, seq, created_at, updated_at) "
      "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (lesson_id, user_id) DO UPDATE SET "
      "rating = excluded.rating, body = excluded.body, seq = excluded.seq, "
      "updated_at = excluded.updated_at");
  upsert.bind(1, "review_" + random_token(12)).bind(2, lesson_id).bind(3, user_id);
  upsert.bind(4, rating).bind(5, text).bind(6, seq).bind(7, now).bind(8, now);
  upsert.run();
  Statement q =
      db_.prepare(fmt::format("{} WHERE r.lesson_id = ? AND r.user_id = ?", kSelectReview));
  q.bind(1, user_id).bind(2, lesson_id).bind(3, user_id);
  if (!q.step()) throw Internal(fmt::format("review of {}: missing after writing it", lesson_id));
  Review stored = read_review(q);
  q.reset();
  tx.commit();
  return stored;
}

std::vector<Review> ReviewTables::list(std::string_view lesson_id,
                                       std::string_view viewer_user_id) {
  const ResetOnExit done(list_);
  list_.bind(1, viewer_user_id).bind(2, lesson_id);
  std::vector<Review> out;
  while (list_.step()) out.push_back(read_review(list_));
  return out;
}

std::optional<Review> ReviewTables::get(std::string_view review_id,
                                        std::string_view viewer_user_id) {
  Statement q = db_.prepare(fmt::format("{} WHERE r.id = ?", kSelectReview));
  q.bind(1, viewer_user_id).bind(2, review_id);
  if (!q.step()) return std::nullopt;
  return read_review(q);
}

bool ReviewTables::remove(std::string_view review_id, std::string_view user_id) {
  Transaction tx(db_);
  Statement mine = db_.prepare("SELECT 1 FROM reviews WHERE id = ? AND user_id = ?");
  mine.bind(1, review_id).bind(2, user_id);
  if (!mine.step()) return false;
  mine.reset();
  // Likes first, so that the review goes whether or not the backend enforces the cascade.
  Statement likes = db_.prepare("DELETE FROM review_likes WHERE review_id = ?");
  likes.bind(1, review_id);
  likes.run();
  Statement review = db_.prepare("DELETE FROM reviews WHERE id = ?");
  review.bind(1, review_id);
  review.run();
  tx.commit();
  return true;
}

bool ReviewTables::set_like(std::string_view review_id, std::string_view user_id, bool liked) {
  Transaction tx(db_);
  Statement exists = db_.prepare("SELECT 1 FROM reviews WHERE id = ?");
  exists.bind(1, review_id);
  if (!exists.step()) return false;
  exists.reset();
  require_user(user_id);
  Statement q = db_.prepare(liked ? "INSERT INTO review_likes (review_id, user_id, created_at) "
                                    "VALUES (?, ?, ?) ON CONFLICT (review_id, user_id) DO NOTHING"
                                  : "DELETE FROM review_likes WHERE review_id = ? AND user_id = ?");
  q.bind(1, review_id).bind(2, user_id);
  if (liked) q.bind(3, utc_timestamp());
  q.run();
  tx.commit();
  return true;
}

RatingSummary ReviewTables::summary(std::string_view lesson_id) {
  Statement q =
      db_.prepare("SELECT rating, COUNT(*) FROM reviews WHERE lesson_id = ? GROUP BY rating");
  q.bind(1, lesson_id);
  std::vector<std::pair<int, int>> counts;
  while (q.step()) counts.emplace_back(q.integer(0), q.integer(1));
  return summarize_ratings(counts);
}

int ReviewTables::remove_lesson(std::string_view lesson_id) {
  Transaction tx(db_);
  Statement likes = db_.prepare(
      "DELETE FROM review_likes WHERE review_id IN (SELECT id FROM reviews WHERE lesson_id = ?)");
  likes.bind(1, lesson_id);
  likes.run();
  Statement reviews = db_.prepare("DELETE FROM reviews WHERE lesson_id = ?");
  reviews.bind(1, lesson_id);
  reviews.run();
  const int removed = changes(db_);
  tx.commit();
  return removed;
}

}  // namespace lectio::store::sqlite
