#include <gtest/gtest.h>

#include <memory>

#include "lectio/core/error.h"
#include "store_backends.h"

namespace lectio::store {

namespace {

// A store with three users: ada, bob and cy.
class ReviewsTest : public StoreBackendTest {
 protected:
  void SetUp() override {
    store_ = open_community();
    for (const char* name : {"ada", "bob", "cy"}) {
      const std::string n = name;
      ASSERT_TRUE(store_->create_user({"user_" + n, n, "Display " + n, "hash", ""}));
    }
  }

  std::unique_ptr<CommunityStore> store_;
};

}  // namespace

INSTANTIATE_TEST_SUITE_P(Backends, ReviewsTest, ::testing::ValuesIn(store_backends()),
                         backend_name);

TEST_P(ReviewsTest, ASecondReviewReplacesTheFirst) {
  const Review first = store_->put_review("lesson_1", "user_ada", 3, "Fine.");
  EXPECT_FALSE(first.id.empty());
  EXPECT_EQ(first.lesson_id, "lesson_1");
  EXPECT_EQ(first.user_id, "user_ada");
  EXPECT_EQ(first.user_name, "Display ada");
  EXPECT_EQ(first.rating, 3);
  EXPECT_EQ(first.text, "Fine.");
  EXPECT_FALSE(first.created_at.empty());

  const Review second = store_->put_review("lesson_1", "user_ada", 5, "Better on a re-listen.");
  EXPECT_EQ(second.id, first.id);
  EXPECT_EQ(second.created_at, first.created_at);
  EXPECT_EQ(second.rating, 5);
  const auto all = store_->reviews("lesson_1", "");
  ASSERT_EQ(all.size(), 1u);
  EXPECT_EQ(all[0].text, "Better on a re-listen.");
  EXPECT_EQ(store_->review(first.id)->rating, 5);

  // Another lesson is another review.
  EXPECT_NE(store_->put_review("lesson_2", "user_ada", 4, "").id, first.id);
  EXPECT_EQ(store_->reviews("lesson_2", "").size(), 1u);
  EXPECT_FALSE(store_->review("review_missing"));
}

TEST_P(ReviewsTest, ListsLastWrittenFirst) {
  const Review a = store_->put_review("lesson_1", "user_ada", 4, "a");
  const Review b = store_->put_review("lesson_1", "user_bob", 2, "b");
  const Review c = store_->put_review("lesson_1", "user_cy", 5, "c");
  auto ids = [&] {
    std::vector<std::string> out;
    for (const Review& r : store_->reviews("lesson_1", "")) out.push_back(r.id);
    return out;
  };
  EXPECT_EQ(ids(), (std::vector<std::string>{c.id, b.id, a.id}));
  store_->put_review("lesson_1", "user_ada", 4, "a, edited");
  EXPECT_EQ(ids(), (std::vector<std::string>{a.id, c.id, b.id}));
}

TEST_P(ReviewsTest, RejectsBadRatingsAndTexts) {
  EXPECT_THROW(store_->put_review("lesson_1", "user_ada", 0, "x"), InvalidInput);
  EXPECT_THROW(store_->put_review("lesson_1", "user_ada", 6, "x"), InvalidInput);
  EXPECT_THROW(store_->put_review("lesson_1", "user_ada", 3, std::string(kMaxReviewBytes + 1, 'x')),
               InvalidInput);
  EXPECT_THROW(store_->put_review("lesson_1", "user_ada", 3, "bad \xff"), InvalidInput);
  EXPECT_THROW(store_->put_review("lesson_1", "user_nobody", 3, "x"), NotFound);
  EXPECT_TRUE(store_->reviews("lesson_1", "").empty());
  EXPECT_EQ(store_->put_review("lesson_1", "user_ada", 1, std::string(kMaxReviewBytes, 'x')).rating,
            1);
}

TEST_P(ReviewsTest, OnlyTheAuthorDeletesAReview) {
  const Review r = store_->put_review("lesson_1", "user_ada", 4, "mine");
  ASSERT_TRUE(store_->set_review_like(r.id, "user_bob", true));
  EXPECT_FALSE(store_->delete_review(r.id, "user_bob"));
  EXPECT_FALSE(store_->delete_review(r.id, ""));
  EXPECT_TRUE(store_->review(r.id));
  EXPECT_TRUE(store_->delete_review(r.id, "user_ada"));
  EXPECT_FALSE(store_->review(r.id));
  EXPECT_FALSE(store_->delete_review(r.id, "user_ada"));
  // A new review after the delete starts again with no likes.
  const Review again = store_->put_review("lesson_1", "user_ada", 2, "again");
  EXPECT_NE(again.id, r.id);
  EXPECT_EQ(again.likes, 0);
}

TEST_P(ReviewsTest, LikesAreIdempotentAndCountedPerViewer) {
  const Review r = store_->put_review("lesson_1", "user_ada", 4, "like me");
  EXPECT_TRUE(store_->set_review_like(r.id, "user_bob", true));
  EXPECT_TRUE(store_->set_review_like(r.id, "user_bob", true));
  EXPECT_TRUE(store_->set_review_like(r.id, "user_cy", true));
  auto seen_by = [&](const std::string& viewer) {
    return store_->reviews("lesson_1", viewer).at(0);
  };
  EXPECT_EQ(seen_by("user_bob").likes, 2);
  EXPECT_TRUE(seen_by("user_bob").liked_by_viewer);
  EXPECT_FALSE(seen_by("user_ada").liked_by_viewer);
  EXPECT_FALSE(seen_by("").liked_by_viewer);

  EXPECT_TRUE(store_->set_review_like(r.id, "user_bob", false));
  EXPECT_TRUE(store_->set_review_like(r.id, "user_bob", false));
  EXPECT_EQ(seen_by("user_bob").likes, 1);
  EXPECT_FALSE(seen_by("user_bob").liked_by_viewer);
  EXPECT_TRUE(seen_by("user_cy").liked_by_viewer);

  // Replacing the review keeps its likes; the put returns it as its author sees it.
  const Review edited = store_->put_review("lesson_1", "user_ada", 5, "edited");
  EXPECT_EQ(edited.likes, 1);
  EXPECT_FALSE(edited.liked_by_viewer);

  EXPECT_FALSE(store_->set_review_like("review_missing", "user_bob", true));
  EXPECT_THROW(store_->set_review_like(r.id, "user_nobody", true), NotFound);
}

TEST_P(ReviewsTest, SummaryHasCountAverageAndHistogram) {
  const RatingSummary none = store_->rating_summary("lesson_1");
  EXPECT_EQ(none.count, 0);
  EXPECT_EQ(none.average, 0);
  EXPECT_EQ(none.histogram, (std::array<int, 5>{0, 0, 0, 0, 0}));

  store_->put_review("lesson_1", "user_ada", 5, "");
  store_->put_review("lesson_1", "user_bob", 2, "");
  store_->put_review("lesson_1", "user_cy", 1, "");
  store_->put_review("lesson_1", "user_cy", 5, "changed my mind");  // replaces the 1
  store_->put_review("lesson_2", "user_ada", 1, "another lesson");
  const RatingSummary s = store_->rating_summary("lesson_1");
  EXPECT_EQ(s.count, 3);
  EXPECT_DOUBLE_EQ(s.average, 4.0);
  EXPECT_EQ(s.histogram, (std::array<int, 5>{0, 1, 0, 0, 2}));
}

TEST_P(ReviewsTest, DeletingALessonsReviewsLeavesOthers) {
  const Review r = store_->put_review("lesson_1", "user_ada", 5, "");
  store_->put_review("lesson_1", "user_bob", 3, "");
  store_->put_review("lesson_2", "user_ada", 4, "");
  ASSERT_TRUE(store_->set_review_like(r.id, "user_cy", true));
  EXPECT_EQ(store_->delete_reviews_of_lesson("lesson_1"), 2);
  EXPECT_EQ(store_->delete_reviews_of_lesson("lesson_1"), 0);
  EXPECT_TRUE(store_->reviews("lesson_1", "").empty());
  EXPECT_EQ(store_->rating_summary("lesson_1").count, 0);
  EXPECT_EQ(store_->reviews("lesson_2", "").size(), 1u);
  EXPECT_FALSE(store_->set_review_like(r.id, "user_cy", true));
}

}  // namespace lectio::store
