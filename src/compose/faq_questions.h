#pragma once
// The questions a sentence or a heading of the material answers: a term it defines, a task it
// tells how to do, a command it explains, a heading that is a question already.
#include <optional>
#include <set>
#include <string>
#include <utility>

#include "faq_questions_en.h"
#include "lectio/extract/candidates.h"

namespace lectio::compose {

// "A PENDING lock is ..." -> {"What is a PENDING lock?", "PENDING lock"}: the question a
// sentence defining a term answers and the term it asks about; nothing for other sentences.
std::optional<std::pair<std::string, std::string>> definition_question(const extract::Candidate& c,
                                                                       const std::string& lang);

// "Moving the WAL file transactions back into the database is called a "checkpoint"." ->
// {"What is a checkpoint?", "checkpoint"}; "……变量的值也叫作 Shell 的搜索路径。" -> {"Shell 的搜索
// 路径是什么？", "Shell 的搜索路径"}: a sentence that gives a name to what it describes
// defines the name, and answers the question whole. Nothing when what is named is pointed back
// to ("This is known as ...", "这叫作……") or the name is an aside.
std::optional<std::pair<std::string, std::string>> naming_question(const extract::Candidate& c,
                                                                   const std::string& lang);

// "“预依赖”：类似于 Depends，但列出的软件包必须提前完成安装。" -> {"“预依赖”是什么意思？",
// "预依赖"}: a Chinese sentence that opens with a quoted term and a colon says what the term means,
// as a manual lists the values of a field; the sentence answers the question whole. Nothing for
// other sentences, nor in English (whose term lists are heard as "INTEGER: ...").
std::optional<std::pair<std::string, std::string>> term_question(const extract::Candidate& c,
                                                                 const std::string& lang);

// "后台任务让用户能够在一个 shell 中执行多个程序。" -> "后台任务有什么用？": the question a
// sentence saying what a thing lets its user do answers whole; nothing for other sentences, nor for
// one whose subject points back ("这个功能让用户能够……"). Chinese only (faq_questions_zh.h);
// the English "X allows ..." is statement_question()'s.
std::optional<std::string> purpose_question(const std::string& sentence,
                                            const std::string& language);

// "后台进程的管理涉及 shell 的内建命令：jobs、fg、bg 和 kill。" -> "后台进程的管理涉及哪些 shell
// 的内建命令？": the question a sentence that lists (three or more, after a colon) what a thing
// involves, includes or is divided into answers whole. Chinese only (English statements:
// statement_question()).
std::optional<std::string> list_question(const std::string& sentence, const std::string& language);

// The question a statement answers, and the thing it asks about (faq_questions_en.h): what
// kinds of a thing there are ("What are the three quoting mechanisms?"), what a thing allows
// ("What does command substitution allow?"), whether it has what the sentence says it lacks
// ("Does SQLite have a separate Boolean storage class?"), what a default is ("What is the
// default weight value?"), what a thing means ("What does an exit status of 0 mean?") or does
// by default ("What does 'find' do by default?"), how or when something is done to it ("How
// are BLOB values converted into TEXT values?", "When is a hot journal created?"), when it is
// what it is said to be. Nothing for other sentences, or for a subject that points back,
// counts or opens a clause, or in Chinese (a Chinese count of kinds was tried: see
// docs/benchmarks.md).
// `names`: words the material writes capitalised mid-sentence, kept so ("Does Git ...?").
std::optional<StatementAsk> statement_question(const std::string& sentence,
                                               const std::string& language,
                                               const std::set<std::string>& names = {});

// "To keep a database safe, use ..." or "If you need to undo changes that you have pushed, use
// git revert" -> "How do you keep a database safe?", "How do you undo changes that you have
// pushed?": the question a sentence telling how to do something answers; nothing for other
// sentences, nor for an aside ("To make matters worse, the ...").
std::optional<std::string> task_question(const std::string& sentence, const std::string& language);

// "The "pull" command thus performs two operations: ..." -> "What does the pull command do?":
// the question a sentence saying what a named command does answers; nothing otherwise.
std::optional<std::string> command_question(const std::string& sentence,
                                            const std::string& language);

// "How to use bisect to find a regression" -> "How do you use bisect to find a regression?",
// "What should I put in user.name?" -> itself: a heading that is a learner's question already;
// nothing for other headings.
std::optional<std::string> heading_question(const std::string& heading,
                                            const std::string& language);

// "2.1. Checkpointing" -> {"What is checkpointing?", "checkpointing"}; "Type Affinity" ->
// {"What should I know about type affinity?", "affinity"}: the question a heading that names a
// thing asks, and the word its answer must say; nothing for a heading that names an activity
// ("Making changes"), a part of any document ("Introduction", "Examples") or is no short name.
std::optional<std::pair<std::string, std::string>> topic_question(const std::string& heading,
                                                                  const std::string& language);

// "Fixing mistakes" -> "How do you fix mistakes?", "4.4. Specifying Supported Versions" ->
// "How do you specify supported versions?": the task a heading that names an activity asks
// about, its verb in the base form `known` (the material's words, lower case) uses ("resolve",
// "get", "check"); nothing for other headings, or when the material never says the verb so.
std::optional<std::string> activity_question(const std::string& heading,
                                             const std::set<std::string>& known,
                                             const std::string& language);

}  // namespace lectio::compose
