#include "study_queries.h"

#include <fmt/format.h>

#include <charconv>

#include "community_rules.h"
#include "lectio/core/error.h"

namespace lectio::store {

namespace {

StudyQueries make(Dialect dialect) {
  auto sql = [dialect](std::string_view text) {
    return dialect == Dialect::kPostgres ? number_placeholders(text) : std::string(text);
  };
  const std::string_view for_update = dialect == Dialect::kPostgres ? " FOR UPDATE" : "";
  return {
      .lock_user = sql(fmt::format("SELECT 1 FROM users WHERE id = ?{}", for_update)),
      .insert_card_review = sql(fmt::format(
          "INSERT INTO card_reviews (seq, user_id, {}) VALUES ((SELECT COALESCE(MAX(seq), 0) + 1 "
          "FROM card_reviews WHERE user_id = ?), ?, ?, ?, ?, ?, ?, ?, ?, ?)",
          kCardReviewColumns)),
      .put_card_schedule = sql(fmt::format(
          "INSERT INTO card_schedules (user_id, {}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
          "ON CONFLICT (user_id, card_id) DO UPDATE SET lesson_id = excluded.lesson_id, "
          "state = excluded.state, stability = excluded.stability, "
          "difficulty = excluded.difficulty, reps = excluded.reps, lapses = excluded.lapses, "
          "scheduled_days = excluded.scheduled_days, due_at = excluded.due_at, "
          "last_review_at = excluded.last_review_at",
          kCardScheduleColumns)),
      .card_schedule = sql(fmt::format(
          "SELECT {} FROM card_schedules WHERE user_id = ? AND card_id = ?", kCardScheduleColumns)),
      .card_schedules = sql(
          fmt::format("SELECT {} FROM card_schedules WHERE user_id = ? ORDER BY due_at, card_id",
                      kCardScheduleColumns)),
      .card_reviews = sql(
          fmt::format("SELECT {} FROM card_reviews WHERE user_id = ? AND card_id = ? ORDER BY seq",
                      kCardReviewColumns)),
      .put_quiz_score = sql(
          fmt::format("INSERT INTO quiz_scores (user_id, {}) VALUES (?, ?, ?, ?, ?) "
                      "ON CONFLICT (user_id, lesson_id) DO UPDATE SET correct = excluded.correct, "
                      "total = excluded.total, taken_at = excluded.taken_at",
                      kQuizScoreColumns)),
      .quiz_scores = sql(fmt::format(
          "SELECT {} FROM quiz_scores WHERE user_id = ? ORDER BY lesson_id", kQuizScoreColumns)),
      .put_heard = sql(fmt::format("INSERT INTO lessons_heard (user_id, {}) VALUES (?, ?, ?) "
                                   "ON CONFLICT (user_id, lesson_id) DO NOTHING",
                                   kHeardColumns)),
      .heard_lessons = sql(
          fmt::format("SELECT {} FROM lessons_heard WHERE user_id = ? ORDER BY heard_at, lesson_id",
                      kHeardColumns)),
  };
}

// The shortest decimal that reads back as the same double.
std::string exact(double v) {
  return fmt::format("{}", v);
}

double parse_exact(const std::string& text) {
  double v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size()) {
    throw Internal(fmt::format("card schedule: '{}' is not a number", text));
  }
  return v;
}

}  // namespace

const StudyQueries& study_queries(Dialect dialect) {
  static const StudyQueries kSqlite = make(Dialect::kSqlite);
  static const StudyQueries kPostgres = make(Dialect::kPostgres);
  return dialect == Dialect::kPostgres ? kPostgres : kSqlite;
}

void check_card_review(const CardReview& r) {
  if (r.card_id.empty()) throw InvalidInput("card review: field 'card_id' is empty");
  if (r.lesson_id.empty()) throw InvalidInput("card review: field 'lesson_id' is empty");
  if (r.rating < 1 || r.rating > 4) {
    throw InvalidInput(fmt::format("card review: field 'rating': {} is not 1..4", r.rating));
  }
  require_time("card review: field 'reviewed_at'", r.reviewed_at);
  require_time("card review: field 'after.due_at'", r.after.due_at);
  require_time("card review: field 'after.last_review_at'", r.after.last_review_at);
}

void check_quiz_score(const QuizScore& s) {
  if (s.lesson_id.empty()) throw InvalidInput("quiz score: field 'lesson_id' is empty");
  if (s.correct < 0 || s.total < s.correct) {
    throw InvalidInput(
        fmt::format("quiz score: field 'correct': {} of {} is not a score", s.correct, s.total));
  }
  require_time("quiz score: field 'taken_at'", s.taken_at);
}

void check_heard(const HeardLesson& h) {
  if (h.lesson_id.empty()) throw InvalidInput("heard lesson: field 'lesson_id' is empty");
  require_time("heard lesson: field 'heard_at'", h.heard_at);
}

Values card_review_values(std::string_view user_id, const CardReview& r) {
  return {std::string(user_id),
          std::string(user_id),
          r.card_id,
          r.lesson_id,
          std::int64_t{r.rating},
          r.reviewed_at,
          std::int64_t{r.elapsed_days},
          std::int64_t{r.after.scheduled_days},
          exact(r.after.stability),
          exact(r.after.difficulty)};
}

Values card_schedule_values(std::string_view user_id, const CardReview& r) {
  const CardSchedule& a = r.after;
  return {std::string(user_id),
          r.card_id,
          r.lesson_id,
          std::int64_t{a.state},
          exact(a.stability),
          exact(a.difficulty),
          std::int64_t{a.reps},
          std::int64_t{a.lapses},
          std::int64_t{a.scheduled_days},
          a.due_at,
          a.last_review_at};
}

Values quiz_score_values(std::string_view user_id, const QuizScore& s) {
  return {std::string(user_id), s.lesson_id, std::int64_t{s.correct}, std::int64_t{s.total},
          s.taken_at};
}

Values heard_values(std::string_view user_id, const HeardLesson& h) {
  return {std::string(user_id), h.lesson_id, h.heard_at};
}

CardSchedule read_card_schedule(const Row& row) {
  CardSchedule s;
  s.card_id = row.text(0);
  s.lesson_id = row.text(1);
  s.state = row.integer(2);
  s.stability = parse_exact(row.text(3));
  s.difficulty = parse_exact(row.text(4));
  s.reps = row.integer(5);
  s.lapses = row.integer(6);
  s.scheduled_days = row.integer(7);
  s.due_at = row.text(8);
  s.last_review_at = row.text(9);
  return s;
}

CardReview read_card_review(const Row& row) {
  CardReview r;
  r.card_id = row.text(0);
  r.lesson_id = row.text(1);
  r.rating = row.integer(2);
  r.reviewed_at = row.text(3);
  r.elapsed_days = row.integer(4);
  r.after.card_id = r.card_id;
  r.after.lesson_id = r.lesson_id;
  r.after.scheduled_days = row.integer(5);
  r.after.stability = parse_exact(row.text(6));
  r.after.difficulty = parse_exact(row.text(7));
  r.after.last_review_at = r.reviewed_at;
  return r;
}

QuizScore read_quiz_score(const Row& row) {
  return {row.text(0), row.integer(1), row.integer(2), row.text(3)};
}

HeardLesson read_heard(const Row& row) {
  return {row.text(0), row.text(1)};
}

}  // namespace lectio::store
