// Spaced review's tables (migration 6) on every backend: each learner's schedule of each card,
// the log of ratings, quiz scores, the lessons heard (migration 8).
#include <gtest/gtest.h>

#include <memory>

#include "lectio/core/error.h"
#include "store_backends.h"

namespace lectio::store {

namespace {

class CardReviewsTest : public StoreBackendTest {
 protected:
  void SetUp() override {
    store_ = open_community();
    for (const char* name : {"ada", "bob"}) {
      const std::string n = name;
      ASSERT_TRUE(store_->create_user({"user_" + n, n, "Display " + n, "hash", ""}));
    }
  }

  static CardReview rated(const std::string& card, int rating, const std::string& at,
                          const std::string& due, double stability) {
    CardReview r;
    r.card_id = card;
    r.lesson_id = "lesson_1";
    r.rating = rating;
    r.reviewed_at = at;
    r.elapsed_days = 2;
    r.after = {card, "lesson_1", 2, stability, 6.123456789012345, 1, 0, 3, due, at};
    return r;
  }

  std::unique_ptr<CommunityStore> store_;
};

}  // namespace

INSTANTIATE_TEST_SUITE_P(Backends, CardReviewsTest, ::testing::ValuesIn(store_backends()),
                         backend_name);

TEST_P(CardReviewsTest, ARatingReplacesTheScheduleAndJoinsTheLog) {
  EXPECT_FALSE(store_->card_schedule("user_ada", "card_a"));
  store_->put_card_review(
      "user_ada", rated("card_a", 3, "2026-01-01T10:00:00Z", "2026-01-04T10:00:00Z", 2.3065));
  store_->put_card_review("user_ada", rated("card_a", 1, "2026-01-04T11:00:00Z",
                                            "2026-01-05T11:00:00Z", 0.41234567891234));
  const auto s = store_->card_schedule("user_ada", "card_a");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->due_at, "2026-01-05T11:00:00Z");
  EXPECT_EQ(s->last_review_at, "2026-01-04T11:00:00Z");
  EXPECT_EQ(s->stability, 0.41234567891234);  // bit for bit
  EXPECT_EQ(s->difficulty, 6.123456789012345);
  EXPECT_EQ(s->state, 2);
  const auto log = store_->card_reviews("user_ada", "card_a");
  ASSERT_EQ(log.size(), 2u);
  EXPECT_EQ(log[0].rating, 3);
  EXPECT_EQ(log[0].after.stability, 2.3065);
  EXPECT_EQ(log[1].rating, 1);
  EXPECT_EQ(log[1].reviewed_at, "2026-01-04T11:00:00Z");
  // Another learner has their own schedule, and stores reopened still hold it.
  EXPECT_FALSE(store_->card_schedule("user_bob", "card_a"));
  EXPECT_TRUE(open_community()->card_schedule("user_ada", "card_a"));
}

TEST_P(CardReviewsTest, SchedulesComeSoonestDueFirst) {
  store_->put_card_review("user_ada",
                          rated("card_b", 3, "2026-01-01T10:00:00Z", "2026-01-09T10:00:00Z", 8));
  store_->put_card_review("user_ada",
                          rated("card_a", 3, "2026-01-01T10:00:00Z", "2026-01-03T10:00:00Z", 2));
  store_->put_card_review("user_bob",
                          rated("card_c", 3, "2026-01-01T10:00:00Z", "2026-01-02T10:00:00Z", 1));
  const auto all = store_->card_schedules("user_ada");
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0].card_id, "card_a");
  EXPECT_EQ(all[1].card_id, "card_b");
}

TEST_P(CardReviewsTest, BadRatingsAndUnknownLearnersAreRefusedAndNothingIsWritten) {
  EXPECT_THROW(store_->put_card_review("user_ada", rated("card_a", 5, "2026-01-01T10:00:00Z",
                                                         "2026-01-02T10:00:00Z", 1)),
               InvalidInput);
  EXPECT_THROW(store_->put_card_review("user_ada",
                                       rated("card_a", 3, "yesterday", "2026-01-02T10:00:00Z", 1)),
               InvalidInput);
  EXPECT_THROW(store_->put_card_review("user_zed", rated("card_a", 3, "2026-01-01T10:00:00Z",
                                                         "2026-01-02T10:00:00Z", 1)),
               NotFound);
  EXPECT_FALSE(store_->card_schedule("user_ada", "card_a"));
  EXPECT_TRUE(store_->card_reviews("user_ada", "card_a").empty());
}

TEST_P(CardReviewsTest, AQuizScoreKeepsTheLastAttempt) {
  store_->put_quiz_score("user_ada", {"lesson_1", 2, 5, "2026-01-01T10:00:00Z"});
  store_->put_quiz_score("user_ada", {"lesson_1", 4, 5, "2026-01-02T10:00:00Z"});
  store_->put_quiz_score("user_ada", {"lesson_2", 1, 3, "2026-01-02T10:00:00Z"});
  const auto scores = store_->quiz_scores("user_ada");
  ASSERT_EQ(scores.size(), 2u);
  EXPECT_EQ(scores[0].lesson_id, "lesson_1");
  EXPECT_EQ(scores[0].correct, 4);
  EXPECT_EQ(scores[1].total, 3);
  EXPECT_TRUE(store_->quiz_scores("user_bob").empty());
  EXPECT_THROW(store_->put_quiz_score("user_ada", {"lesson_1", 6, 5, "2026-01-02T10:00:00Z"}),
               InvalidInput);
  EXPECT_THROW(store_->put_quiz_score("user_zed", {"lesson_1", 1, 5, "2026-01-02T10:00:00Z"}),
               NotFound);
}

TEST_P(CardReviewsTest, ALessonHeardKeepsTheFirstTimeAndIsEachLearnersOwn) {
  store_->put_heard("user_ada", {"lesson_2", "2026-01-02T10:00:00Z"});
  store_->put_heard("user_ada", {"lesson_1", "2026-01-03T10:00:00Z"});
  store_->put_heard("user_ada", {"lesson_2", "2026-01-05T10:00:00Z"});  // heard again
  const auto heard = store_->heard_lessons("user_ada");
  ASSERT_EQ(heard.size(), 2u);
  EXPECT_EQ(heard[0].lesson_id, "lesson_2");
  EXPECT_EQ(heard[0].heard_at, "2026-01-02T10:00:00Z");
  EXPECT_EQ(heard[1].lesson_id, "lesson_1");
  EXPECT_TRUE(store_->heard_lessons("user_bob").empty());
  EXPECT_THROW(store_->put_heard("user_ada", {"", "2026-01-02T10:00:00Z"}), InvalidInput);
  EXPECT_THROW(store_->put_heard("user_ada", {"lesson_3", "soon"}), InvalidInput);
  EXPECT_THROW(store_->put_heard("user_zed", {"lesson_1", "2026-01-02T10:00:00Z"}), NotFound);
  EXPECT_EQ(store_->heard_lessons("user_ada").size(), 2u);
}

}  // namespace lectio::store
