#include "lectio/text/speaking_rate.h"

#include "lectio/text/words.h"

namespace lectio::text {

double units_per_minute(std::string_view language) {
  return language == "zh" ? kChineseCharactersPerMinute : kEnglishWordsPerMinute;
}

int spoken_units(std::string_view text, std::string_view language) {
  if (language != "zh") return static_cast<int>(word_spans(text).size());
  int chars = 0;
  for (unsigned char c : text) chars += (c & 0xC0) != 0x80 && c >= 0x80 ? 1 : 0;
  return chars;
}

double speaking_seconds(int units, std::string_view language) {
  return units / units_per_minute(language) * 60.0;
}

double speaking_minutes_for_words(double words, std::string_view language) {
  if (language == "zh") return words * kChineseCharactersPerWord / kChineseCharactersPerMinute;
  return words / kEnglishWordsPerMinute;
}

}  // namespace lectio::text
