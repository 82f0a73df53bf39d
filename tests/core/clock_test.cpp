// Time stamps: one form ("2025-01-31T09:30:00Z") written and read back by core/clock.h.
#include "lectio/core/clock.h"

#include <gtest/gtest.h>

namespace lectio {
namespace {

TEST(ClockTest, ATimeStampAndItsSecondsRoundTrip) {
  EXPECT_EQ(utc_timestamp_at(0), "1970-01-01T00:00:00Z");
  EXPECT_EQ(utc_timestamp_at(1'738'315'800), "2025-01-31T09:30:00Z");
  EXPECT_EQ(unix_seconds_of("2025-01-31T09:30:00Z"), 1'738'315'800);
  EXPECT_EQ(unix_seconds_of("2024-02-29T23:59:59Z"), 1'709'251'199) << "a leap day";
  const std::string now = utc_timestamp();
  const auto seconds = unix_seconds_of(now);
  ASSERT_TRUE(seconds.has_value()) << now;
  EXPECT_EQ(utc_timestamp_at(*seconds), now);
}

TEST(ClockTest, NowInSecondsIsTheMomentATimeStampOfNowNames) {
  const std::int64_t before = unix_seconds_now();
  const auto stamped = unix_seconds_of(utc_timestamp());
  const std::int64_t after = unix_seconds_now();
  ASSERT_TRUE(stamped.has_value());
  EXPECT_LE(before, *stamped);
  EXPECT_LE(*stamped, after);
  EXPECT_LE(after - before, 1) << "whole seconds, not milliseconds";
  const auto later = unix_seconds_of(utc_timestamp(3600));
  ASSERT_TRUE(later.has_value());
  EXPECT_GE(*later, before + 3600);
  EXPECT_LE(*later, unix_seconds_now() + 3600);
}

TEST(ClockTest, WhatIsNotATimeStampIsRefused) {
  for (const char* bad : {"", "2025-01-31", "2025-01-31 09:30:00Z", "2025-01-31T09:30:00",
                          "2025-02-30T00:00:00Z", "2025-13-01T00:00:00Z", "2025-01-31T24:00:00Z",
                          "2025-01-31T09:60:00Z", "2025-01-31T09:30:60Z", "2O25-01-31T09:30:00Z"}) {
    EXPECT_FALSE(unix_seconds_of(bad).has_value()) << bad;
  }
}

}  // namespace
}  // namespace lectio
