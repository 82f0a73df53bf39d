// The PostgreSQL backend of the community store: users, sessions, reviews and likes. The
// rules (name keys, time stamps, review limits: community_rules.h), the SQL (queries.h) and
// the row readers (rows.h) are the SQLite backend's, so both backends accept, refuse and
// return the same.
#include <fmt/format.h>

#include <memory>

#include "community_rules.h"
#include "lectio/core/clock.h"
#include "lectio/core/error.h"
#include "lectio/pg/connection.h"
#include "lectio/store/pg_store.h"
#include "pg_backend.h"
#include "pg_study.h"
#include "queries.h"
#include "rows.h"

namespace lectio::store {

namespace {

// One connection, shared with its owner.
class PgCommunityStore final : public CommunityStore {
 public:
  // Throws InvalidInput for an older schema, Unsupported for a newer one.
  explicit PgCommunityStore(std::shared_ptr<pg::Connection> db) : db_(std::move(db)) {
    require_store_schema(*db_);
  }

  std::optional<User> create_user(const User& user) override;
  std::optional<User> user(std::string_view id) override;
  std::optional<User> user_by_name(std::string_view name) override;
  void put_session(const Session& session) override;
  std::optional<Session> session(std::string_view token_digest, std::string_view now_iso) override;
  void delete_session(std::string_view token_digest) override;
  int delete_expired_sessions(std::string_view now_iso) override;
  Review put_review(std::string_view lesson_id, std::string_view user_id, int rating,
                    std::string_view text) override;
  std::vector<Review> reviews(std::string_view lesson_id, std::string_view viewer_user_id) override;
  std::optional<Review> review(std::string_view review_id) override;
  bool delete_review(std::string_view review_id, std::string_view user_id) override;
  bool set_review_like(std::string_view review_id, std::string_view user_id, bool liked) override;
  RatingSummary rating_summary(std::string_view lesson_id) override;
  int delete_reviews_of_lesson(std::string_view lesson_id) override;
  void put_card_review(std::string_view user_id, const CardReview& review) override {
    pg_study::put_review(*db_, user_id, review);
  }
  std::optional<CardSchedule> card_schedule(std::string_view user_id,
                                            std::string_view card_id) override {
    return pg_study::schedule(*db_, user_id, card_id);
  }
  std::vector<CardSchedule> card_schedules(std::string_view user_id) override {
    return pg_study::schedules(*db_, user_id);
  }
  std::vector<CardReview> card_reviews(std::string_view user_id,
                                       std::string_view card_id) override {
    return pg_study::reviews(*db_, user_id, card_id);
  }
  void put_quiz_score(std::string_view user_id, const QuizScore& score) override {
    pg_study::put_quiz_score(*db_, user_id, score);
  }
  std::vector<QuizScore> quiz_scores(std::string_view user_id) override {
    return pg_study::quiz_scores(*db_, user_id);
  }
  void put_heard(std::string_view user_id, const HeardLesson& heard) override {
    pg_study::put_heard(*db_, user_id, heard);
  }
  std::vector<HeardLesson> heard_lessons(std::string_view user_id) override {
    return pg_study::heard_lessons(*db_, user_id);
  }

 private:
  void require_user(std::string_view user_id);

