// The recap's shortened points: a section's strongest sentence cut to its main clause, so
// that it is heard as a reminder, never as a repeat or a fragment.
#include "recap.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>

namespace lectio::compose {

namespace {

TEST(RecapTest, CutsASentenceToItsMainClause) {
  EXPECT_EQ(shorten_for_recap("The rollback journal records the original content of every page, "
                              "which lets a crashed transaction be undone later.",
                              "en"),
            "The rollback journal records the original content of every page.");
  EXPECT_EQ(shorten_for_recap("A PENDING lock stops new readers from starting because a writer "
                              "is waiting to take the EXCLUSIVE lock on the file.",
                              "en"),
            "A PENDING lock stops new readers from starting.");
}

TEST(RecapTest, LeavesNoFragmentBehind) {
  // A subordinate clause alone, a head that is too short, a list cut after its first items
  // and an open parenthesis are no statements.
  EXPECT_FALSE(
      shorten_for_recap("If you need to make any further adjustments, do so now, and "
                        "then add any newly modified content to the index.",
                        "en"));
  EXPECT_FALSE(shorten_for_recap("Locks are short, which matters.", "en"));
  EXPECT_FALSE(
      shorten_for_recap("The order of expansions is: brace expansion; tilde expansion, "
                        "parameter expansion, and command substitution.",
                        "en"));
  EXPECT_FALSE(
      shorten_for_recap("Each test harness is designed, maintained, and managed "
                        "separately from the others in the project.",
                        "en"));
  EXPECT_FALSE(
      shorten_for_recap("Most projects with many contributors (such as the Linux kernel, "
                        "or Git itself) have frequent merges in their history.",
                        "en"));
  EXPECT_FALSE(
      shorten_for_recap("Begin the message with a single short (less than 50 character) "
                        "line summarizing the change, followed by a blank line.",
                        "en"));
}

TEST(RecapTest, AShortSentenceCannotBeARemindedPoint) {
  // Cut or not, it would be heard again nearly word for word.
  EXPECT_FALSE(shorten_for_recap("The journal is deleted when the transaction commits.", "en"));
}

TEST(RecapTest, ChineseCutsAtTheFirstClause) {
  EXPECT_EQ(shorten_for_recap("张量处理器是专门为矩阵乘法设计的芯片，它在大规模神经网络训练和推理中"
                              "效率很高，也更省电。",
                              "zh"),
            "张量处理器是专门为矩阵乘法设计的芯片。");
}

// From the Debian Reference in Chinese: a first clause that only leads up to the main one is
// not cut off as the point; the cut moves on to take the main clause in, or there is none.
TEST(RecapTest, ChineseNeverLeavesALeadingClauseAlone) {
  using Point = std::optional<std::string>;
  EXPECT_NE(shorten_for_recap("当你在 Shell 里输入命令的时候，Shell 会在 PATH 变量所包含的目录列表"
                              "里进行搜索，PATH 变量的值也叫作 Shell 的搜索路径。",
                              "zh"),
            Point("当你在 Shell 里输入命令的时候。"));
  EXPECT_FALSE(
      shorten_for_recap("在成功安装下载的软件包后，apt 将默认删除缓存的 .deb 软件包。", "zh"));
  EXPECT_FALSE(shorten_for_recap(
      "为了减少软件包之间可能会发生的冲突，应该尽量减少要安装的软件包的数目。", "zh"));
  EXPECT_FALSE(shorten_for_recap(
      "与 shell 通用的文件名匹配方式不同，使用 -name 选项的 find 命令也匹配隐藏文件。", "zh"));
  // Nor is the start of a definition or a list.
  EXPECT_FALSE(
      shorten_for_recap("“依赖”：绝对的依赖，所有在这里列出的软件包都必须同时或提前安装。", "zh"));
  // Nor is a head that leaves a quotation open.
  EXPECT_NE(
      shorten_for_recap("这个命令叫做“取消待执行的动作，它会撤销所有标记”，然后退出程序。", "zh"),
      Point("这个命令叫做“取消待执行的动作。"));
}

}  // namespace

}  // namespace lectio::compose
