#include "lectio/text/unicode.h"

#include <gtest/gtest.h>

namespace lectio::text {

TEST(CodePointTest, DecodesForwardAndBackwardAcrossWidths) {
  const std::string s = "a\xc3\xa9\xe4\xb8\xad\xf0\x9f\x98\x80";  // a é 中 😀
  std::size_t i = 0;
  EXPECT_EQ(next_code_point(s, i), 'a');
  EXPECT_EQ(next_code_point(s, i), 0xE9);
  EXPECT_EQ(next_code_point(s, i), 0x4E2D);
  EXPECT_EQ(i, 6u);
  EXPECT_EQ(next_code_point(s, i), 0x1F600);
  EXPECT_EQ(i, s.size());
  EXPECT_EQ(code_point_before(s, s.size()), 0x1F600);
  EXPECT_EQ(code_point_before(s, 6), 0x4E2D);
  EXPECT_EQ(code_point_before(s, 0), kNoCodePoint);
  EXPECT_EQ(code_point_at(s, 1), 0xE9);
  EXPECT_EQ(code_point_at(s, s.size()), kNoCodePoint);
  EXPECT_EQ(first_code_point(s), 'a');
  EXPECT_EQ(last_code_point(s), 0x1F600);
  EXPECT_EQ(first_code_point(""), kNoCodePoint);
}

TEST(CodePointTest, IllFormedBytesDecodeToNoCodePointAndStillAdvance) {
  const std::string s =
      "\xff"
      "a\xe4\xb8";  // a stray byte, then a truncated sequence
  std::size_t i = 0;
  EXPECT_EQ(next_code_point(s, i), kNoCodePoint);
  EXPECT_EQ(i, 1u);
  EXPECT_EQ(next_code_point(s, i), 'a');
  EXPECT_EQ(next_code_point(s, i), kNoCodePoint);
  EXPECT_EQ(i, s.size());
  EXPECT_FALSE(is_han(kNoCodePoint));
  EXPECT_FALSE(is_cjk(kNoCodePoint));
}

TEST(ScriptTest, HanIsTheHanScriptOnly) {
  EXPECT_TRUE(is_han(0x4E2D));   // 中
  EXPECT_TRUE(is_han(0x3400));   // extension A
  EXPECT_TRUE(is_han(0x20000));  // extension B
  EXPECT_TRUE(is_han(0xF900));   // compatibility ideograph
  EXPECT_TRUE(is_han(0x3005));   // 々, the iteration mark
  EXPECT_FALSE(is_han(0x3042));  // あ, Hiragana
  EXPECT_FALSE(is_han(0x3002));  // 。
  EXPECT_FALSE(is_han(0xFF01));  // ！
  EXPECT_FALSE(is_han('A'));
  EXPECT_FALSE(is_han(0xE9));
}

TEST(ScriptTest, CjkTakesInKanaPunctuationAndFullWidthForms) {
  for (CodePoint c : {0x4E2D, 0x3042, 0x30A2, 0x3002, 0x300C, 0xFF01, 0xFF1F, 0x20000, 0xF900}) {
    EXPECT_TRUE(is_cjk(c)) << std::hex << c;
  }
  for (CodePoint c : {CodePoint{'a'}, CodePoint{'.'}, 0xE9, 0x0416, 0x2014, 0x1F600}) {
    EXPECT_FALSE(is_cjk(c)) << std::hex << c;  // Latin, Cyrillic, an em dash, an emoji
  }
}

TEST(ScriptTest, AsciiIsSevenBitBytes) {
  EXPECT_TRUE(is_ascii(""));
  EXPECT_TRUE(is_ascii("plain text\n\x7f"));
  EXPECT_FALSE(is_ascii("caf\xc3\xa9"));
}

}  // namespace lectio::text