  std::shared_ptr<pg::Connection> db_;
  const Queries& sql_ = queries(Dialect::kPostgres);
};

}  // namespace

std::optional<User> PgCommunityStore::create_user(const User& user) {
  const User stored = checked_new_user(user);
  if (db_->exec(sql_.insert_user, pg_params(user_values(stored))).affected() == 0) {
    return std::nullopt;
  }
  return stored;
}

std::optional<User> PgCommunityStore::user(std::string_view id) {
  const pg::Result r = db_->exec(sql_.user_by_id, {id});
  if (r.rows() == 0) return std::nullopt;
  return read_user(PgRow(r, 0));
}

std::optional<User> PgCommunityStore::user_by_name(std::string_view name) {
  const pg::Result r = db_->exec(sql_.user_by_name, {name_key(name)});
  if (r.rows() == 0) return std::nullopt;
  return read_user(PgRow(r, 0));
}

void PgCommunityStore::put_session(const Session& session) {
  check_session(session);
  pg::Transaction tx(*db_);
  if (!user(session.user_id)) {
    throw NotFound(fmt::format("session: no user '{}'", session.user_id));
  }
  db_->exec(sql_.put_session, pg_params(session_values(session)));
  tx.commit();
}

std::optional<Session> PgCommunityStore::session(std::string_view token_digest,
                                                 std::string_view now_iso) {
  require_time("now", now_iso);
  const pg::Result r = db_->exec(sql_.session_at, {token_digest, now_iso});
  if (r.rows() == 0) return std::nullopt;
  return read_session(PgRow(r, 0));
}

void PgCommunityStore::delete_session(std::string_view token_digest) {
  db_->exec(sql_.delete_session, {token_digest});
}

int PgCommunityStore::delete_expired_sessions(std::string_view now_iso) {
  require_time("now", now_iso);
  return db_->exec(sql_.delete_expired_sessions, {now_iso}).affected();
}

Review PgCommunityStore::put_review(std::string_view lesson_id, std::string_view user_id,
                                    int rating, std::string_view text) {
  check_review(lesson_id, rating, text);
  pg::Transaction tx(*db_);
  require_user(user_id);
  // put_review's seq is one past the largest: the lock orders concurrent writers.
  db_->exec("LOCK TABLE reviews IN SHARE ROW EXCLUSIVE MODE");
  db_->exec(sql_.put_review, pg_params(review_values(lesson_id, user_id, rating, text)));
  const pg::Result r = db_->exec(sql_.review_of_user, {user_id, lesson_id, user_id});
  if (r.rows() == 0) {
    throw Internal(fmt::format("review of {}: missing after writing it", lesson_id));
  }
  Review stored = read_review(PgRow(r, 0));
  tx.commit();
  return stored;
}

std::vector<Review> PgCommunityStore::reviews(std::string_view lesson_id,
                                              std::string_view viewer_user_id) {
  return read_rows(db_->exec(sql_.reviews_of_lesson, {viewer_user_id, lesson_id}), read_review);
}

std::optional<Review> PgCommunityStore::review(std::string_view review_id) {
  const pg::Result r = db_->exec(sql_.review_by_id, {"", review_id});
  if (r.rows() == 0) return std::nullopt;
  return read_review(PgRow(r, 0));
}

bool PgCommunityStore::delete_review(std::string_view review_id, std::string_view user_id) {
  pg::Transaction tx(*db_);
  if (db_->exec(sql_.lock_own_review, {review_id, user_id}).rows() == 0) return false;
  db_->exec(sql_.delete_likes_of_review, {review_id});
  db_->exec(sql_.delete_review, {review_id});
  tx.commit();
  return true;
}

bool PgCommunityStore::set_review_like(std::string_view review_id, std::string_view user_id,
                                       bool liked) {
  pg::Transaction tx(*db_);
  if (db_->exec(sql_.lock_review, {review_id}).rows() == 0) return false;
  require_user(user_id);
  if (liked) {
    db_->exec(sql_.like_review, {review_id, user_id, utc_timestamp()});
  } else {
    db_->exec(sql_.unlike_review, {review_id, user_id});
  }
  tx.commit();
  return true;
}

RatingSummary PgCommunityStore::rating_summary(std::string_view lesson_id) {
  return summarize_ratings(
      read_rows(db_->exec(sql_.rating_counts, {lesson_id}), read_rating_count));
}

int PgCommunityStore::delete_reviews_of_lesson(std::string_view lesson_id) {
  pg::Transaction tx(*db_);
  db_->exec(sql_.delete_likes_of_lesson, {lesson_id});
  const int removed = db_->exec(sql_.delete_reviews_of_lesson, {lesson_id}).affected();
  tx.commit();
  return removed;
}

void PgCommunityStore::require_user(std::string_view user_id) {
  if (db_->exec(sql_.user_exists, {user_id}).rows() == 0) {
    throw NotFound(fmt::format("review: no user '{}'", user_id));
  }
}

std::unique_ptr<CommunityStore> open_pg_community_store(std::shared_ptr<pg::Connection> db) {
  return std::make_unique<PgCommunityStore>(std::move(db));
}

std::unique_ptr<CommunityStore> open_pg_community_store(const std::string& url) {
  return open_pg_community_store(std::make_shared<pg::Connection>(url));
}

}  // namespace lectio::store
