#pragma once
// The spaced-review tables of the SQLite store (card_schedules, card_reviews, quiz_scores) and the
// lessons each learner heard (lessons_heard).
// Not thread-safe, like the store that owns it.
#include <optional>
#include <string_view>
#include <vector>

#include "lectio/store/community_store.h"
#include "sqlite_db.h"
#include "study_queries.h"

namespace lectio::store::sqlite {

class StudyTables {
 public:
  explicit StudyTables(Database& db) : db_(db) {}
  void put_review(std::string_view user_id, const CardReview& review);
  std::optional<CardSchedule> schedule(std::string_view user_id, std::string_view card_id);
  std::vector<CardSchedule> schedules(std::string_view user_id);
  std::vector<CardReview> reviews(std::string_view user_id, std::string_view card_id);
  void put_quiz_score(std::string_view user_id, const QuizScore& score);
  std::vector<QuizScore> quiz_scores(std::string_view user_id);
  void put_heard(std::string_view user_id, const HeardLesson& heard);
  std::vector<HeardLesson> heard_lessons(std::string_view user_id);

 private:
  void require_user(std::string_view user_id);

  Database& db_;
  const StudyQueries& sql_ = study_queries(Dialect::kSqlite);
};

}  // namespace lectio::store::sqlite
