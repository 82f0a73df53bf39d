#pragma once
// The spaced-review tables (migration 6) and the lessons heard (migration 8) for both backends:
// their SQL, the values bound, the row readers and the checks both backends make before writing.
#include <string>
#include <string_view>

#include "lectio/store/community_store.h"
#include "queries.h"
#include "row.h"

namespace lectio::store {

inline constexpr std::string_view kCardScheduleColumns =
    "card_id, lesson_id, state, stability, difficulty, reps, lapses, scheduled_days, due_at, "
    "last_review_at";
inline constexpr std::string_view kCardReviewColumns =
    "card_id, lesson_id, rating, reviewed_at, elapsed_days, scheduled_days, stability, "
    "difficulty";
inline constexpr std::string_view kQuizScoreColumns = "lesson_id, correct, total, taken_at";
inline constexpr std::string_view kHeardColumns = "lesson_id, heard_at";

struct StudyQueries {
  std::string lock_user;           // user id (PostgreSQL: FOR UPDATE, ordering writers)
  std::string insert_card_review;  // user id, then card_review_values()
  std::string put_card_schedule;   // card_schedule_values()
  std::string card_schedule;       // user id, card id
  std::string card_schedules;      // user id
  std::string card_reviews;        // user id, card id
  std::string put_quiz_score;      // quiz_score_values()
  std::string quiz_scores;         // user id
  std::string put_heard;           // heard_values()
  std::string heard_lessons;       // user id
};

const StudyQueries& study_queries(Dialect dialect);

// Throw InvalidInput naming the field that is wrong.
void check_card_review(const CardReview& review);
void check_quiz_score(const QuizScore& score);
void check_heard(const HeardLesson& heard);

Values card_review_values(std::string_view user_id, const CardReview& review);
Values card_schedule_values(std::string_view user_id, const CardReview& review);
Values quiz_score_values(std::string_view user_id, const QuizScore& score);
Values heard_values(std::string_view user_id, const HeardLesson& heard);

CardSchedule read_card_schedule(const Row& row);  // kCardScheduleColumns
CardReview read_card_review(const Row& row);      // kCardReviewColumns
QuizScore read_quiz_score(const Row& row);        // kQuizScoreColumns
HeardLesson read_heard(const Row& row);           // kHeardColumns

}  // namespace lectio::store
