// The rules that keep a source sentence out of a lesson, one test per rule, on sentences of
// the kind real manuals carry.
#include "lectio/extract/listenable.h"

#include <gtest/gtest.h>

namespace lectio::extract {

TEST(ListenableTest, PageLayoutReferencesAreNotSpoken) {
  for (const char* s : {"If you can boot the system, you may install it by the following command.",
                        "Here the number of packages in the above is for the amd64 architecture.",
                        "See Section 9 for an easier way to do the same thing.",
                        "The options are described in the next section of this manual.",
                        "Each lock state is explained in the table below."}) {
    EXPECT_EQ(why_unfit(s, "en"), Unfit::kLayout) << s;
  }
  EXPECT_EQ(why_unfit("如下所示，数据库文件有五种锁状态。", "zh"), Unfit::kLayout);
  EXPECT_EQ(why_unfit("详见第三章关于软件包的说明。", "zh"), Unfit::kLayout);
}

TEST(ListenableTest, TableCellsAndListFragmentsAreNotSentences) {
  for (const char* s : {"Used to ask for brief usage information.",
                        "apt for all interactive command line operations, including removal.",
                        "Prints the version number of the program and exits.",
                        "Same as the verbose option but quieter.", "Short read.",
                        "True if the base of the file name matches shell pattern PATTERN.",
                        "du, ls, nm, stty, uname, and unexpand."}) {
    EXPECT_EQ(why_unfit(s, "en"), Unfit::kFragment) << s;
  }
  EXPECT_EQ(why_unfit("Does one remove defensive code in order to reach full coverage?", "en"),
            Unfit::kFragment);
  EXPECT_EQ(why_unfit("什么是 Debian 软件包？", "zh"), Unfit::kFragment);
  EXPECT_EQ(why_unfit("用于显示简要的使用说明。", "zh"), Unfit::kFragment);
  EXPECT_EQ(why_unfit("短句。", "zh"), Unfit::kFragment);
  // A sentence that trails off into the list after it.
  EXPECT_EQ(why_unfit("A journal is hot if the following conditions hold...", "en"),
            Unfit::kFragment);
  EXPECT_EQ(why_unfit("A rollback journal is said to be hot when...", "en"), Unfit::kFragment);
}

// An adverb in -s is no verb of a table cell: its subject follows it.
TEST(ListenableTest, ASentenceOpeningWithAnAdverbInSHasItsSubjectAfterIt) {
  for (const char* s : {"Sometimes the best way to find the cause of such a regression is to "
                        "perform a brute-force search through the project's history.",
                        "Perhaps the simplest fix is to run the command again.",
                        "Always the last argument names the destination directory."}) {
    EXPECT_EQ(why_unfit(s, "en"), Unfit::kNone) << s;
  }
  EXPECT_EQ(why_unfit("Returns the number of bytes written to the file.", "en"), Unfit::kFragment);
}

// From Bash's manual as a PDF: the operators of ${parameter@operator} are a definition list
// whose one-letter terms stand in a column of their own; heard, the term is a stray letter.
TEST(ListenableTest, ATermFromItsOwnColumnIsNoSentence) {
  for (const char* s : {"Q The expansion is a string that is the value of parameter quoted.",
                        "K Produces a possibly-quoted version of the value of parameter.",
                        "A The expansion is a string in the form of an assignment statement."}) {
    EXPECT_EQ(why_unfit(s, "en"), Unfit::kFragment) << s;
  }
  for (const char* s : {"A SHARED lock lets many connections read the database at once.",
                        "I Think, Therefore I Am is a phrase every student of philosophy meets."}) {
    EXPECT_EQ(why_unfit(s, "en"), Unfit::kNone) << s;
  }
}

// What a cut may leave: a clause with a verb, not a subject alone.
TEST(ListenableTest, AFiniteVerbMakesAClause) {
  EXPECT_TRUE(has_finite_verb("The rollback journal records the original content"));
  EXPECT_TRUE(has_finite_verb("Quoting can be used to disable special treatment"));
  EXPECT_TRUE(has_finite_verb("You run the command"));
  EXPECT_FALSE(has_finite_verb("A team working in JAX"));
  EXPECT_FALSE(has_finite_verb("The fastest way through the manual"));
}

TEST(ListenableTest, MarkupNobodySaysIsNotSpoken) {
  for (const char* s : {"The full text is at https://www.gnu.org/prep/standards/ for anyone.",
                        "See 9.3.9 for the details of how this is configured.",
                        "Edit the file /etc/apt/sources.list to add the new archive.",
                        "Type $ git init in the directory to start a repository.",
                        "The value is written as ${name} inside double quotes in scripts.",
                        "Run `make check` before you send the patch to the list."}) {
    EXPECT_EQ(why_unfit(s, "en"), Unfit::kMarkup) << s;
  }
}

TEST(ListenableTest, PlainSentencesPassAndLongOnesDoNot) {
  for (const char* s : {"A PENDING lock means that the process holding the lock wants to write.",
                        "Git stores a snapshot of the whole project every time you commit.",
                        "Tests are run on every check-in before a release is made.",
                        "You can record the state of the index with git commit -a at once."}) {
    EXPECT_EQ(why_unfit(s, "en"), Unfit::kNone) << s;
  }
  std::string long_one = "Every";
  for (int i = 0; i < 50; ++i) long_one += " word";
  EXPECT_EQ(why_unfit(long_one + ".", "en"), Unfit::kLength);
  EXPECT_EQ(why_unfit("数据库文件在写入之前必须先获得保留锁。", "zh"), Unfit::kNone);
}

TEST(ListenableTest, SentencesThatPointBackAreRecognised) {
  for (const char* s :
       {"It speeds up the updates of the archive meta data.",
        "Those for the unstable archive are fixed by the maintainer.",
        "However, the journal is deleted afterwards.", "In this case the lock is released at once.",
        "\"This\" is what the shell does first.", "For example, git log shows it.",
        "(The portable POSIX limit is 255, and larger counts are slow.)",
        "Be careful with that last command: it also removes later commits.",
        "Unlike the former, the preceding example keeps the index.",
        "If this branch is the only branch containing those commits, they will be lost.",
        "If you run git branch at this point, you will see that Git has moved you.",
        "The database is only read in that step, never written.",
        "Each of these tests has a case-insensitive version.",
        "All of them store credentials in an encrypted store."}) {
    EXPECT_TRUE(points_back(s, "en")) << s;
  }
  for (const char* s :
       {"Git keeps the history of a project.", "Items are stored in order.",
        "Iterators stay valid.", "Thistles are not a keyword.",
        "(Optional) fields come last in the file.", "You can undo the last commit with git reset.",
        "A merge commit has the previous commit of each branch as a parent.",
        "At each point in the history, the index holds a tree.",
        "Each of the tests has a case-insensitive version."}) {
    EXPECT_FALSE(points_back(s, "en")) << s;
  }
  EXPECT_TRUE(points_back("这种方式让写入变成原子操作。", "zh"));
  EXPECT_TRUE(points_back("此外，日志文件会被删除。", "zh"));
  EXPECT_FALSE(points_back("数据库文件有五种锁状态。", "zh"));
  EXPECT_TRUE(points_back("（例如 root 用户可以这样做。）", "zh"));
}

// From the Debian Reference in Chinese: "similarly" and "here" point back; "similar to X"
// names what it is like.
TEST(ListenableTest, ChineseSimilarlyAndHerePointBack) {
  EXPECT_TRUE(
      points_back("类似的，给一个可执行文件设置了 Set-Group-ID 位将允许一个用户以文件所属组的 ID "
                  "运行该文件。",
                  "zh"));
  EXPECT_TRUE(points_back("类似地，目录的链接数随着子目录的创建而增加。", "zh"));
  EXPECT_TRUE(points_back("在这里，一个目录的可执行权限意味着还允许显示文件的属性。", "zh"));
  EXPECT_FALSE(points_back("类似于 Depends，但列出的软件包必须提前完成安装。", "zh"));
  EXPECT_FALSE(points_back("在一个目录上设置粘滞位将保护该目录内的文件。", "zh"));
}

// "Here are some examples" points at the page (an ls -l listing that is not said), as "这里是"
// does.
TEST(ListenableTest, ChineseHereAreIsLayout) {
  EXPECT_EQ(why_unfit("这里有一点有趣的文件权限例子。", "zh"), Unfit::kLayout);
}

}  // namespace lectio::extract
