#include "pg_study.h"

#include <fmt/format.h>

#include "lectio/core/error.h"
#include "pg_backend.h"
#include "study_queries.h"

namespace lectio::store::pg_study {

namespace {

const StudyQueries& sql() {
  return study_queries(Dialect::kPostgres);
}

// Locks the user's row: a learner's writes are ordered, so the log's seq never collides.
void lock_user(pg::Connection& db, std::string_view user_id) {
  if (db.exec(sql().lock_user, {user_id}).rows() == 0) {
    throw NotFound(fmt::format("card review: no user '{}'", user_id));
  }
}

}  // namespace

void put_review(pg::Connection& db, std::string_view user_id, const CardReview& review) {
  check_card_review(review);
  pg::Transaction tx(db);
  lock_user(db, user_id);
  db.exec(sql().insert_card_review, pg_params(card_review_values(user_id, review)));
  db.exec(sql().put_card_schedule, pg_params(card_schedule_values(user_id, review)));
  tx.commit();
}

std::optional<CardSchedule> schedule(pg::Connection& db, std::string_view user_id,
                                     std::string_view card_id) {
  const pg::Result r = db.exec(sql().card_schedule, {user_id, card_id});
  if (r.rows() == 0) return std::nullopt;
  return read_card_schedule(PgRow(r, 0));
}

std::vector<CardSchedule> schedules(pg::Connection& db, std::string_view user_id) {
  return read_rows(db.exec(sql().card_schedules, {user_id}), read_card_schedule);
}

std::vector<CardReview> reviews(pg::Connection& db, std::string_view user_id,
                                std::string_view card_id) {
  return read_rows(db.exec(sql().card_reviews, {user_id, card_id}), read_card_review);
}

void put_quiz_score(pg::Connection& db, std::string_view user_id, const QuizScore& score) {
  check_quiz_score(score);
  pg::Transaction tx(db);
  lock_user(db, user_id);
  db.exec(sql().put_quiz_score, pg_params(quiz_score_values(user_id, score)));
  tx.commit();
}

std::vector<QuizScore> quiz_scores(pg::Connection& db, std::string_view user_id) {
  return read_rows(db.exec(sql().quiz_scores, {user_id}), read_quiz_score);
}

void put_heard(pg::Connection& db, std::string_view user_id, const HeardLesson& heard) {
  check_heard(heard);
  pg::Transaction tx(db);
  lock_user(db, user_id);
  db.exec(sql().put_heard, pg_params(heard_values(user_id, heard)));
  tx.commit();
}

std::vector<HeardLesson> heard_lessons(pg::Connection& db, std::string_view user_id) {
  return read_rows(db.exec(sql().heard_lessons, {user_id}), read_heard);
}

}  // namespace lectio::store::pg_study
