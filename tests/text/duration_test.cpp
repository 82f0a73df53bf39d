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
