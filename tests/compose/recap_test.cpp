// The recap's shortened points: a section's strongest sentence cut to its main clause, so
// that it is heard as a reminder, never as a repeat or a fragment.
#include "recap.h"

#include <gtest/gtest.h>

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

}  // namespace

}  // namespace lectio::compose
