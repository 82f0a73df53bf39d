// The SQLite backend of the community store: users, sessions, reviews and likes.
#include <memory>

#include "lectio/store/store.h"
#include "sqlite_accounts.h"
#include "sqlite_db.h"
#include "sqlite_reviews.h"
#include "sqlite_schema.h"
#include "sqlite_study.h"

namespace lectio::store {

namespace {

// The connection is opened and migrated before the tables prepare their statements.
sqlite::Database& migrated(sqlite::Database& db) {
  sqlite::open_schema(db);
  return db;
}

class SqliteCommunityStore final : public CommunityStore {
 public:
  explicit SqliteCommunityStore(const std::filesystem::path& file)
      : db_(file), accounts_(migrated(db_)), reviews_(db_), study_(db_) {}

  std::optional<User> create_user(const User& user) override { return accounts_.create_user(user); }
  std::optional<User> user(std::string_view id) override { return accounts_.user(id); }
  std::optional<User> user_by_name(std::string_view name) override {
    return accounts_.user_by_name(name);
  }
  void put_session(const Session& session) override { accounts_.put_session(session); }
  std::optional<Session> session(std::string_view token_digest, std::string_view now_iso) override {
    return accounts_.session(token_digest, now_iso);
  }
  void delete_session(std::string_view token_digest) override {
    accounts_.delete_session(token_digest);
  }
  int delete_expired_sessions(std::string_view now_iso) override {
    return accounts_.delete_expired_sessions(now_iso);
  }

  Review put_review(std::string_view lesson_id, std::string_view user_id, int rating,
                    std::string_view text) override {
    return reviews_.put(lesson_id, user_id, rating, text);
  }
  std::vector<Review> reviews(std::string_view lesson_id,
                              std::string_view viewer_user_id) override {
    return reviews_.list(lesson_id, viewer_user_id);
  }
  std::optional<Review> review(std::string_view review_id) override {
    return reviews_.get(review_id, "");
  }
  bool delete_review(std::string_view review_id, std::string_view user_id) override {
    return reviews_.remove(review_id, user_id);
  }
  bool set_review_like(std::string_view review_id, std::string_view user_id, bool liked) override {
    return reviews_.set_like(review_id, user_id, liked);
  }
  RatingSummary rating_summary(std::string_view lesson_id) override {
    return reviews_.summary(lesson_id);
  }
  int delete_reviews_of_lesson(std::string_view lesson_id) override {
    return reviews_.remove_lesson(lesson_id);
  }

  void put_card_review(std::string_view user_id, const CardReview& review) override {
    study_.put_review(user_id, review);
  }
  std::optional<CardSchedule> card_schedule(std::string_view user_id,
                                            std::string_view card_id) override {
    return study_.schedule(user_id, card_id);
  }
  std::vector<CardSchedule> card_schedules(std::string_view user_id) override {
    return study_.schedules(user_id);
  }
  std::vector<CardReview> card_reviews(std::string_view user_id,
                                       std::string_view card_id) override {
    return study_.reviews(user_id, card_id);
  }
  void put_quiz_score(std::string_view user_id, const QuizScore& score) override {
    study_.put_quiz_score(user_id, score);
  }
  std::vector<QuizScore> quiz_scores(std::string_view user_id) override {
    return study_.quiz_scores(user_id);
  }
  void put_heard(std::string_view user_id, const HeardLesson& heard) override {
    study_.put_heard(user_id, heard);
  }
  std::vector<HeardLesson> heard_lessons(std::string_view user_id) override {
    return study_.heard_lessons(user_id);
  }

 private:
  sqlite::Database db_;
  // Declared after db_: their prepared statements are finalized before it closes.
  sqlite::AccountTables accounts_;
  sqlite::ReviewTables reviews_;
  sqlite::StudyTables study_;
};

}  // namespace

std::unique_ptr<CommunityStore> open_sqlite_community_store(const std::filesystem::path& file) {
  return std::make_unique<SqliteCommunityStore>(file);
}

}  // namespace lectio::store
