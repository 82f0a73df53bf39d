#include "lectio/study/fsrs.h"

#include <gtest/gtest.h>

#include <cmath>

#include "lectio/core/error.h"

namespace lectio::study {
namespace {

constexpr std::int64_t kDay = 86400;
constexpr std::int64_t kStart = 1764748800;  // 2025-12-03T08:00:00Z

TEST(FsrsTest, AFirstRatingSetsTheDefaultStabilityAndDifficulty) {
  const Fsrs fsrs;
  const Memory good = fsrs.review({}, Rating::kGood, kStart);
  EXPECT_DOUBLE_EQ(good.stability, 2.3065);
  EXPECT_NEAR(good.difficulty, 6.4133 - std::exp(2 * 0.8334) + 1, 1e-8);
  EXPECT_EQ(good.state, CardState::kReview);
  EXPECT_EQ(good.reps, 1);
  EXPECT_EQ(good.last_review, kStart);
}

TEST(FsrsTest, TheFourRatingsOfANewCardGiveIncreasingIntervals) {
  // Stabilities 0.212, 1.2931, 2.3065, 8.2956 days at 90% retention round to 0, 1, 2 and 8
  // days; each rating's interval is at least one day more than the rating below it.
  const Fsrs fsrs;
  EXPECT_EQ(fsrs.review({}, Rating::kAgain, kStart).scheduled_days, 1);
  EXPECT_EQ(fsrs.review({}, Rating::kHard, kStart).scheduled_days, 2);
  EXPECT_EQ(fsrs.review({}, Rating::kGood, kStart).scheduled_days, 3);
  EXPECT_EQ(fsrs.review({}, Rating::kEasy, kStart).scheduled_days, 8);
  EXPECT_EQ(fsrs.review({}, Rating::kEasy, kStart).due, kStart + 8 * kDay);
}

TEST(FsrsTest, RecallingOnTimeGrowsStabilityAndForgettingShrinksIt) {
  const Fsrs fsrs;
  const Memory first = fsrs.review({}, Rating::kGood, kStart);
  const Memory recalled = fsrs.review(first, Rating::kGood, first.due);
  EXPECT_GT(recalled.stability, first.stability);
  EXPECT_GT(recalled.scheduled_days, first.scheduled_days);
  EXPECT_EQ(recalled.elapsed_days, 3);
  const Memory forgotten = fsrs.review(recalled, Rating::kAgain, recalled.due);
  EXPECT_LT(forgotten.stability, recalled.stability);
  EXPECT_GT(forgotten.difficulty, recalled.difficulty);
  EXPECT_EQ(forgotten.lapses, 1);
  EXPECT_EQ(forgotten.reps, 3);
}

TEST(FsrsTest, RetrievabilityIsNinetyPercentAfterOneStability) {
  const Fsrs fsrs;
  EXPECT_NEAR(fsrs.retrievability(10, 10), 0.9, 1e-6);
  EXPECT_DOUBLE_EQ(fsrs.retrievability(0, 10), 1.0);
}

TEST(FsrsTest, AReviewBeforeTheLastOneIsRefused) {
  const Fsrs fsrs;
  const Memory first = fsrs.review({}, Rating::kGood, kStart);
  EXPECT_THROW((void)fsrs.review(first, Rating::kGood, kStart - 2 * kDay), InvalidInput);
  EXPECT_THROW((void)fsrs.review(first, static_cast<Rating>(5), kStart), InvalidInput);
  EXPECT_THROW(Fsrs(1.5), InvalidInput);
}

}  // namespace
}  // namespace lectio::study
