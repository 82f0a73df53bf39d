#pragma once
// Spaced review with FSRS-6, the Free Spaced Repetition Scheduler as published by the
// open-spaced-repetition project (the algorithm of Anki's scheduler and of the reference
// TypeScript implementation ts-fsrs 5.x), with its 21 default parameters, requested retention
// 0.9, no fuzz, and the long-term scheduler (enable_short_term = false): every rating
// schedules whole days, so a learner reviews a card at most once a day. Same results as
// ts-fsrs with those options (bench/study/fsrs_compare.mjs measures it).
#include <array>
#include <cstdint>

namespace lectio::study {

inline constexpr const char* kFsrsVersion = "FSRS-6 (ts-fsrs 5.x default parameters)";

enum class Rating { kAgain = 1, kHard = 2, kGood = 3, kEasy = 4 };
enum class CardState { kNew = 0, kLearning = 1, kReview = 2, kRelearning = 3 };

// A card's memory state for one learner. Times are Unix seconds (UTC).
struct Memory {
  CardState state = CardState::kNew;
  double stability = 0;   // days until recall probability falls to 90%
  double difficulty = 0;  // 1..10
  int reps = 0;
  int lapses = 0;
  int scheduled_days = 0;
  int elapsed_days = 0;
  std::int64_t due = 0;          // when it is next due
  std::int64_t last_review = 0;  // 0 before the first review
};

class Fsrs {
 public:
  static constexpr std::array<double, 21> kDefaultWeights = {
      0.212,  1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001,  1.8722, 0.1666, 0.796,
      1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542};

  explicit Fsrs(double request_retention = 0.9, int maximum_interval = 36500);

  // The memory after rating the card at `now` (Unix seconds). Throws InvalidInput for a
  // review before the last one.
  Memory review(const Memory& before, Rating rating, std::int64_t now) const;

  // Probability of recall `elapsed_days` after a review that left `stability`.
  double retrievability(double elapsed_days, double stability) const;

 private:
  double init_difficulty(int g) const;
  double next_difficulty(double d, int g) const;
  double recall_stability(double d, double s, double r, int g) const;
  double forget_stability(double d, double s, double r) const;
  int interval(double stability) const;

  std::array<double, 21> w_ = kDefaultWeights;
  double decay_;
  double factor_;
  double interval_modifier_;
  int maximum_interval_;
};

}  // namespace lectio::study
