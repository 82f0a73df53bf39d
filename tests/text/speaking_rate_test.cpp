#include "lectio/text/speaking_rate.h"

#include <gtest/gtest.h>

namespace lectio::text {

TEST(SpeakingRateTest, EnglishCountsWordsAndChineseCharacters) {
  EXPECT_EQ(spoken_units("The GPU ran 3.5 times faster.", "en"), 6);
  EXPECT_EQ(spoken_units("今天天气很好。GPU", "zh"), 7) << "the full stop counts, ASCII does not";
  EXPECT_EQ(units_per_minute("en"), kEnglishWordsPerMinute);
  EXPECT_EQ(units_per_minute("zh"), kChineseCharactersPerMinute);
  EXPECT_EQ(units_per_minute("de"), kEnglishWordsPerMinute);
}

TEST(SpeakingRateTest, DurationsFollowTheRate) {
  EXPECT_DOUBLE_EQ(speaking_seconds(150, "en"), 60.0);
  EXPECT_DOUBLE_EQ(speaking_seconds(120, "zh"), 30.0);
  EXPECT_DOUBLE_EQ(speaking_minutes_for_words(300, "en"), 2.0);
  // 240 Chinese words of 1.7 characters take 1.7 minutes.
  EXPECT_NEAR(speaking_minutes_for_words(240, "zh"), 1.7, 1e-12);
}

}  // namespace lectio::text
