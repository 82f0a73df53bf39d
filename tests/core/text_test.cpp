#include "lectio/core/text.h"

#include <gtest/gtest.h>

namespace lectio::text {

TEST(Utf8Test, AcceptsWellFormedAndRejectsBrokenSequences) {
  EXPECT_TRUE(is_valid_utf8("plain ascii"));
  EXPECT_TRUE(is_valid_utf8("caf\xc3\xa9 \xe4\xb8\xad\xe6\x96\x87 \xf0\x9f\x98\x80"));
  EXPECT_FALSE(is_valid_utf8("\xff\xfe"));
  EXPECT_FALSE(is_valid_utf8("trunc\xe4\xb8"));
  EXPECT_FALSE(is_valid_utf8("overlong \xc0\xaf"));
  EXPECT_FALSE(is_valid_utf8("surrogate \xed\xa0\x80"));
  EXPECT_FALSE(is_valid_utf8("latin1 caf\xe9"));
}

TEST(SlugifyTest, MakesStableAsciiSlugs) {
  EXPECT_EQ(slugify("GPU vs TPU: Lesson Notes.md"), "gpu_vs_tpu_lesson_notes_md");
  EXPECT_EQ(slugify("  Café  Déjà vu "), "cafe_deja_vu");
  EXPECT_EQ(slugify("!!!"), "doc");
  EXPECT_EQ(slugify("abcdefghij", 4), "abcd");
  EXPECT_FALSE(slugify("\xe4\xb8\xad\xe6\x96\x87").empty());
}

TEST(WhitespaceTest, CollapsesUnicodeSpaces) {
  EXPECT_EQ(collapse_whitespace("  a \t\n b\xc2\xa0\xc2\xa0"
                                "c  "),
            "a b c");
  EXPECT_EQ(collapse_whitespace(""), "");
}

TEST(HashTest, IsStableHexBlake2b) {
  const std::string h = content_hash("hello");
  EXPECT_EQ(h.size(), 64u);
  EXPECT_EQ(h, content_hash("hello"));
  EXPECT_NE(h, content_hash("hello!"));
  // Known BLAKE2b-256 of the empty string.
  EXPECT_EQ(content_hash(""), "0e5751c026e543b2e8ab2eb06099daa1d1e5df47778f7787faab45cdf12fe3a8");
}

TEST(LanguageTest, DetectsChineseAndEnglish) {
  EXPECT_EQ(detect_language("Graphics processors run thousands of threads at once."), "en");
  EXPECT_EQ(detect_language("\xe5\x9b\xbe\xe5\xbd\xa2\xe5\xa4\x84\xe7\x90\x86\xe5\x99\xa8"
                            "\xe5\x8f\xaf\xe4\xbb\xa5\xe5\xb9\xb6\xe8\xa1\x8c\xe8\xae\xa1"
                            "\xe7\xae\x97\xe3\x80\x82 GPU"),
            "zh");
}

TEST(WordCountTest, CountsEnglishAndChineseWords) {
  EXPECT_EQ(count_words("Two words."), 2);
  EXPECT_EQ(count_words(""), 0);
  // "我们喜欢学习" is segmented by ICU's dictionary into three words: 我们 / 喜欢 / 学习.
  EXPECT_EQ(count_words("\xe6\x88\x91\xe4\xbb\xac\xe5\x96\x9c\xe6\xac\xa2\xe5\xad\xa6\xe4\xb9\xa0"),
            3);
}

}  // namespace lectio::text
