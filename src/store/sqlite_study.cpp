#include "sqlite_study.h"

#include <fmt/format.h>

#include "lectio/core/error.h"

namespace lectio::store::sqlite {

void StudyTables::require_user(std::string_view user_id) {
  Statement q = db_.prepare(sql_.lock_user);
  q.bind(1, user_id);
  if (!q.step()) throw NotFound(fmt::format("card review: no user '{}'", user_id));
}

void StudyTables::put_review(std::string_view user_id, const CardReview& review) {
  check_card_review(review);
  Transaction tx(db_);
  require_user(user_id);
  db_.prepare(sql_.insert_card_review).bind_all(card_review_values(user_id, review)).run();
  db_.prepare(sql_.put_card_schedule).bind_all(card_schedule_values(user_id, review)).run();
  tx.commit();
}

std::optional<CardSchedule> StudyTables::schedule(std::string_view user_id,
                                                  std::string_view card_id) {
  Statement q = db_.prepare(sql_.card_schedule);
  q.bind(1, user_id).bind(2, card_id);
  if (!q.step()) return std::nullopt;
  return read_card_schedule(sqlite::StatementRow(q));
}

std::vector<CardSchedule> StudyTables::schedules(std::string_view user_id) {
  Statement q = db_.prepare(sql_.card_schedules);
  q.bind(1, user_id);
  std::vector<CardSchedule> out;
  while (q.step()) out.push_back(read_card_schedule(sqlite::StatementRow(q)));
  return out;
}

std::vector<CardReview> StudyTables::reviews(std::string_view user_id, std::string_view card_id) {
  Statement q = db_.prepare(sql_.card_reviews);
  q.bind(1, user_id).bind(2, card_id);
  std::vector<CardReview> out;
  while (q.step()) out.push_back(read_card_review(sqlite::StatementRow(q)));
  return out;
}

void StudyTables::put_quiz_score(std::string_view user_id, const QuizScore& score) {
  check_quiz_score(score);
  Transaction tx(db_);
  require_user(user_id);
  db_.prepare(sql_.put_quiz_score).bind_all(quiz_score_values(user_id, score)).run();
  tx.commit();
}

std::vector<QuizScore> StudyTables::quiz_scores(std::string_view user_id) {
  Statement q = db_.prepare(sql_.quiz_scores);
  q.bind(1, user_id);
  std::vector<QuizScore> out;
  while (q.step()) out.push_back(read_quiz_score(sqlite::StatementRow(q)));
  return out;
}

void StudyTables::put_heard(std::string_view user_id, const HeardLesson& heard) {
  check_heard(heard);
  Transaction tx(db_);
  require_user(user_id);
  db_.prepare(sql_.put_heard).bind_all(heard_values(user_id, heard)).run();
  tx.commit();
}

std::vector<HeardLesson> StudyTables::heard_lessons(std::string_view user_id) {
  Statement q = db_.prepare(sql_.heard_lessons);
  q.bind(1, user_id);
  std::vector<HeardLesson> out;
  while (q.step()) out.push_back(read_heard(sqlite::StatementRow(q)));
  return out;
}

}  // namespace lectio::store::sqlite
