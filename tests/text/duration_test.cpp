#include "lectio/text/duration.h"

#include <gtest/gtest.h>

namespace lectio::text {

TEST(DurationTest, WritesEnglishRoundedToTheMinute) {
  EXPECT_EQ(format_duration(2 * 3600 + 39 * 60, "en"), "2 h 39 min");
  EXPECT_EQ(format_duration(45 * 60, "en"), "45 min");
  EXPECT_EQ(format_duration(2 * 3600, "en"), "2 h");
  EXPECT_EQ(format_duration(2 * 3600 + 39 * 60 + 29, "en"), "2 h 39 min");
  EXPECT_EQ(format_duration(2 * 3600 + 39 * 60 + 31, "en"), "2 h 40 min");
  EXPECT_EQ(format_duration(59 * 60 + 45, "en"), "1 h");
  EXPECT_EQ(format_duration(90, "en"), "2 min");  // 1.5 minutes rounds up
}

TEST(DurationTest, SaysUnderAMinuteAndNothingApart) {
  EXPECT_EQ(format_duration(20, "en"), "< 1 min");
  EXPECT_EQ(format_duration(0, "en"), "0 min");
  EXPECT_EQ(format_duration(-5, "en"), "0 min");
  EXPECT_EQ(format_duration(10, "zh"), "不到 1 分钟");
  EXPECT_EQ(format_duration(0, "zh"), "0 分钟");
}

TEST(DurationTest, WritesChinese) {
  EXPECT_EQ(format_duration(2 * 3600 + 39 * 60, "zh"), "2 小时 39 分钟");
  EXPECT_EQ(format_duration(45 * 60, "zh"), "45 分钟");
  EXPECT_EQ(format_duration(3 * 3600, "zh"), "3 小时");
}

TEST(DurationTest, OtherLanguagesAreWrittenInEnglish) {
  EXPECT_EQ(format_duration(45 * 60, "fr"), "45 min");
}

}  // namespace lectio::text

// Issue 30: one formatter for a measured length, as the player shows it.
TEST(FormatClockTest, WritesWholeSecondsAsAPlayerDoes) {
  EXPECT_EQ(lectio::text::format_clock(589.9), "9:49");
  EXPECT_EQ(lectio::text::format_clock(59), "0:59");
  EXPECT_EQ(lectio::text::format_clock(3725.4), "1:02:05");
  EXPECT_EQ(lectio::text::format_clock(0), "0:00");
  EXPECT_EQ(lectio::text::format_clock(-3), "0:00");
}

TEST(FormatLengthTest, MeasuredIsTheClockElseAMarkedEstimate) {
  EXPECT_EQ(lectio::text::format_length(11, 589.4, "en"), "9:49");
  EXPECT_EQ(lectio::text::format_length(11, std::nullopt, "en"), "~11 min");
  EXPECT_EQ(lectio::text::format_length(11, std::nullopt, "zh"), "约 11 分钟");
}

TEST(RestateLengthTest, TheComposersEstimateBecomesTheMeasuredClock) {
  EXPECT_EQ(
      lectio::text::restate_length("In about 11 minutes, Lena walks you through x.", 10.6, 589.4),
      "In 9:49, Lena walks you through x.");
  EXPECT_EQ(lectio::text::restate_length("Lena用大约11分钟讲清楚x。", 10.6, 589.4),
            "Lena用9:49讲清楚x。");
  // Another estimate, or a description without one, is left as it is.
  EXPECT_EQ(lectio::text::restate_length("In about 12 minutes, x.", 10.6, 589.4),
            "In about 12 minutes, x.");
  EXPECT_EQ(lectio::text::restate_length("A tour of chips.", 10.6, 589.4), "A tour of chips.");
}
