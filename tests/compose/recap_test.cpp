// The recap's shortened points: a section's strongest sentence cut to its main clause, so
// that it is heard as a reminder, never as a repeat or a fragment.
#include "recap.h"

#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "lectio/extract/candidates.h"

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
      shorten_for_recap("Bash changes how globbing works through shopt options such as "
                        "dotglob, which lets patterns match file names that begin with a dot "
                        "in every directory.",
                        "en"));
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

// What kind of thing the subject is stays when the modifier of its kind goes: a file that is
// kept beside the database is a file. Not where dropping the modifier says more or nothing.
TEST(RecapTest, KeepsWhatKindOfThingTheSubjectIsWithoutItsModifier) {
  EXPECT_EQ(shorten_for_recap("The rollback journal is an ordinary disk file that is always "
                              "located in the same directory or folder as the database file.",
                              "en"),
            "The rollback journal is an ordinary disk file.");
  EXPECT_EQ(shorten_for_recap("The TH3 test harness is a set of proprietary tests, written in C "
                              "that provide full branch test coverage to the core library.",
                              "en"),
            "The TH3 test harness is a set of proprietary tests.");
  // An action's object ("a new commit" alone says nothing of undoing), a definite object, a
  // negated or bounded clause, a clause that is what a verb says.
  EXPECT_FALSE(
      shorten_for_recap("You can create a new commit that undoes whatever was done by "
                        "the old commit in the history.",
                        "en"));
  EXPECT_FALSE(
      shorten_for_recap("The journal is the only file that SQLite deletes when the "
                        "transaction commits to the database.",
                        "en"));
  EXPECT_FALSE(
      shorten_for_recap("The super-journal is not a file that holds any page data "
                        "used for rolling back changes.",
                        "en"));
  EXPECT_FALSE(
      shorten_for_recap("Crash testing seeks to demonstrate that an SQLite database "
                        "will not go corrupt if the power fails.",
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
  // Nor is a head that stops after the first of a list of examples.
  EXPECT_NE(shorten_for_recap("BASH 可以使用内置的 shopt 选项如 \" dotglob \"，\" noglob \",\" "
                              "nocaseglob \",\" nullglob \",\" extglob \"定制全局行为,使用 bash "
                              "( 1 )查看详细说明。",
                              "zh"),
            Point("BASH 可以使用内置的 shopt 选项如 \" dotglob \"。"));
  // Nor is a head that leaves a quotation open.
  EXPECT_NE(
      shorten_for_recap("这个命令叫做“取消待执行的动作，它会撤销所有标记”，然后退出程序。", "zh"),
      Point("这个命令叫做“取消待执行的动作。"));
}

// From the Debian Reference in Chinese and SQLite's and grep's manuals: a cut never drops a
// clause of condition, exception, negation or time, which would reverse or widen what is left
// ("大多数用户不会想要这个包。" without its 除非 says the opposite of the manual).
TEST(RecapTest, NeverDropsAConditionOrAnException) {
  using Point = std::optional<std::string>;
  EXPECT_FALSE(
      shorten_for_recap("大多数用户不会想要这个包，除非在这里列出的所有包都已经安装。", "zh"));
  EXPECT_FALSE(shorten_for_recap(
      "不要在稳定版系统上使用这个命令来进行跨版本的升级，否则可能会破坏整个系统。", "zh"));
  EXPECT_FALSE(shorten_for_recap(
      "所有用户都可以读取这个目录里面的全部普通文件，但不能删除其他用户的文件。", "zh"));
  EXPECT_NE(shorten_for_recap("No new SHARED locks are permitted against the database if a "
                              "PENDING lock is active, though existing SHARED locks are "
                              "allowed to continue.",
                              "en"),
            Point("No new SHARED locks are permitted against the database."));
  EXPECT_FALSE(
      shorten_for_recap("Normally the exit status is 0 if a line is selected, 1 if no "
                        "lines were selected, and 2 if an error occurred.",
                        "en"));
  EXPECT_FALSE(
      shorten_for_recap("A type is a subclass of another type if any instance of the "
                        "first type is also an instance of the second.",
                        "en"));
  EXPECT_FALSE(
      shorten_for_recap("Most users will not want to install this package on its own, "
                        "unless every package listed here is already installed.",
                        "en"));
  EXPECT_FALSE(
      shorten_for_recap("Readers may see the old content of the database file, but not "
                        "the changes of a transaction that has not committed.",
                        "en"));
  // A negation before a reason may deny only the reason.
  EXPECT_FALSE(
      shorten_for_recap("The gcov run does not test SQLite because the -fprofile-arcs "
                        "and -ftest-coverage options cause the compiler to generate "
                        "different code.",
                        "en"));
}

// A condition kept in the head stays; what follows it may go, and "as if" is no condition.
TEST(RecapTest, KeepsAConditionThatIsInTheHead) {
  EXPECT_EQ(shorten_for_recap("The expanded result is then single-quoted, as if the dollar sign "
                              "had not been present in the word at all.",
                              "en"),
            "The expanded result is then single-quoted.");
  EXPECT_EQ(shorten_for_recap("Only a single RESERVED lock may be active on the database file "
                              "at one time, though multiple SHARED locks can coexist with a "
                              "single RESERVED lock held by another process.",
                              "en"),
            "Only a single RESERVED lock may be active on the database file at one time.");
}

// From Git's tutorial and user manual: a condition followed by its main clause is a statement
// and keeps its condition; one followed by a second condition is still no statement.
TEST(RecapTest, AConditionWithItsMainClauseIsAStatement) {
  EXPECT_EQ(
      shorten_for_recap("If you intend to share a commit name with other people (for example, "
                        "to identify a release version), you should create a \"tag\" "
                        "object, and perhaps sign it; see git-tag(1) for details.",
                        "en"),
      "If you intend to share a commit name with other people, you should create a \"tag\" "
      "object, and perhaps sign it.");
  EXPECT_FALSE(
      shorten_for_recap("If the problematic commit is the most recent commit, and you "
                        "have not yet made that commit public, then you may just "
                        "destroy it using git reset.",
                        "en"));
}

// From Git's user manual and the Debian Reference: a reminder is heard away from the sentences
// it pointed at, so one that says "do this" or "这个命令" is no point.
TEST(RecapTest, APointDoesNotPointBack) {
  EXPECT_FALSE(
      shorten_for_recap("You should never do this if you have already made the history "
                        "public; Git does not normally expect the history of a project "
                        "to change, and cannot correctly perform repeated merges.",
                        "en"));
  EXPECT_FALSE(
      shorten_for_recap("建议在交互式的使用场景中使用这个命令，而在 shell 脚本中使用 "
                        "apt-get 和 apt-cache 两个输出更稳定的命令来完成同样的工作。",
                        "zh"));
  // 应该 and 其他 do not point back.
  EXPECT_EQ(shorten_for_recap("普通用户应该使用新的 apt 命令完成日常的软件包管理，其他工具例如 "
                              "apt-get 和 apt-cache 更适合在 shell 脚本里面调用。",
                              "zh"),
            "普通用户应该使用新的 apt 命令完成日常的软件包管理。");
}

// An aside that only names or gives examples goes from a reminder; one that limits stays.
TEST(RecapTest, DropsAnAsideThatOnlyNames) {
  EXPECT_EQ(shorten_for_recap("Most projects with multiple contributors (such as the Linux "
                              "kernel, or Git itself) have frequent merges, and gitk does a "
                              "better job of visualizing their history.",
                              "en"),
            "Most projects with multiple contributors have frequent merges.");
  EXPECT_EQ(shorten_for_recap("硬链接（hard link）可以在同一个文件系统内创建，并共用同一个 inode "
                              "号，由 ls 命令带 “-i” 选项显示。",
                              "zh"),
            "硬链接可以在同一个文件系统内创建。");
  EXPECT_EQ(
      shorten_for_recap("Writers (but not readers) must hold the EXCLUSIVE lock on the "
                        "database file, which keeps every other connection from reading or writing "
                        "any of its pages.",
                        "en"),
      "Writers (but not readers) must hold the EXCLUSIVE lock on the database file.");
}

// "在……上设置 X 将打开 Y" is a main clause; "在……后" only leads up to one.
TEST(RecapTest, AChineseClauseOpeningWithZaiCanBeTheMainOne) {
  EXPECT_EQ(shorten_for_recap("在一个目录上设置 Set-Group-ID 位将打开类 BSD 的文件创建方式，所有"
                              "以后在该目录里面新建的普通文件和子目录都会自动继承这个目录所属的"
                              "用户组。",
                              "zh"),
            "在一个目录上设置 Set-Group-ID 位将打开类 BSD 的文件创建方式。");
}

// From Bash's and Git's manuals: a list's lead-in that counts its items is a point of its own
// -- it says how much there was to learn -- where the first item alone would not be.
TEST(RecapTest, ACountedLeadInIsAPoint) {
  EXPECT_EQ(shorten_for_recap("There are three quoting mechanisms: the escape character, single "
                              "quotes, and double quotes.",
                              "en"),
            "There are three quoting mechanisms.");
  EXPECT_EQ(shorten_for_recap("Shell 一共有三种引用方式：转义字符、单引号和双引号，它们各自去掉不同"
                              "字符的特殊含义。",
                              "zh"),
            "Shell 一共有三种引用方式。");
  // A lead-in that ends open or counts nothing is no statement.
  using Point = std::optional<std::string>;
  EXPECT_NE(shorten_for_recap("The three kinds of lock that a connection can hold are: shared, "
                              "reserved, and exclusive, each stronger than the last.",
                              "en"),
            Point("The three kinds of lock that a connection can hold are."));
  EXPECT_NE(shorten_for_recap("Bash performs the expansions in a fixed order: brace expansion, "
                              "tilde expansion, and parameter expansion come first.",
                              "en"),
            Point("Bash performs the expansions in a fixed order."));
}

// From Bash's manual: what a sentence says of each item of a series holds of the first, so a
// series of like items may be cut to its first.
TEST(RecapTest, ASeriesOfLikeItemsKeepsItsFirst) {
  EXPECT_EQ(shorten_for_recap("Quoting can be used to disable special treatment for special "
                              "characters, to prevent reserved words from being recognized as "
                              "such, and to prevent parameter expansion.",
                              "en"),
            "Quoting can be used to disable special treatment for special characters.");
  EXPECT_EQ(shorten_for_recap("The '$' character introduces parameter expansion, command "
                              "substitution, or arithmetic expansion.",
                              "en"),
            "The '$' character introduces parameter expansion.");
}

// But not a noun's modifiers, the steps of a story, a head that bounds or counts the items,
// or one that names the whole set.
TEST(RecapTest, NotEverySeriesCanBeCut) {
  using Point = std::optional<std::string>;
  EXPECT_NE(shorten_for_recap("SQLite is a fast, small, and highly reliable embedded database "
                              "engine.",
                              "en"),
            Point("SQLite is a fast."));
  EXPECT_NE(shorten_for_recap("A virus scanner might be cleaning up the temporary folder, see the "
                              "journal file, think it is junk, and delete it.",
                              "en"),
            Point("A virus scanner might be cleaning up the temporary folder."));
  EXPECT_NE(
      shorten_for_recap("The object database holds only blobs, trees, commits, and tags.", "en"),
      Point("The object database holds only blobs."));
  EXPECT_NE(shorten_for_recap("The four kinds of object in the database are blobs, trees, "
                              "commits, and tags.",
                              "en"),
            Point("The four kinds of object in the database are blobs."));
  EXPECT_NE(shorten_for_recap("The kinds of lock a connection may hold are shared, reserved, "
                              "pending, and exclusive.",
                              "en"),
            Point("The kinds of lock a connection may hold are shared."));
}

// From Git's tutorial and SQLite's documentation: words that tie a sentence to the page it
// stood on ("Note that", "thus") are not said again in a reminder heard on its own.
TEST(RecapTest, DropsWordsThatFrameTheSentenceForItsPage) {
  EXPECT_EQ(shorten_for_recap("Note that the rollback journal is deleted when the transaction "
                              "commits, which is the moment the changes become durable and "
                              "visible to other connections.",
                              "en"),
            "The rollback journal is deleted when the transaction commits.");
  EXPECT_EQ(shorten_for_recap("The pull command thus performs two operations: it fetches changes "
                              "from a remote branch, then merges them into the current branch.",
                              "en"),
            "The pull command performs two operations.");
  // An enumeration's place ("Secondly") frames the claim; a hedge ("Apparently") is part of it.
  EXPECT_EQ(shorten_for_recap("Secondly, the checkpointer copies pages back into the database "
                              "file, which lets the write-ahead log be reset and reused later.",
                              "en"),
            "The checkpointer copies pages back into the database file.");
  EXPECT_FALSE(
      shorten_for_recap("Apparently, some disks report that data reached the surface.", "en"));
}

// " since" without a comma gives a reason when a clause follows it, and a time when none does;
// "depending on" only says what a variation follows.
TEST(RecapTest, CutsAReasonOrADependenceButNotATime) {
  EXPECT_EQ(shorten_for_recap("Write transactions are very fast since they only involve writing "
                              "the content once and because the writes are all sequential.",
                              "en"),
            "Write transactions are very fast.");
  EXPECT_FALSE(
      shorten_for_recap("The write-ahead log has been available in every build of the "
                        "library since version 3.7.0 of the year 2010.",
                        "en"));
  EXPECT_EQ(shorten_for_recap("The decision of how often to run checkpoints may vary from one "
                              "application to another depending on the relative read and write "
                              "performance requirements of the application.",
                              "en"),
            "The decision of how often to run checkpoints may vary from one application to "
            "another.");
}

// "also" points at what a sentence was said beside; "but" opens the clause that matters; and
// what a cut leaves must be a sentence a listener could hear on its own.
TEST(RecapTest, RefusesAPointThatLeansOnItsNeighbours) {
  EXPECT_FALSE(
      shorten_for_recap("The rollback journal also records the original size of the database "
                        "file, which lets a crashed transaction restore it exactly.",
                        "en"));
  EXPECT_FALSE(
      shorten_for_recap("Locks are held for short periods by default in every connection, but a "
                        "writer holds its lock until the transaction commits.",
                        "en"));
  EXPECT_FALSE(
      shorten_for_recap("A team working in JAX, or in TensorFlow with standard layers, can try "
                        "TPUs with modest effort.",
                        "en"));
}

Chunk chunk(int ordinal, std::string text) {
  Chunk c;
  c.source_id = "file_locks";
  c.ordinal = ordinal;
  c.heading_path = {"Locking"};
  c.text = std::move(text);
  return c;
}

// Only a section's strongest sentences may give its point: a weak one that happens to shorten
// is no main point, and the section is better left out of the recap.
TEST(RecapTest, OnlyAStrongSentenceGivesThePoint) {
  lesson::Material material;
  material.chunks = {
      chunk(0,
            "A shared lock lets many readers into the database file. Readers share the "
            "database file with every other reader. A reader holds a shared lock while it "
            "reads pages. Many readers may read the database file at once. Readers never "
            "block the other readers of the file. A writer waits for every reader to finish "
            "reading."),
      chunk(1,
            "The writer takes a pending lock while it waits for the readers to finish, which "
            "keeps new readers from taking a shared lock on the database file.")};
  const auto candidates = extract::build_candidates(material, "en");
  const extract::Scorer scorer(candidates, "en");
  std::vector<int> said;
  int weak = -1;
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    said.push_back(static_cast<int>(i));
    if (candidates[i].chunk == 1) weak = static_cast<int>(i);
  }
  ASSERT_GE(said.size(), 6u);  // the strongest three leave the weak one out
  ASSERT_GE(weak, 0);
  std::vector<double> worth(candidates.size(), 10.0);
  worth[static_cast<std::size_t>(weak)] = 0.0;
  EXPECT_FALSE(recap_point(said, worth, scorer, material, "en"));

  worth[static_cast<std::size_t>(weak)] = 20.0;
  const auto point = recap_point(said, worth, scorer, material, "en");
  ASSERT_TRUE(point);
  EXPECT_EQ(point->text,
            "The writer takes a pending lock while it waits for the readers to finish.");
  ASSERT_EQ(point->citations.size(), 1u);
  EXPECT_EQ(point->citations[0], material.chunks[1].id());
}

}  // namespace

}  // namespace lectio::compose
