// FSRS-6 as ts-fsrs 5.x computes it, step for step: the same formulas, the same rounding to
// eight decimals after each step and the same clamps, so that the two agree to the day.
#include "lectio/study/fsrs.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "lectio/core/error.h"

namespace lectio::study {

namespace {

constexpr double kMinStability = 0.001;
constexpr double kMaxStability = 36500;
constexpr std::int64_t kDay = 86400;

double round8(double x) {
  // JavaScript's Math.round: halves go up.
  return std::floor(x * 1e8 + 0.5) / 1e8;
}

// Whole UTC calendar days from `from` to `to`, as ts-fsrs counts them.
int days_between(std::int64_t from, std::int64_t to) {
  auto day = [](std::int64_t t) { return t >= 0 ? t / kDay : -((-t + kDay - 1) / kDay); };
  return static_cast<int>(day(to) - day(from));
}

}  // namespace

Fsrs::Fsrs(double request_retention, int maximum_interval) : maximum_interval_(maximum_interval) {
  if (request_retention <= 0 || request_retention > 1) {
    throw InvalidInput(
        fmt::format("fsrs: requested retention {} is not in (0, 1]", request_retention));
  }
  decay_ = -w_[20];
  factor_ = round8(std::exp(std::pow(decay_, -1) * std::log(0.9)) - 1);
  interval_modifier_ = round8((std::pow(request_retention, 1 / decay_) - 1) / factor_);
}

double Fsrs::retrievability(double elapsed_days, double stability) const {
  return round8(std::pow(1 + factor_ * elapsed_days / stability, decay_));
}

double Fsrs::init_difficulty(int g) const {
  return round8(w_[4] - std::exp((g - 1) * w_[5]) + 1);
}

double Fsrs::next_difficulty(double d, int g) const {
  const double delta = -w_[6] * (g - 3);
  const double next = d + round8(delta * (10 - d) / 9);
  const double reverted = round8(w_[7] * init_difficulty(4) + (1 - w_[7]) * next);
  return std::clamp(reverted, 1.0, 10.0);
}

double Fsrs::recall_stability(double d, double s, double r, int g) const {
  const double hard_penalty = g == 2 ? w_[15] : 1;
  const double easy_bonus = g == 4 ? w_[16] : 1;
  return round8(
      std::clamp(s * (1 + std::exp(w_[8]) * (11 - d) * std::pow(s, -w_[9]) *
                              (std::exp((1 - r) * w_[10]) - 1) * hard_penalty * easy_bonus),
                 kMinStability, kMaxStability));
}

double Fsrs::forget_stability(double d, double s, double r) const {
  const double forgotten = round8(std::clamp(
      w_[11] * std::pow(d, -w_[12]) * (std::pow(s + 1, w_[13]) - 1) * std::exp((1 - r) * w_[14]),
      kMinStability, kMaxStability));
  // Without short-term steps the new stability never exceeds the old one.
  return std::clamp(round8(s), kMinStability, forgotten);
}

int Fsrs::interval(double stability) const {
  const double days = std::floor(stability * interval_modifier_ + 0.5);
  return static_cast<int>(std::min(std::max(1.0, days), static_cast<double>(maximum_interval_)));
}

Memory Fsrs::review(const Memory& before, Rating rating, std::int64_t now) const {
  const int g = static_cast<int>(rating);
  if (g < 1 || g > 4) throw InvalidInput(fmt::format("fsrs: rating {} is not 1..4", g));
  Memory after = before;
  int elapsed = 0;
  if (before.state != CardState::kNew && before.last_review != 0) {
    elapsed = days_between(before.last_review, now);
    if (elapsed < 0) throw InvalidInput("fsrs: a review before the card's last review");
  }
  // The four ratings' stabilities: the intervals of Again..Easy must be increasing.
  std::array<double, 5> s{};
  std::array<double, 5> d{};
  const bool first = before.state == CardState::kNew || (before.stability == 0);
  const double r = first ? 0 : retrievability(elapsed, before.stability);
  for (int k = 1; k <= 4; ++k) {
    if (first) {
      d[k] = std::clamp(init_difficulty(k), 1.0, 10.0);
      s[k] = std::max(w_[k - 1], 0.1);
      continue;
    }
    d[k] = next_difficulty(before.difficulty, k);
    s[k] = k == 1 ? forget_stability(before.difficulty, before.stability, r)
                  : recall_stability(before.difficulty, before.stability, r, k);
  }
  std::array<int, 5> ivl{};
  for (int k = 1; k <= 4; ++k) ivl[k] = interval(s[k]);
  ivl[1] = std::min(ivl[1], ivl[2]);
  ivl[2] = std::max(ivl[2], ivl[1] + 1);
  ivl[3] = std::max(ivl[3], ivl[2] + 1);
  ivl[4] = std::max(ivl[4], ivl[3] + 1);

  after.stability = s[g];
  after.difficulty = d[g];
  after.scheduled_days = ivl[g];
  after.elapsed_days = elapsed;
  after.reps = before.reps + 1;
  if (g == 1 && !first) ++after.lapses;
  after.state = CardState::kReview;
  after.last_review = now;
  after.due = now + static_cast<std::int64_t>(ivl[g]) * kDay;
  return after;
}

}  // namespace lectio::study
