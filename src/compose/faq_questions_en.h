#pragma once
// English statement shapes a learner's question can be read from (statement_question() in
// faq_questions.h): what a thing allows, what a thing lacks, what a default is, and how or
// when something is done to a thing. Each returns the question and the thing it asks about,
// or nothing for a sentence of another shape or whose subject is no plain noun phrase.
// `names`: words the material writes capitalised mid-sentence ("Git"), kept so in a question.
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>

namespace lectio::compose {

// A question a statement answers, the thing it asks about, and whether it asks all there is
// to know of that thing ("What does Bash allow?"), which one sentence answers only for a
// narrow thing.
struct StatementAsk {
  std::string question;
  std::string subject;
  bool open = false;
  bool whole = true;  // the sentence answers it alone; else what follows it goes on
};

// Whether a definition's predicate holds only under a condition (" if ", " when ", " unless ",
// " whenever "): "A type is a subclass of another type if ..." says when a relation holds, not
// what a type is, and "What is a type?" would go unanswered.
[[nodiscard]] bool conditional_predicate(std::string_view predicate);

// "Command substitution allows the output of a command to replace the command itself." ->
// {"What does command substitution allow?", "command substitution"}.
std::optional<StatementAsk> capability_question_en(const std::string& sentence,
                                                   const std::set<std::string>& names);

// "SQLite does not have a separate Boolean storage class." -> {"Does SQLite have a separate
// Boolean storage class?", "SQLite"}; also what a thing does not do ("WAL does not work well for
// very large transactions.", "Readers do not block writers.").
std::optional<StatementAsk> absence_question_en(const std::string& sentence,
                                                const std::set<std::string>& names);

// "The default weight value is 50, and the maximum is 100." -> {"What is the default weight
// value?", "weight value"}.
std::optional<StatementAsk> default_question_en(const std::string& sentence);

// "An exit status of 0 means no differences were found, ..." -> {"What does an exit status of
// 0 mean?", "exit status of 0"}; "A file name of '-' stands for the standard input." -> {"What
// does a file name of '-' stand for?", ...}: a sentence that says what a thing means.
std::optional<StatementAsk> meaning_question_en(const std::string& sentence,
                                                const std::set<std::string>& names);

// "By default, 'find' examines symbolic links themselves ..." -> {"What does 'find' do by
// default?", "find"}; "Normally, 'patch' creates a backup file if ..." -> {"What does 'patch'
// usually do?", "patch"}: what a thing does when nothing says otherwise, as manuals put it.
std::optional<StatementAsk> usual_question_en(const std::string& sentence,
                                              const std::set<std::string>& names);

// "BLOB values are converted into TEXT values by simply interpreting ..." -> {"How are BLOB
// values converted into TEXT values?", "BLOB values"}; "A hot journal is created when ..." ->
// {"When is a hot journal created?", "hot journal"}; "Expressions may be combined using ..."
// -> {"How can expressions be combined?", "expressions"}; "The traditional rollback journal
// works by writing ..." -> {"How does the traditional rollback journal work?", ...}.
std::optional<StatementAsk> manner_question_en(const std::string& sentence,
                                               const std::set<std::string>& names);

// "A super-journal is stale if no individual file journals are pointing to it." -> {"When is a
// super-journal stale?", "super-journal"}: the condition under which a thing is what it is said
// to be; also with the condition first ("When an INTEGER is compared to a REAL, a numerical
// comparison is performed." -> "When is a numerical comparison performed?"), not of a definite
// subject there (the condition's own thing).
std::optional<StatementAsk> state_condition_question_en(const std::string& sentence,
                                                        const std::set<std::string>& names);

// "There are three quoting mechanisms: the escape character, ..." -> {"What are the three
// quoting mechanisms?", "quoting mechanisms"}: a sentence that counts the kinds of a thing. With
// its list after a colon it answers whole; without, the sentences after it name them.
std::optional<StatementAsk> count_question_en(const std::string& sentence);

// "Executables ... must use an appropriate interpreter directive, or “shebang”, as ..." ->
// {"What is a shebang?", "shebang"}; "... a built-package format called “wheels”, which ..."
// -> {"What are wheels?", "wheels"}: a quoted name given in passing to a thing the sentence
// describes. "or" gives a term (asked with its article), "called" or "known as" a name.
std::optional<std::pair<std::string, std::string>> appositive_naming_en(
    const std::string& sentence);

// "The exit status of a pipeline is the exit status of the last command ..." -> {"What is
// the exit status of a pipeline?", "exit status"}: a sentence that says what an attribute of
// a thing is.
std::optional<std::pair<std::string, std::string>> attribute_definition_en(
    const std::string& sentence);

// "Each column in an SQLite 3 database is assigned one of these type affinities: TEXT, ..." ->
// {"Which type affinities can a column in an SQLite 3 database be assigned?", ...}: a sentence
// saying which of a listed few each thing of a kind has answers whole.
std::optional<StatementAsk> choice_question_en(const std::string& sentence);

}  // namespace lectio::compose
