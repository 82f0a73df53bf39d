// The FAQ's questions from the material: a sentence that tells how to do a task makes the
// question a learner asks; an aside or a pointer to something said before makes none.
#include "faq_questions.h"

#include <gtest/gtest.h>

#include <set>

namespace lectio::compose {

TEST(FaqQuestionsTest, ATaskSentenceMakesAHowQuestion) {
  EXPECT_EQ(task_question("To figure out if a super-journal is stale, we first read it.", "en"),
            "How do you figure out if a super-journal is stale?");
  EXPECT_EQ(task_question("To nest when using the backquoted form, escape the inner backquotes "
                          "with backslashes.",
                          "en"),
            "How do you nest when using the backquoted form?");
  EXPECT_EQ(task_question(
                "If you need to undo changes that you have pushed, use git revert instead.", "en"),
            "How do you undo changes that you have pushed?");
  EXPECT_EQ(task_question("If you want to publish a branch, run git push.", "en"),
            "How do you publish a branch?");
}

TEST(FaqQuestionsTest, AChineseSentenceSayingWhereOrWithWhatATaskIsDoneAsksHow) {
  // From the Debian Reference (Simplified Chinese), chapter 1.
  EXPECT_EQ(task_question("可以在 Bash 脚本文件 \"~/.bash_profile\" 或 \"~/.bashrc\" 中改变 "
                          "\"$PATH\" 环境变量的值。",
                          "zh"),
            "在哪里可以改变 \"$PATH\" 环境变量的值？");
  EXPECT_EQ(task_question("你可以使用 alias 来列出所有的别名。", "zh"), "怎样列出所有的别名？");
  EXPECT_EQ(task_question("你可以使用 type 来确认命令的准确路径或类型。", "zh"),
            "怎样确认命令的准确路径或类型？");
  // Not a task: a statement, a task that points back, a place that is a clause, an aside.
  EXPECT_FALSE(task_question("你可以为经常使用的命令设置一个别名。", "zh"));
  EXPECT_FALSE(task_question("你可以使用 alias 来改变它的值。", "zh"));
  EXPECT_FALSE(task_question("可以在安装的时候，中途改变设置。", "zh"));
  EXPECT_FALSE(task_question("可以在文件中看到，这一行被改变了。", "zh"));
  EXPECT_FALSE(task_question("可以用来。", "zh"));
}

TEST(FaqQuestionsTest, AChineseSentenceSayingWhatAThingIsForOrWhatItInvolvesAsksThat) {
  EXPECT_EQ(purpose_question("后台任务让用户能够在一个 shell 中执行多个程序。", "zh"),
            "后台任务有什么用？");
  EXPECT_EQ(list_question("后台进程的管理涉及 shell 的内建命令：jobs、fg、bg 和 kill。", "zh"),
            "后台进程的管理涉及哪些 shell 的内建命令？");
  // A subject that points back, or is a clause; two things are no list; not English yet.
  EXPECT_FALSE(purpose_question("这个功能让用户能够在一个 shell 中执行多个程序。", "zh"));
  EXPECT_FALSE(purpose_question("如果需要，后台任务让用户能够执行多个程序。", "zh"));
  EXPECT_FALSE(list_question("后台进程的管理涉及两个命令：fg 和 bg。", "zh"));
  EXPECT_FALSE(list_question("这涉及 shell 的内建命令：jobs、fg、bg 和 kill。", "zh"));
  EXPECT_FALSE(purpose_question("Background jobs let users run many programs.", "en"));
}

namespace {

extract::Candidate sentence(std::string text) {
  extract::Candidate c;
  c.text = std::move(text);
  return c;
}

}  // namespace

// From SQLite's locking page and the shared-mime-info spec: a sentence that says what a term
// is asks "What is ...?"; one that says when a relation holds does not define its subject.
TEST(FaqQuestionsTest, ADefiningSentenceMakesAWhatQuestion) {
  const auto pending = definition_question(
      sentence("A PENDING lock is a lock that a writer holds while it waits for readers."), "en");
  ASSERT_TRUE(pending);
  EXPECT_EQ(pending->first, "What is a PENDING lock?");
  EXPECT_EQ(pending->second, "PENDING lock");
  EXPECT_FALSE(definition_question(sentence("A type is a subclass of another type if any "
                                            "instance of the first type is also an instance "
                                            "of the second."),
                                   "en"));
  EXPECT_FALSE(definition_question(
      sentence("A journal is a hot journal when the process that wrote it crashed."), "en"));
}

// From SQLite's WAL page and bash's manual: a sentence that names what it describes defines
// the name; one whose subject points back ("This is known as ...") does not say what it names.
TEST(FaqQuestionsTest, ASentenceThatNamesAThingMakesAWhatQuestion) {
  const auto named = naming_question(
      sentence("Moving the WAL file transactions back into the database is called a "
               "\"checkpoint\"."),
      "en");
  ASSERT_TRUE(named);
  EXPECT_EQ(named->first, "What is a checkpoint?");
  EXPECT_EQ(named->second, "checkpoint");
  const auto plural = naming_question(
      sentence("Journals left behind by a crashed process are known as hot journals."), "en");
  ASSERT_TRUE(plural);
  EXPECT_EQ(plural->first, "What are hot journals?");
  EXPECT_FALSE(naming_question(sentence("This is known as indirect expansion."), "en"));
  EXPECT_FALSE(naming_question(sentence("Such a file is called a journal for short."), "en"));
  EXPECT_FALSE(naming_question(sentence("The HEAD in such a state is called \"detached\"."), "en"));
}

// A quoted name given in passing names the thing described just before it: "or" gives a term,
// "called" a name. From Debian's Python policy and SQLite's testing page.
TEST(FaqQuestionsTest, AQuotedNameGivenInPassingMakesAWhatQuestion) {
  const auto shebang = naming_question(
      sentence("Executables written for interpretation by Python must use an appropriate "
               "interpreter directive, or “shebang”, as the first line of the program."),
      "en");
  ASSERT_TRUE(shebang);
  EXPECT_EQ(shebang->first, "What is a shebang?");
  EXPECT_EQ(shebang->second, "shebang");
  const auto fuzzer = naming_question(
      sentence("SQLite has been fuzzed using a proprietary fuzzer called \"dbsqlfuzz\"."), "en");
  ASSERT_TRUE(fuzzer);
  EXPECT_EQ(fuzzer->first, "What is dbsqlfuzz?");
  const auto wheels = naming_question(
      sentence("PEP 427 defines a built-package format called “wheels”, which is a Zip archive."),
      "en");
  ASSERT_TRUE(wheels);
  EXPECT_EQ(wheels->first, "What are wheels?");
  // A part of the text called by its title is no thing of the subject.
  EXPECT_FALSE(
      naming_question(sentence("See the section called “Dangling objects” for details."), "en"));
}

// "The X of a Y is ..." says what an attribute of a thing is; not a part of the text, nor one
// under a condition.
TEST(FaqQuestionsTest, ASentenceSayingWhatAnAttributeIsMakesAWhatQuestion) {
  const auto status = definition_question(
      sentence("The exit status of a pipeline is the exit status of the last command in it."),
      "en");
  ASSERT_TRUE(status);
  EXPECT_EQ(status->first, "What is the exit status of a pipeline?");
  EXPECT_EQ(status->second, "exit status");
  const auto affinity = definition_question(
      sentence("The type affinity of a column is the recommended type for data stored in that "
               "column."),
      "en");
  ASSERT_TRUE(affinity);
  EXPECT_EQ(affinity->first, "What is the type affinity of a column?");
  EXPECT_FALSE(definition_question(
      sentence("The rest of this section is a brief overview of how you use gettext."), "en"));
  EXPECT_FALSE(definition_question(
      sentence("The exit status of a pipeline is the status of its last command, unless the "
               "pipefail option is enabled."),
      "en"));
}

// The same in Chinese, from Debian's reference: the name ends the sentence and what it names is
// said before it; a name in an aside, or a naming that points back, makes no question.
TEST(FaqQuestionsTest, AChineseSentenceThatNamesAThingMakesAWhatQuestion) {
  const auto path =
      naming_question(sentence("Shell 会在 \"$PATH\" 变量所包含的目录列表里进行搜索，\"$PATH\" "
                               "变量的值也叫作 Shell 的搜索路径。"),
                      "zh");
  ASSERT_TRUE(path);
  EXPECT_EQ(path->first, "Shell 的搜索路径是什么？");
  EXPECT_EQ(path->second, "Shell 的搜索路径");
  EXPECT_FALSE(naming_question(
      sentence("将文件名扩展为 glob，(有时候被称为 通配符)，以此来满足这方面的需求。"), "zh"));
  EXPECT_FALSE(naming_question(sentence("这通常被称为软件包的依赖关系。"), "zh"));
  EXPECT_FALSE(naming_question(sentence("这个值叫作 umask。"), "zh"));
}

// From Debian's reference in Chinese: the values of a control field, each a quoted term and
// what it means after a colon, are asked about one by one; a quote that is no term is not.
TEST(FaqQuestionsTest, AChineseQuotedTermAndItsMeaningMakeAQuestion) {
  const auto pre =
      term_question(sentence("\"预依赖\"：类似于 Depends，但列出的软件包必须提前完成安装。"), "zh");
  ASSERT_TRUE(pre);
  EXPECT_EQ(pre->first, "“预依赖”是什么意思？");
  EXPECT_EQ(pre->second, "预依赖");
  const auto curly =
      term_question(sentence("“依赖”：绝对的依赖，所有列出的软件包都必须提前安装。"), "zh");
  ASSERT_TRUE(curly);
  EXPECT_EQ(curly->second, "依赖");
  EXPECT_FALSE(term_question(sentence("“依赖”表示绝对的依赖。"), "zh"));
  EXPECT_FALSE(term_question(sentence("“如果你不确定，请先阅读手册”：这是常见的建议。"), "zh"));
  EXPECT_FALSE(
      term_question(sentence("\"Depends\": the packages listed must be installed."), "en"));
}

TEST(FaqQuestionsTest, AnAsideOrAPointerMakesNone) {
  // The clause after the comma is a statement: the "To ..." was an aside.
  EXPECT_FALSE(task_question("To make matters worse, the change in semantics was subtle.", "en"));
  EXPECT_FALSE(task_question("To be fair, this is rare.", "en"));
  // What the task acts on is said elsewhere, or is nothing in particular.
  EXPECT_FALSE(task_question("To undo this, run git reset.", "en"));
  EXPECT_FALSE(task_question("To avoid that, commit first.", "en"));
  EXPECT_FALSE(task_question(
      "If you need to make any further adjustments, do so now, and then add them.", "en"));
  // Not a task at all, and no task questions in Chinese.
  EXPECT_FALSE(task_question("Git history is a series of commits.", "en"));
  EXPECT_FALSE(task_question("要撤销提交，请使用 git revert。", "zh"));
}

TEST(FaqQuestionsTest, ASentenceSayingWhatACommandDoesMakesAWhatQuestion) {
  EXPECT_EQ(command_question("The \"pull\" command thus performs two operations: it fetches "
                             "changes, then merges them.",
                             "en"),
            "What does the pull command do?");
  EXPECT_EQ(command_question("The git log command lists the commits.", "en"),
            "What does the git log command do?");
  // Not what the command does: what it is, or a sentence only about it.
  EXPECT_FALSE(command_question("The pull command is new.", "en"));
  // Python's policy: a field, named as the manual writes it.
  EXPECT_EQ(command_question("The optional X-Python3-Version field specifies the versions of "
                             "Python 3 supported.",
                             "en"),
            "What does the X-Python3-Version field do?");
  EXPECT_FALSE(command_question("The following option controls the output.", "en"));
  EXPECT_FALSE(command_question("Run the pull command first.", "en"));
  EXPECT_FALSE(command_question("pull 命令会合并更改。", "zh"));
  // An option's definition as a lesson says it (spoken_definitions.h): asked by its first name.
  EXPECT_EQ(command_question("The option \u2018-A NUM\u2019, or \u2018--after-context\u2019, "
                             "prints NUM lines of trailing context after matching lines.",
                             "en"),
            "What does the option \u2018-A NUM\u2019 do?");
  EXPECT_EQ(command_question("The action -execdir command executes COMMAND, and is true if "
                             "COMMAND returns zero.",
                             "en"),
            "What does the action -execdir command do?");
  EXPECT_FALSE(command_question("The option --no-merges is the same as --max-parents=1.", "en"));
  EXPECT_EQ(
      command_question("The option --alternate-refs pretends as if all objects were listed.", "en"),
      "What does the option --alternate-refs do?");
  EXPECT_EQ(command_question("The test -name pattern, or -iname pattern, is true if the base of "
                             "the file name matches shell pattern PATTERN.",
                             "en"),
            "When is the test -name pattern true?");
  // A quoted name said with its kind (a list's lead-in gave it).
  EXPECT_EQ(command_question("The flag \u2018g\u2019 applies the replacement to all matches to "
                             "the REGEXP, not just the first.",
                             "en"),
            "What does the flag \u2018g\u2019 do?");
  EXPECT_FALSE(command_question("The flag \u2018g\u2019 has no argument.", "en"));
}

TEST(FaqQuestionsTest, AHeadingThatAsksOrSaysHowToIsAQuestion) {
  EXPECT_EQ(heading_question("How to use bisect to find a regression", "en"),
            "How do you use bisect to find a regression?");
  EXPECT_EQ(heading_question("3.2. How to merge", "en"), "How do you merge?");
  EXPECT_FALSE(heading_question("2. How WAL Works", "en"));
  EXPECT_FALSE(heading_question("Resolving a merge", "en"));
  EXPECT_FALSE(heading_question("How to (the basics)", "en"));
  // A heading asked as a question already is one as written; a subtitle or an aside is not.
  EXPECT_EQ(heading_question("What should I put in user.name?", "en"),
            "What should I put in user.name?");
  EXPECT_EQ(heading_question("4.2. Why is WAL faster?", "en"), "Why is WAL faster?");
  EXPECT_FALSE(heading_question("Questions: what is it?", "en"));
  EXPECT_FALSE(heading_question("Why (really)?", "en"));
  EXPECT_FALSE(heading_question("What?", "en"));
  EXPECT_FALSE(heading_question("如何合并", "zh"));
}

TEST(FaqQuestionsTest, AHeadingThatNamesAThingIsATopicQuestion) {
  const auto checkpointing = topic_question("2.1. Checkpointing\u00b6", "en");
  ASSERT_TRUE(checkpointing);
  EXPECT_EQ(checkpointing->first, "What is checkpointing?");
  EXPECT_EQ(checkpointing->second, "checkpointing");
  const auto status = topic_question("2.3 Exit Status ===============", "en");
  ASSERT_TRUE(status);
  EXPECT_EQ(status->first, "What should I know about exit status?");
  EXPECT_EQ(status->second, "status");
  EXPECT_EQ(topic_question("3. Type Affinity", "en")->first,
            "What should I know about type affinity?");
  // An activity, a part of any document, a long title, Chinese: none.
  EXPECT_FALSE(topic_question("Making changes", "en"));
  EXPECT_FALSE(topic_question("1. Introduction", "en"));
  EXPECT_FALSE(topic_question("Examples", "en"));
  EXPECT_FALSE(topic_question("How to use bisect to find a regression", "en"));
  EXPECT_FALSE(topic_question("检查点", "zh"));
}

TEST(FaqQuestionsTest, AHeadingThatNamesAnActivityIsATaskQuestion) {
  // The verb as the material says it: "fix", "resolve", "get", "specify".
  const std::set<std::string> known = {"fix", "resolve", "get", "specify", "check", "fixed"};
  EXPECT_EQ(activity_question("Fixing mistakes", known, "en"), "How do you fix mistakes?");
  EXPECT_EQ(activity_question("Resolving a merge\u00b6", known, "en"),
            "How do you resolve a merge?");
  EXPECT_EQ(activity_question("Getting conflict-resolution help during a merge", known, "en"),
            "How do you get conflict-resolution help during a merge?");
  EXPECT_EQ(activity_question("4.4. Specifying Supported Versions", known, "en"),
            "How do you specify supported versions?");
  EXPECT_EQ(activity_question("Checking WAL Mode", known, "en"), "How do you check WAL mode?");
  // A verb the material never says in its base form is not guessed ("mak" or "make"?).
  EXPECT_FALSE(activity_question("Making changes", known, "en"));
  // Not an activity: a thing, one word, an adverb first; Chinese.
  EXPECT_FALSE(activity_question("Type Affinity", known, "en"));
  EXPECT_FALSE(activity_question("Checkpointing", known, "en"));
  EXPECT_FALSE(activity_question("Temporarily setting aside work", known, "en"));
  EXPECT_FALSE(activity_question("检查点", known, "zh"));
}

TEST(FaqQuestionsTest, ATermInQuotesAsTheSubjectIsDefined) {
  // grep's manual: the quotes say the term is being defined, whatever the predicate opens with.
  const auto q = definition_question(
      sentence("“Context lines” are non-matching lines that are near a matching line."), "en");
  ASSERT_TRUE(q);
  EXPECT_EQ(q->first, "What are context lines?");
  EXPECT_EQ(q->second, "context lines");
  EXPECT_EQ(definition_question(sentence("\"WAL\" is short for write-ahead log."), "en")->first,
            "What is WAL?");
  EXPECT_FALSE(definition_question(sentence("“Context lines” are not printed by default."), "en"));
  EXPECT_FALSE(definition_question(sentence("Lines near a match are “context lines”."), "en"));
}

namespace {

std::string statement_of(const std::string& sentence, const std::set<std::string>& names = {}) {
  const auto q = statement_question(sentence, "en", names);
  return q ? q->question : "";
}

}  // namespace

TEST(FaqQuestionsTest, AStatementOfWhatAThingAllowsOrLacksAsksThat) {
  // From Bash's reference manual and SQLite's documentation.
  const auto allows = statement_question(
      "Command substitution allows the output of a command to replace the command itself.", "en");
  ASSERT_TRUE(allows);
  EXPECT_EQ(allows->question, "What does command substitution allow?");
  EXPECT_EQ(allows->subject, "Command substitution");
  EXPECT_TRUE(allows->open);  // all it allows: asked only of a narrow thing
  EXPECT_EQ(statement_of("The PENDING lock allows existing readers to continue but prevents new "
                         "readers from connecting to the database."),
            "What does the PENDING lock allow?");
  EXPECT_EQ(statement_of("SQLite does not have a separate Boolean storage class."),
            "Does SQLite have a separate Boolean storage class?");
  // A name is said as the material writes it; a common word opening the sentence is not.
  EXPECT_EQ(statement_of("Bash does not allow unbalanced quotes.", {"Bash"}),
            "Does Bash allow unbalanced quotes?");
  // What a thing does not do, or not do well.
  EXPECT_EQ(statement_of("WAL does not work well for very large transactions.", {"WAL"}),
            "Does WAL work well for very large transactions?");
  EXPECT_EQ(statement_of("Readers do not block writers."), "Do readers block writers?");
  EXPECT_EQ(statement_of("Aliases allow a string to be substituted for a word."),
            "What do aliases allow?");
  // A subject that points back or opens a clause; an object that points back; a clause after
  // the object; a name after the verb, not what is allowed.
  EXPECT_EQ(statement_of("This option allows the positional parameters to be set."), "");
  EXPECT_EQ(statement_of("If a lock allows readers to continue, nothing waits."), "");
  EXPECT_EQ(statement_of("Git does not support it."), "");
  EXPECT_EQ(statement_of("SQLite does not have a Boolean class, but it stores 0 and 1."), "");
  EXPECT_EQ(statement_of("The -s option restricts enable to the posix special builtins."), "");
}

// A manual says what a value or a sign means, and what a program does when told nothing else;
// a learner asks just that.
TEST(FaqQuestionsTest, AStatementOfAMeaningOrOfWhatAThingUsuallyDoesAsksThat) {
  EXPECT_EQ(statement_of("An exit status of 0 means no differences were found, 1 means some "
                         "differences were found, and 2 means trouble."),
            "What does an exit status of 0 mean?");
  EXPECT_EQ(statement_of("A file name of '-' stands for the standard input."),
            "What does a file name of '-' stand for?");
  EXPECT_EQ(statement_of("By default, 'find' examines symbolic links themselves when it finds "
                         "them."),
            "What does 'find' do by default?");
  EXPECT_EQ(statement_of("Normally, 'patch' creates a backup file if the patch does not exactly "
                         "match the original input file."),
            "What does 'patch' usually do?");
  EXPECT_EQ(statement_of("By default, Git stores file names as sequences of bytes.", {"Git"}),
            "What does Git do by default?");
  // What points back means nothing on its own; a copula or a passive asks another way; a
  // plural subject does not take "does".
  EXPECT_EQ(statement_of("This means that readers never wait."), "");
  EXPECT_EQ(statement_of("By default, the command is run once even if there is no input."), "");
  EXPECT_EQ(statement_of("Normally, readers do not block writers."), "");
}

TEST(FaqQuestionsTest, AStatementOfADefaultOrOfHowOrWhenSomethingIsDoneAsksThat) {
  EXPECT_EQ(statement_of("The default weight value is 50, and the maximum is 100."),
            "What is the default weight value?");
  EXPECT_EQ(statement_of("BLOB values are converted into TEXT values by simply interpreting the "
                         "binary BLOB content as a text string."),
            "How are BLOB values converted into TEXT values?");
  EXPECT_EQ(statement_of("A hot journal is created when a process is in the middle of a database "
                         "update and a crash interrupts it."),
            "When is a hot journal created?");
  EXPECT_EQ(statement_of("Expressions may be combined using the following operators."),
            "How can expressions be combined?");
  EXPECT_EQ(
      statement_of("Git history is represented as a series of interrelated commits.", {"Git"}),
      "How is Git history represented?");
  // Not a default that is; not a manner: "by default", "as described", a participle of
  // permission; a subject that points back or opens a clause; a participle in "into".
  EXPECT_EQ(statement_of("The default Bash completions are not attempted."), "");
  EXPECT_EQ(statement_of("Locking is enabled by default."), "");
  EXPECT_EQ(statement_of("Redirections are performed as described above."), "");
  EXPECT_EQ(statement_of("Arguments are passed as with the -F option."), "");
  EXPECT_EQ(statement_of("Shell variables are allowed as operands."), "");
  EXPECT_EQ(statement_of("This option is enabled by the build."), "");
  EXPECT_EQ(statement_of("If a command is terminated by the control operator, it runs."), "");
  EXPECT_EQ(statement_of("Words are inserted into the current line separated by spaces."), "");
  EXPECT_EQ(statement_of("The traditional rollback journal works by writing a copy of the "
                         "original content into a separate file."),
            "How does the traditional rollback journal work?");
  // Chinese statements have their own makers.
  EXPECT_EQ(statement_question("后台任务让用户能够在一个 shell 中执行多个程序。", "zh"),
            std::nullopt);
}

// "S is P if C" or "If C, S is P": the condition under which a thing is what it is said to be.
// Bounding adverbs stay with the answer; a state that points elsewhere or compares makes no
// question.
TEST(FaqQuestionsTest, AStateAndItsConditionAsksWhen) {
  EXPECT_EQ(statement_of("A super-journal is stale if no individual file journals are pointing "
                         "to it."),
            "When is a super-journal stale?");
  EXPECT_EQ(statement_of("A type is a subclass of another type if any instance of the first type "
                         "is also an instance of the second."),
            "When is a type a subclass of another type?");
  EXPECT_EQ(statement_of("Assert statements are only enabled when SQLite is compiled with the "
                         "SQLITE_DEBUG macro defined."),
            "When are assert statements enabled?");
  EXPECT_EQ(statement_of("This is the default when there is more than one file to search."), "");
  EXPECT_EQ(statement_of("It is an expansion error if length evaluates to a negative number."), "");
  EXPECT_EQ(statement_of("The journal is as large as the database if every page changes."), "");
  EXPECT_EQ(statement_of("Best practice is to avoid mixing affinities if you care about types."),
            "");
  // The condition first; a definite subject after it is the condition's own thing.
  EXPECT_EQ(statement_of("When an INTEGER or REAL is compared to another INTEGER or REAL, a "
                         "numerical comparison is performed."),
            "When is a numerical comparison performed?");
  EXPECT_EQ(statement_of("If the substitution appears within double quotes, word splitting and "
                         "filename expansion are not performed on the results."),
            "When are word splitting and filename expansion not performed on the results?");
  EXPECT_EQ(statement_of("If a floating point value is inserted into a NUMERIC column, the value "
                         "is converted into an integer."),
            "");
}

// "There are N things ...": the learner asks what they are. A list after a colon answers it
// whole; without one, the sentences after it do.
TEST(FaqQuestionsTest, ACountOfKindsAsksWhatTheyAre) {
  const auto quoting = statement_question(
      "There are three quoting mechanisms: the escape character, single quotes, and double "
      "quotes.",
      "en");
  ASSERT_TRUE(quoting);
  EXPECT_EQ(quoting->question, "What are the three quoting mechanisms?");
  EXPECT_TRUE(quoting->whole);
  const auto harnesses = statement_question(
      "There are four independent test harnesses used for testing the core SQLite library.", "en");
  ASSERT_TRUE(harnesses);
  EXPECT_EQ(harnesses->question, "What are the four independent test harnesses?");
  EXPECT_FALSE(harnesses->whole);
  EXPECT_EQ(statement_of("There are two ways to distribute Python modules."),
            "What are the two ways to distribute Python modules?");
  // A count that is no list ("50240 distinct test cases", "many ways"), a thing that points.
  EXPECT_EQ(statement_of("There are 50240 distinct test cases, but many are parameterized."), "");
  EXPECT_EQ(statement_of("There are many ways to measure test coverage."), "");
  EXPECT_EQ(statement_of("There are two reasons for this."), "");
}

TEST(FaqQuestionsTest, WhichOfAListedFewEachThingHasAsksWhich) {
  const auto classes = statement_question(
      "Each value stored in an SQLite database (or manipulated by the database engine) has one "
      "of these storage classes: NULL, INTEGER, REAL, TEXT, BLOB.",
      "en");
  ASSERT_TRUE(classes);
  EXPECT_EQ(classes->question,
            "Which storage classes can a value stored in an SQLite database have?");
  EXPECT_TRUE(classes->whole);
  EXPECT_EQ(statement_of("Each column in an SQLite 3 database is assigned one of these type "
                         "affinities: TEXT, NUMERIC, INTEGER, REAL, and BLOB."),
            "Which type affinities can a column in an SQLite 3 database be assigned?");
  EXPECT_EQ(statement_of("Every option takes one of the following values: yes, no or auto."),
            "Which values can an option take?");
  // No list after it, or a thing that points elsewhere.
  EXPECT_EQ(statement_of("Each column has one of the storage classes of its table."), "");
  EXPECT_EQ(statement_of("Each of these columns has one of these types: TEXT or BLOB."), "");
}

}  // namespace lectio::compose
