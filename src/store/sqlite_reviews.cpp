#include "sqlite_reviews.h"

#include <fmt/format.h>

#include "community_rules.h"
#include "lectio/core/clock.h"
#include "lectio/core/error.h"
#include "rows.h"

namespace lectio::store::sqlite {

ReviewTables::ReviewTables(Database& db) : db_(db), list_(db.prepare(sql_.reviews_of_lesson)) {}

void ReviewTables::require_user(std::string_view user_id) {
  Statement q = db_.prepare(sql_.user_exists);
  q.bind(1, user_id);
  if (!q.step()) throw NotFound(fmt::format("review: no user '{}'", user_id));
}

Review ReviewTables::put(std::string_view lesson_id, std::string_view user_id, int rating,
                         std::string_view text) {
  check_review(lesson_id, rating, text);
  // The write transaction orders writers: put_review's seq is one past the largest.
  Transaction tx(db_);
  require_user(user_id);
  db_.prepare(sql_.put_review).bind_all(review_values(lesson_id, user_id, rating, text)).run();
  Statement q = db_.prepare(sql_.review_of_user);
  q.bind(1, user_id).bind(2, lesson_id).bind(3, user_id);
  if (!q.step()) throw Internal(fmt::format("review of {}: missing after writing it", lesson_id));
  Review stored = read_review(sqlite::StatementRow(q));
  q.reset();
  tx.commit();
  return stored;
}

std::vector<Review> ReviewTables::list(std::string_view lesson_id,
                                       std::string_view viewer_user_id) {
  const ResetOnExit done(list_);
  list_.bind(1, viewer_user_id).bind(2, lesson_id);
  std::vector<Review> out;
  while (list_.step()) out.push_back(read_review(sqlite::StatementRow(list_)));
  return out;
}

std::optional<Review> ReviewTables::get(std::string_view review_id,
                                        std::string_view viewer_user_id) {
  Statement q = db_.prepare(sql_.review_by_id);
  q.bind(1, viewer_user_id).bind(2, review_id);
  if (!q.step()) return std::nullopt;
  return read_review(sqlite::StatementRow(q));
}

bool ReviewTables::remove(std::string_view review_id, std::string_view user_id) {
  Transaction tx(db_);
  Statement mine = db_.prepare(sql_.lock_own_review);
  mine.bind(1, review_id).bind(2, user_id);
  if (!mine.step()) return false;
  mine.reset();
  db_.prepare(sql_.delete_likes_of_review).bind(1, review_id).run();
  db_.prepare(sql_.delete_review).bind(1, review_id).run();
  tx.commit();
  return true;
}

bool ReviewTables::set_like(std::string_view review_id, std::string_view user_id, bool liked) {
  Transaction tx(db_);
  Statement exists = db_.prepare(sql_.lock_review);
  exists.bind(1, review_id);
  if (!exists.step()) return false;
  exists.reset();
  require_user(user_id);
  if (liked) {
    db_.prepare(sql_.like_review)
        .bind(1, review_id)
        .bind(2, user_id)
        .bind(3, utc_timestamp())
        .run();
  } else {
    db_.prepare(sql_.unlike_review).bind(1, review_id).bind(2, user_id).run();
  }
  tx.commit();
  return true;
}

RatingSummary ReviewTables::summary(std::string_view lesson_id) {
  Statement q = db_.prepare(sql_.rating_counts);
  q.bind(1, lesson_id);
  std::vector<std::pair<int, int>> counts;
  while (q.step()) counts.push_back(read_rating_count(sqlite::StatementRow(q)));
  return summarize_ratings(counts);
}

int ReviewTables::remove_lesson(std::string_view lesson_id) {
  Transaction tx(db_);
  db_.prepare(sql_.delete_likes_of_lesson).bind(1, lesson_id).run();
  db_.prepare(sql_.delete_reviews_of_lesson).bind(1, lesson_id).run();
  const int removed = db_.changes();
  tx.commit();
  return removed;
}

}  // namespace lectio::store::sqlite
