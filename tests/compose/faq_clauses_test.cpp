// The FAQ's questions from a sentence's clauses: what follows from a condition it states, and
// the reason it gives for a statement. A clause that points back, is a task, or is no plain
// clause of its own makes no question.
#include "faq_clauses.h"

#include <gtest/gtest.h>

namespace lectio::compose {

TEST(FaqClausesTest, AConditionMakesAWhatHappensQuestion) {
  EXPECT_EQ(condition_question(
                "If no matching filenames are found, and the shell option nullglob is disabled, "
                "the word is left unchanged.",
                "en"),
            "What happens if no matching filenames are found?");
  EXPECT_EQ(condition_question("When a merge isn’t resolved automatically, Git leaves the index "
                               "and the working tree in a special state.",
                               "en"),
            "What happens when a merge isn’t resolved automatically?");
  // A "then" ends the condition, so a list's commas before it stay in it (and make it no
  // plain clause here); without a list the condition ends at "then".
  EXPECT_EQ(condition_question("If localName is present but empty then the document element may "
                               "have any name.",
                               "en"),
            "What happens if localName is present but empty?");
  EXPECT_FALSE(
      condition_question("If one operand has INTEGER, REAL or NUMERIC affinity and the "
                         "other has none then NUMERIC affinity is applied.",
                         "en"));
  EXPECT_EQ(condition_question("如果没有找到匹配的文件名，这个词保持不变。", "zh"),
            "如果没有找到匹配的文件名，会怎样？");
  // "当……的时候，" is said as "当……时，" is (Debian's reference on the shell's search path).
  EXPECT_EQ(condition_question("当你在 Shell 里输入命令的时候，Shell 会在 \"$PATH\" 变量所包含的"
                               "目录列表里进行搜索。",
                               "zh"),
            "当你在 Shell 里输入命令时，会怎样？");
}

TEST(FaqClausesTest, AConditionThatPointsBackOrIsATaskMakesNone) {
  EXPECT_FALSE(
      condition_question("If that is not the case, then database corruption can result.", "en"));
  EXPECT_FALSE(
      condition_question("If this login name is the null string, the tilde is replaced.", "en"));
  EXPECT_FALSE(condition_question(
      "If an application therefore runs checkpoint in a separate thread, it must wait.", "en"));
  EXPECT_FALSE(
      condition_question("If you need to undo changes that you have pushed, use git "
                         "revert instead.",
                         "en"));
  // No clause of its own, or symbols a listener cannot hear as written.
  EXPECT_FALSE(condition_question("When not specified, it defaults to all versions.", "en"));
  EXPECT_FALSE(condition_question("When available, process substitution is performed.", "en"));
  EXPECT_FALSE(
      condition_question("If parameter is ‘@’ or ‘*’, the results differ as described "
                         "below.",
                         "en"));
  EXPECT_FALSE(condition_question("Git history is a series of commits.", "en"));
  EXPECT_FALSE(condition_question("如果这样，就会出错。", "zh"));
}

// What follows for the listener is advice for their situation, which "What happens if ...?"
// does not ask; what follows for a program is.
TEST(FaqClausesTest, AdviceToTheListenerMakesNoWhatHappensQuestion) {
  EXPECT_FALSE(
      condition_question("If you are running commands in parallel, you need to think "
                         "about how they share resources.",
                         "en"));
  EXPECT_EQ(condition_question("If you apply a patch that you have already applied, 'patch' "
                               "thinks it is a reversed patch.",
                               "en"),
            "What happens if you apply a patch that you have already applied?");
  EXPECT_FALSE(condition_question(
      "如果你需要在 shell 脚本中访问文件信息，你需要使用相关命令，如 stat。", "zh"));
  EXPECT_EQ(condition_question("如果文件系统已满，写入操作就会失败。", "zh"),
            "如果文件系统已满，会怎样？");
}

TEST(FaqClausesTest, AReasonMakesAWhyQuestion) {
  EXPECT_EQ(reason_question("Write transactions are very fast since they only involve writing "
                            "the content once.",
                            "en"),
            "Why are write transactions very fast?");
  EXPECT_EQ(reason_question("Because writers do nothing that would interfere with the actions of "
                            "readers, writers and readers can run at the same time.",
                            "en"),
            "Why can writers and readers run at the same time?");
  EXPECT_EQ(reason_question("Unspecified behavior can be particularly problematic because the set "
                            "of matched strings might be only partially specified.",
                            "en"),
            "Why can unspecified behavior be particularly problematic?");
  // A one-word subject may be a name, and keeps its capital.
  EXPECT_EQ(reason_question("Git is fast because it stores snapshots.", "en"), "Why is Git fast?");
  // From the Debian Reference in Chinese: the reason after the statement, or before it.
  EXPECT_EQ(
      reason_question(
          "testing 档案库不大有用，因为它包含有和没有安全支持的 stable 档案库相同的内容。", "zh"),
      "为什么 testing 档案库不大有用？");
  EXPECT_EQ(
      reason_question(
          "使用第三方软件包会导致重大的系统风险，因为其通过使用 root 权限运行维护者脚本。", "zh"),
      "为什么使用第三方软件包会导致重大的系统风险？");
  EXPECT_EQ(reason_question("因为 MD5sum 数据库可能被侵入者篡改，debsums(1) 作为安全工具使用有限。",
                            "zh"),
            "为什么 debsums(1) 作为安全工具使用有限？");
}

TEST(FaqClausesTest, ATimeOrAPointingSubjectMakesNoWhyQuestion) {
  // "since they forked" says when, not why.
  EXPECT_FALSE(reason_question("Alice can view what both of them did since they forked.", "en"));
  EXPECT_FALSE(reason_question("It is slow because the WAL grows.", "en"));
  EXPECT_FALSE(reason_question("These factors are important because checkpoints are slow.", "en"));
  // A verb a question cannot move ("provides") or a statement that is no plain clause.
  EXPECT_FALSE(
      reason_question("WAL provides more concurrency because readers do not block.", "en"));
  EXPECT_FALSE(reason_question("The result (see below) is cached because it is slow.", "en"));
  EXPECT_FALSE(reason_question("因为读者不阻塞写者，所以更快。", "zh"));  // too short to ask
  EXPECT_FALSE(
      reason_question("在多用户工作站中不要建立这样的普通用户账户，因为它会导致问题。", "zh"));
  EXPECT_FALSE(reason_question("由于一些原因，这些行为相对 stable 档案库没有那么严格。", "zh"));
  EXPECT_FALSE(reason_question(
      "当使用混合档案源的时候，因为 Debian 不会确保兼容性，所以你必须自己解决。", "zh"));
}

// 应该 ("should") and 其他 ("other") only contain a pointing character: the statement they are
// in points at nothing and is asked.
TEST(FaqClausesTest, AChineseWordThatOnlyContainsAPointingCharacterIsAsked) {
  EXPECT_EQ(reason_question("你应该定期更新软件包列表，因为软件源中的软件包会不断变化。", "zh"),
            "为什么你应该定期更新软件包列表？");
  EXPECT_FALSE(
      reason_question("你应该定期更新该软件包列表，因为软件源中的软件包会不断变化。", "zh"));
}

}  // namespace lectio::compose
