#pragma once
// How fast lessons are spoken: the one set of constants behind every duration estimate (the
// composer's word budget and estimate, a plan draft's lesson minutes) and the renderer's pauses.
#include <string_view>

namespace lectio::text {

inline constexpr double kEnglishWordsPerMinute = 150;
inline constexpr double kChineseCharactersPerMinute = 240;
// An ICU word of Chinese text has about this many characters.
inline constexpr double kChineseCharactersPerWord = 1.7;
// Silence between the sentences and between the sections of a rendered lesson, in seconds.
inline constexpr double kSentencePauseSeconds = 0.45;
inline constexpr double kSectionPauseSeconds = 1.2;

// Spoken units a minute: words in English (every language but Chinese), characters in Chinese.
double units_per_minute(std::string_view language);

// The spoken units of a text: its words() in English, its non-ASCII characters in Chinese.
int spoken_units(std::string_view text, std::string_view language);

// Seconds it takes to say `units` spoken units, pauses not included.
double speaking_seconds(int units, std::string_view language);

// Minutes it takes to say `words` words (ICU words, in Chinese too), pauses not included.
double speaking_minutes_for_words(double words, std::string_view language);

}  // namespace lectio::text
