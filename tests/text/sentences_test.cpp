#include "lectio/text/sentences.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace lectio::text {

namespace {

using Strings = std::vector<std::string>;

Strings split(const std::string& text, const std::string& language) {
  std::vector<Span> spans;
  split_sentences(text, language, spans);
  Strings out;
  for (const Span& s : spans) out.push_back(text.substr(s.begin, s.end - s.begin));
  return out;
}

}  // namespace

TEST(SentencesTest, EnglishKeepsAbbreviationsAndTrims) {
  EXPECT_EQ(sentences("  Dr. Smith arrived at 3.5 p.m. today.   Mr. Jones spoke\n"
                      " briefly, e.g. about Fig. 2! Then he left?",
                      "en"),
            (Strings{"Dr. Smith arrived at 3.5 p.m. today.",
                     "Mr. Jones spoke briefly, e.g. about Fig. 2!", "Then he left?"}));
  EXPECT_TRUE(sentences(" \n ", "en").empty());
}

TEST(SentencesTest, InitialsTitlesAndExamplesDoNotEndASentence) {
  EXPECT_EQ(sentences("Since 2005, the university has been led by John I. Jenkins, the 17th "
                      "president. The ball was recovered by T. J. Ward.",
                      "en"),
            (Strings{"Since 2005, the university has been led by John I. Jenkins, the 17th "
                     "president.",
                     "The ball was recovered by T. J. Ward."}));
  EXPECT_EQ(
      sentences("The church stands where Fr. Sorin built a chapel. Traditions abound "
                "(e.g. Keys are handed over). Then World War I. It ended.",
                "en"),
      (Strings{"The church stands where Fr. Sorin built a chapel.",
               "Traditions abound (e.g. Keys are handed over).", "Then World War I. It ended."}));
}

// From Debian's Python policy and bash's manual: "!" or "?" inside a token is no stop.
TEST(SentencesTest, AStopInsideATokenDoesNotEndASentence) {
  EXPECT_EQ(sentences("As noted, the form #!/usr/bin/env interpreter_name is deprecated. Use "
                      "${!prefix*} or the glob a?b! Then stop.",
                      "en"),
            (Strings{"As noted, the form #!/usr/bin/env interpreter_name is deprecated.",
                     "Use ${!prefix*} or the glob a?b!", "Then stop."}));
}

TEST(SentencesTest, BlankLinesEndParagraphsAndSingleLineBreaksDoNot) {
  EXPECT_EQ(sentences("A heading without a stop\n\nThe text\nwraps here.\n \nLast", "en"),
            (Strings{"A heading without a stop", "The text wraps here.", "Last"}));
}

TEST(SentencesTest, ChineseSplitsAtFullWidthStops) {
  EXPECT_EQ(sentences("今天天气很好。我们去公园吧！你来吗？", "zh"),
            (Strings{"今天天气很好。", "我们去公园吧！", "你来吗？"}));
}

// From the Debian Reference in Chinese: an ASCII stop in a name, a pattern or a quoted symbol
// is no sentence's end, and a quote after "。" opens the next sentence.
TEST(SentencesTest, ChineseKeepsAsciiStopsInNamesAndQuotes) {
  EXPECT_EQ(sentences("使用硬链接。“.”目录链接到它所在的目录。“..”目录链接到父目录。", "zh"),
            (Strings{"使用硬链接。", "“.”目录链接到它所在的目录。", "“..”目录链接到父目录。"}));
  EXPECT_EQ(sentences("按下 “l”，并输入 “~i!~M”。退出程序。", "zh"),
            (Strings{"按下 “l”，并输入 “~i!~M”。", "退出程序。"}));
  EXPECT_EQ(sentences("其 shell 模式\" * \"，匹配以\" . \"开始的文件名。另一句。", "zh"),
            (Strings{"其 shell 模式\" * \"，匹配以\" . \"开始的文件名。", "另一句。"}));
  // A bracket after a stop is an aside on the sentence before it, not a sentence.
  EXPECT_EQ(sentences("以文件所属组的 ID 运行该文件。（例如 root 组）。下一句。", "zh"),
            (Strings{"以文件所属组的 ID 运行该文件。（例如 root 组）。", "下一句。"}));
  // Embedded English still ends where a space follows its stop, but not at an ellipsis.
  EXPECT_EQ(sentences("它说 Hello. 然后离开。", "zh"), (Strings{"它说 Hello.", "然后离开。"}));
  EXPECT_EQ(sentences("安装（“apt install ...”、“aptitude install ...\" 或者 \"apt-get install "
                      "…”）：",
                      "zh"),
            (Strings{"安装（“apt install ...”、“aptitude install ...\" 或者 \"apt-get install "
                     "…”）："}));
}

TEST(SentencesTest, OtherLanguagesUseTheEnglishRules) {
  EXPECT_EQ(sentences("Prof. Weber kam. Dann ging er.", "de"),
            (Strings{"Prof. Weber kam.", "Dann ging er."}));
}

TEST(SplitSentencesTest, SpansAreByteOffsetsPastMultiByteCharacters) {
  const std::string text =
      "Caf\xc3\xa9 au lait. Tr\xc3\xa8s bien! \xe4\xb8\xad\xe6\x96\x87\xe5\x8f\xa5"
      "\xe5\xad\x90\xe3\x80\x82Next one. Smile \xf0\x9f\x98\x80. End.";
  EXPECT_EQ(split(text, "en"),
            (Strings{"Caf\xc3\xa9 au lait.", "Tr\xc3\xa8s bien!",
                     "\xe4\xb8\xad\xe6\x96\x87\xe5\x8f\xa5\xe5\xad\x90\xe3\x80\x82", "Next one.",
                     "Smile \xf0\x9f\x98\x80.", "End."}));
}

TEST(SplitSentencesTest, LineBreaksEndSentencesAndSpacesAreTrimmed) {
  EXPECT_EQ(split("  One line\nTwo.\t\n\n", "en"), (Strings{"One line", "Two."}));
  std::vector<Span> spans{{1, 2}};
  split_sentences("", "en", spans);
  EXPECT_TRUE(spans.empty()) << "the output is replaced, not appended to";
}

TEST(SplitSentencesTest, IllFormedAndHugeTextSplitLikeSmallText) {
  // Ill-formed UTF-8 and blocks over a megabyte are read as UTF-8 rather than through a UTF-16
  // copy; the boundaries are the same.
  EXPECT_EQ(split("Bad \xff byte. Next one.", "en"), (Strings{"Bad \xff byte.", "Next one."}));
  std::string big;
  while (big.size() <= (1u << 20)) big += "Caf\xc3\xa9 number one is here. Dr. Who came. ";
  const Strings pieces = split(big, "en");
  ASSERT_GT(pieces.size(), 2u);
  EXPECT_EQ(pieces[0], "Caf\xc3\xa9 number one is here.");
  EXPECT_EQ(pieces[1], "Dr. Who came.");
  EXPECT_EQ(pieces.back(), "Dr. Who came.");
}

}  // namespace lectio::text
