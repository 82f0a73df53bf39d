// The co-host's lines: made from what the next sentence gives, promising only what it keeps.
#include "phrasing.h"

#include <gtest/gtest.h>

#include <regex>
#include <set>

#include "phrasing_words.h"

namespace lectio::compose {

namespace {

lesson::Brief brief(const std::string& language) {
  lesson::Brief b;
  b.topic = "How SQLite is tested";
  b.insights = {"Which test harnesses SQLite has"};
  b.host = "Marcus";
  b.cohost = "Lena";
  b.language = language;
  return b;
}

}  // namespace

// A prompt for an example, a reason or a caution stands only before a sentence that gives one.
TEST(PhrasingTest, APromptStandsOnlyBeforeASentenceThatKeepsIt) {
  const lesson::Brief b = brief("en");
  const Phrasing say(b, 7);
  const std::regex example(R"(example|in practice)", std::regex::icase);
  const std::regex reason(R"(\bwhy\b|reason)", std::regex::icase);
  for (int salt = 0; salt < 12; ++salt) {
    const auto ex = say.follow_up("Some tests, such as the TCL tests, run in minutes.", "", salt);
    ASSERT_TRUE(ex);
    EXPECT_TRUE(std::regex_search(*ex, example)) << *ex;
    const auto why =
        say.follow_up("The journal is synced first because the disk may reorder writes.", "", salt);
    ASSERT_TRUE(why);
    EXPECT_TRUE(std::regex_search(*why, reason)) << *why;
    // A requirement is a rule to remember, not a warning to watch out for.
    const auto rule = say.follow_up(
        "Magic matches from previously parsed directories must be discarded.", "", salt);
    ASSERT_TRUE(rule);
    EXPECT_EQ(rule->find("watch out"), std::string::npos) << *rule;
    const auto warning =
        say.follow_up("You should never rewrite a history you have made public.", "", salt);
    ASSERT_TRUE(warning);
    // A plain statement gets no prompt that promises anything.
    const auto plain = say.follow_up("The TH3 harness runs on embedded platforms.", "", salt);
    if (plain) {
      EXPECT_FALSE(std::regex_search(*plain, example)) << *plain;
      EXPECT_FALSE(std::regex_search(*plain, reason)) << *plain;
    }
  }
}

// Otherwise the co-host names what comes next: the heading it comes from, or its subject.
TEST(PhrasingTest, TheCohostNamesTheNextPoint) {
  const lesson::Brief b = brief("en");
  const Phrasing say(b, 3);
  EXPECT_EQ(
      say.follow_up("Crashes are simulated in a virtual file system.", "3.3 Crash Testing", 1),
      "And what about crash testing?");
  const auto named = say.follow_up("The TH3 test harness is a set of proprietary tests.", "", 1);
  ASSERT_TRUE(named);
  EXPECT_NE(named->find("the TH3 test harness"), std::string::npos) << *named;
  // Nothing to hold on to: no line (the co-host waits, or reacts after a long run).
  EXPECT_FALSE(say.follow_up("It runs every night on many machines.", "", 1));
  EXPECT_FALSE(say.follow_up("Tests are run before every release.", "", 1));
  const std::string reaction = say.reaction(2);
  EXPECT_EQ(reaction.find('?'), std::string::npos) << reaction;
}

// From the Debian Reference in Chinese: "原来如此。" four times in one short lesson is a parrot.
// Each reaction comes back only after the others have been heard, never twice in a row, and
// the same seed gives the same ones.
TEST(PhrasingTest, ReactionsDoNotRepeatSoon) {
  for (const char* language : {"en", "zh"}) {
    const lesson::Brief b = brief(language);
    for (std::uint64_t seed : {1ull, 7ull, 12345ull, 0xdeadbeefull}) {
      const Phrasing say(b, seed);
      std::set<std::string> first_round;
      for (int nth = 0; nth < 5; ++nth) first_round.insert(say.reaction(nth));
      EXPECT_EQ(first_round.size(), 5u) << language << " seed " << seed;
      for (int nth = 1; nth < 40; ++nth) {
        EXPECT_NE(say.reaction(nth), say.reaction(nth - 1)) << language << " " << nth;
        EXPECT_EQ(say.reaction(nth), Phrasing(b, seed).reaction(nth));
        EXPECT_EQ(say.reaction(nth).find('?'), std::string::npos);
        EXPECT_EQ(say.reaction(nth).find("？"), std::string::npos);
      }
    }
  }
}

TEST(PhrasingTest, SentenceSubjects) {
  EXPECT_EQ(sentence_subject("The rollback journal is a file next to the database.", false),
            "the rollback journal");
  EXPECT_EQ(sentence_subject("TH3 is a proprietary harness.", false), "TH3");
  EXPECT_FALSE(sentence_subject("After gcov has been run, the program is rebuilt.", false));
  EXPECT_FALSE(sentence_subject("This is why it matters.", false));
  EXPECT_EQ(sentence_subject("张量处理器是专门为矩阵乘法设计的芯片。", true), "张量处理器");
}

// A heading's decoration (a permalink's pilcrow, a plain-text underline) is not said.
TEST(PhrasingTest, TheCohostSaysAHeadingWithoutItsDecoration) {
  const lesson::Brief b = brief("en");
  const Phrasing say(b, 7);
  EXPECT_EQ(say.follow_up("Readers do not block writers.", "2.2. Concurrency\u00b6", 0),
            "And what about concurrency?");
  EXPECT_EQ(say.follow_up("The status is 0 when a line is selected.",
                          "2.3 Exit Status ===============", 0),
            "And what about exit status?");
}

// From the Debian Reference in Chinese: an insight that is a question already is asked as it
// is, not wrapped in "关于……，需要了解什么？"; one that names a subject still is.
TEST(PhrasingTest, AChineseInsightThatAsksIsTheQuestion) {
  const lesson::Brief zh = brief("zh");
  const Phrasing say(zh, 7);
  EXPECT_EQ(say.question_about("硬链接和符号链接有什么区别"), "硬链接和符号链接有什么区别？");
  EXPECT_EQ(say.question_about("shell 如何通过 PATH 变量找到命令"),
            "shell 如何通过 PATH 变量找到命令？");
  EXPECT_EQ(say.question_about("软件包的状态和保留"), "关于“软件包的状态和保留”，需要了解什么？");
  // "两者" is said as the two the topic weighs.
  lesson::Brief gpu = brief("zh");
  gpu.topic = "GPU与TPU的实际选择";
  EXPECT_EQ(Phrasing(gpu, 7).question_about("如何在两者之间做选择"), "如何在GPU和TPU之间做选择？");
}

// 和 and 与 are also plain "and": a Chinese topic compares two things only when it weighs them.
TEST(PhrasingTest, AChineseTopicComparesOnlyWhenItWeighsTwoThings) {
  lesson::Brief b = brief("zh");
  b.topic = "类 Unix 文件系统中的权限和链接";
  EXPECT_FALSE(Phrasing(b, 7).difference_question());
  b.topic = "GPU与TPU的实际选择";
  EXPECT_EQ(Phrasing(b, 7).difference_question(), "GPU和TPU的主要区别是什么？");
}

// From the Debian Reference in Chinese: insights that are lists themselves are joined with ；
// so that the ear can tell where each ends; plain ones still with 、 and 和.
TEST(PhrasingTest, ChineseInsightsThatAreListsAreJoinedWithSemicolons) {
  EXPECT_EQ(join_list({"软件包之间有哪些依赖关系", "apt、apt-get 和 aptitude 各适合什么场合",
                       "安装、移除和清除软件包时会发生什么"},
                      true),
            "软件包之间有哪些依赖关系；apt、apt-get 和 aptitude 各适合什么场合；以及安装、移除和"
            "清除软件包时会发生什么");
  EXPECT_EQ(join_list({"GPU为什么成为默认选择", "TPU的优势在哪里", "如何做选择"}, true),
            "GPU为什么成为默认选择、TPU的优势在哪里和如何做选择");
}

}  // namespace lectio::compose
