#include "lectio/text/words.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

namespace lectio::text {

namespace {

using Strings = std::vector<std::string>;

// The ASCII word rule, one byte at a time: the reference for count_words's 8-byte path. A word
// is a run of letters, digits, '\'' and '_' that carries on over '-' and '.'.
int reference_ascii_words(const std::string& s) {
  int words = 0;
  bool in_word = false;
  for (char c : s) {
    const bool word_char = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                           (c >= '0' && c <= '9') || c == '\'' || c == '_';
    if (word_char && !in_word) ++words;
    in_word = word_char || (in_word && (c == '-' || c == '.'));
  }
  return words;
}

int icu_words(std::string_view s) {
  return static_cast<int>(word_spans(s).size());
}

}  // namespace

TEST(WordsTest, AreLowerCasedAndKeepNumbersButNotPunctuation) {
  EXPECT_EQ(words("The GPU ran 3.5 times faster, didn’t it?"),
            (Strings{"the", "gpu", "ran", "3.5", "times", "faster", "didn't", "it"}));
  EXPECT_EQ(words("ÉCOLE Été"), (Strings{"école", "été"}));
}

TEST(WordsTest, AcronymPluralsLoseTheirS) {
  EXPECT_EQ(words("GPUs TPUs Ms bus"), (Strings{"gpu", "tpu", "ms", "bus"}));
}

TEST(WordsTest, ChineseIsSplitByTheDictionary) {
  // "我们喜欢学习": 我们 / 喜欢 / 学习.
  EXPECT_EQ(words("我们喜欢学习。"), (Strings{"我们", "喜欢", "学习"}));
  const std::string text = "GPU 很快";
  const auto spans = word_spans(text);
  ASSERT_EQ(spans.size(), 2u);
  EXPECT_EQ(text.substr(spans[1].begin, spans[1].end - spans[1].begin), "很快");
}

TEST(CountWordsTest, CountsEnglishAndChineseWords) {
  EXPECT_EQ(count_words("Two words."), 2);
  EXPECT_EQ(count_words(""), 0);
  EXPECT_EQ(count_words("我们喜欢学习"), 3);
}

TEST(CountWordsTest, AsciiFollowsTheWordRule) {
  const std::string alphabet = "aZ09'_-. ,;!?\t\n\"()/@`{~\x7f\x01";
  std::mt19937 rng(7);
  for (int round = 0; round < 20000; ++round) {
    std::string s;
    const int len = 1 + static_cast<int>(rng() % 70);  // across several 8-byte groups
    for (int k = 0; k < len; ++k) s += alphabet[rng() % (rng() % 2 ? 8 : alphabet.size())];
    ASSERT_EQ(count_words(s), reference_ascii_words(s)) << s;
  }
  EXPECT_EQ(count_words("well-known e.g. 3.5 --flag x... don't snake_case"), 7);
}

TEST(CountWordsTest, AgreesWithIcuOnPlainSentences) {
  for (const std::string s :
       {"The GPU runs 1.5 times faster than the CPU.", "Dr. Smith met Mr. Jones at 3 p.m. today.",
        "It's the team's best result, e.g. in Fig. 3.",
        "snake_case names like max_words are one word each."}) {
    EXPECT_EQ(count_words(s), icu_words(s)) << s;
  }
  // Non-ASCII text is counted by ICU's word boundaries, hyphens and all.
  const std::string mixed =
      "Caf\xc3\xa9 au lait, well-known, \xe6\x88\x91\xe4\xbb\xac\xe5\x96\x9c\xe6\xac\xa2.";
  EXPECT_EQ(count_words(mixed), icu_words(mixed));
  EXPECT_EQ(count_words(mixed), 7);
}

}  // namespace lectio::text
