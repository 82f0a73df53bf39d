// The FAQ's answers, read after the lesson and one at a time: an answer may remind the learner
// of a sentence another answer said, but never opens with one, and never says again what
// another answer opened with.
#include "faq.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace lectio::compose {

namespace {

Chunk chunk(int ordinal, std::vector<std::string> path, std::string text) {
  Chunk c;
  c.source_id = "file_manual";
  c.ordinal = ordinal;
  c.heading_path = std::move(path);
  c.text = std::move(text);
  return c;
}

struct Fixture {
  lesson::Brief brief;
  lesson::Material material;
  std::vector<extract::Candidate> candidates;
  std::unique_ptr<extract::Scorer> scorer;

  explicit Fixture(std::vector<Chunk> chunks) {
    brief.topic = "Locks";
    brief.language = "en";
    material.chunks = std::move(chunks);
    candidates = extract::build_candidates(material, "en");
    scorer = std::make_unique<extract::Scorer>(candidates, "en");
  }

  lesson::FaqItem answer(const std::string& question, FaqSaid& said) const {
    return answer_faq(question, question, brief, material, candidates, *scorer, said);
  }

  // The FAQ of a brief of `insights`, each section drawing on every sentence, no question
  // taken from the text's own sentences beyond what write_faq() asks of clauses.
  // With `from_text`, every sentence teaches the insights and may give a question; with
  // `best_chunk`, each insight is taught best by the sentences of that chunk.
  std::vector<lesson::FaqItem> faq_of(std::vector<std::string> insights, bool from_text = false,
                                      int best_chunk = -1) {
    brief.insights = std::move(insights);
    const Phrasing say(brief, 1);
    const std::vector<std::vector<double>> per_insight(brief.insights.size(),
                                                       std::vector<double>(candidates.size(), 1));
    const std::vector<bool> core(candidates.size(), from_text);
    std::vector<std::vector<double>> best_part;
    if (best_chunk >= 0) {
      std::vector<double> part(candidates.size(), 0.0);
      for (std::size_t c = 0; c < candidates.size(); ++c) {
        if (candidates[c].chunk == best_chunk) part[c] = 1;
      }
      best_part.assign(brief.insights.size(), part);
    }
    return write_faq(brief, material, candidates, *scorer, say, per_insight, core, best_part);
  }
};

std::vector<std::string> texts(const lesson::FaqItem& item) {
  std::vector<std::string> out;
  for (const auto& s : item.answer) out.push_back(s.text);
  return out;
}

std::vector<std::string> questions_of(const std::vector<lesson::FaqItem>& faq) {
  std::vector<std::string> out;
  for (const auto& item : faq) out.push_back(item.question);
  return out;
}

bool has(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

Fixture locks() {
  return Fixture({chunk(0, {"Shared locks"},
                        "A shared lock lets many readers read the database at the same time. "
                        "Readers keep the shared lock only while they read pages of the "
                        "database. A writer waits until every reader has released its shared "
                        "lock."),
                  chunk(1, {"Pending locks"},
                        "A pending lock keeps new readers from taking a shared lock. The "
                        "writer takes a pending lock while it waits for the readers.")});
}

}  // namespace

TEST(FaqTest, AnAnswerMayRemindOfAnotherAnswersSentenceButNotOpenWithIt) {
  const Fixture f = locks();
  FaqSaid said(f.candidates.size());
  const lesson::FaqItem first = f.answer("How long do readers keep the shared lock?", said);
  ASSERT_GE(first.answer.size(), 2u);
  const lesson::FaqItem second = f.answer("What does a writer wait for?", said);
  ASSERT_GE(second.answer.size(), 2u) << "the reminder fills the answer";
  const auto a = texts(first);
  const auto b = texts(second);
  EXPECT_FALSE(has(a, b.front())) << "no answer opens with what another said: " << b.front();
  EXPECT_FALSE(has(b, a.front())) << "no answer says another's opening again: " << a.front();
  EXPECT_TRUE(std::any_of(b.begin() + 1, b.end(), [&](const auto& s) { return has(a, s); }))
      << "a sentence the first answer went on with may remind the learner in the second";
}

// An insight's own question is answered where the lesson taught it: from the section that
// teaches it best, though another of its sections shares more of the question's words.
TEST(FaqTest, AnInsightsQuestionIsAnsweredFromItsBestSectionFirst) {
  Fixture f({chunk(0, {"Starting a project"},
                   "You can start a repository in any directory with the init command. The init "
                   "command leaves an empty repository in a hidden directory."),
             chunk(1, {"Repository creation options"},
                   "A repository can be created bare or with a working tree. Bare ones have no "
                   "working tree."),
             chunk(2, {"Branches"},
                   "A branch names a line of work. Switching branches changes the files in the "
                   "working tree. Merging joins two lines of work. Tags name one commit for "
                   "good.")});
  f.brief.insights = {"How to create a repository"};
  const Phrasing say(f.brief, 1);
  const std::vector<std::vector<double>> per_insight = {
      std::vector<double>(f.candidates.size(), 1.0)};
  std::vector<double> best(f.candidates.size(), 0.0);
  for (std::size_t c = 0; c < f.candidates.size(); ++c) {
    if (f.candidates[c].chunk == 0) best[c] = 1.0;
  }
  const std::vector<bool> no_questions_from_text(f.candidates.size(), false);
  const auto lead_of_insight = [&](const std::vector<std::vector<double>>& best_part) {
    for (const lesson::FaqItem& item : write_faq(f.brief, f.material, f.candidates, *f.scorer, say,
                                                 per_insight, no_questions_from_text, best_part)) {
      if (item.question == say.question_about(f.brief.insights[0])) {
        return item.answer.front().text;
      }
    }
    return std::string();
  };
  EXPECT_EQ(lead_of_insight({best}),
            "You can start a repository in any directory with the init command.");
  // Over all its sections, the words decide: the options section says "created" under a
  // heading that names the repository's creation.
  EXPECT_NE(lead_of_insight({}),
            "You can start a repository in any directory with the init command.");
}

// From SQLite's WAL page: "What is a checkpoint?", asked of the sentence that names one,
// already asks what the insight "what a checkpoint does" would; the FAQ does not ask it twice.
TEST(FaqTest, AnInsightAQuestionOfTheTextAlreadyAsksIsNotAskedAgain) {
  Fixture f({chunk(0, {"Checkpointing"},
                   "Moving the log's pages back into the database is called a \"checkpoint\". "
                   "A checkpoint runs when the log reaches a thousand pages. Each checkpoint "
                   "copies pages in the order of the database file."),
             chunk(1, {"Readers"},
                   "A reader remembers the last commit record in the log. A reader looks for a "
                   "page in the log before it reads the database file.")});
  const std::vector<double> all(f.candidates.size(), 1.0);
  const std::vector<bool> every_sentence_core(f.candidates.size(), true);
  const auto questions = [&](const std::vector<std::string>& insights) {
    f.brief.insights = insights;
    const Phrasing say(f.brief, 1);
    std::vector<std::string> out;
    const std::vector<std::vector<double>> per_insight(insights.size(), all);
    for (const lesson::FaqItem& item : write_faq(f.brief, f.material, f.candidates, *f.scorer, say,
                                                 per_insight, every_sentence_core, {})) {
      out.push_back(item.question);
    }
    return std::make_pair(out, say);
  };
  const auto [asked, say] = questions({"What a checkpoint does", "How a reader finds a page"});
  EXPECT_TRUE(has(asked, "What is a checkpoint?"));
  EXPECT_FALSE(has(asked, say.question_about("What a checkpoint does")));
  EXPECT_TRUE(has(asked, say.question_about("How a reader finds a page")));
}

// An answer the FAQ drops (its first sentence does not take the question up) spends nothing:
// the next question may open with the same sentence.
TEST(FaqTest, ADroppedAnswerLeavesItsSentencesForTheNextQuestion) {
  Fixture f({chunk(0, {"Joining branches"},
                   "A merge joins two branches into one commit. The merge commit has two "
                   "parents, one from each branch."),
             chunk(1, {"Tags"},
                   "A tag names one commit for good. Tags are often used for releases. A "
                   "signed tag carries a signature.")});
  // "merges" and "work" are in no sentence as such: that answer is not heard to take the
  // question up, and is dropped.
  const auto faq = f.faq_of({"How merges work", "What a merge commit is"});
  const Phrasing say(f.brief, 1);
  ASSERT_EQ(faq.size(), 1u);
  EXPECT_EQ(faq[0].question, say.question_about(f.brief.insights[1]));
  EXPECT_NE(faq[0].answer.front().text.find("merge"), std::string::npos);
}

// A reminder, not a repeat: an answer that is mostly another's is that answer again.
TEST(FaqTest, AnAnswerRemindsOfAnotherAnswerOnce) {
  const Fixture f(
      {chunk(0, {"Shared locks"},
             "A shared lock lets many readers read the database at the same time. "
             "Readers keep the shared lock only while they read pages. Every reader "
             "releases its shared lock before a writer writes."),
       chunk(1, {"Pending locks"}, "New readers take a pending lock first when a writer waits.")});
  FaqSaid said(f.candidates.size());
  const auto a = texts(f.answer("What is a shared lock?", said));
  ASSERT_EQ(a.size(), 3u);
  const auto b = texts(f.answer("How do readers take a shared lock?", said));
  ASSERT_GE(b.size(), 2u);
  EXPECT_EQ(b.front(), "New readers take a pending lock first when a writer waits.");
  EXPECT_EQ(std::count_if(b.begin(), b.end(), [&](const auto& s) { return has(a, s); }), 1);
}

// From grep's manual: a sentence that opens by pointing back ("However, ...") is heard right
// after the sentence it goes on from, or not at all; before, the answer's second sentence was a
// weaker match elsewhere ("Scripts should avoid them whenever possible.").
TEST(FaqTest, APointingSentenceFollowsOnlyWhatItPointsAt) {
  const Fixture f({chunk(0, {"Exit Status"},
                         "Normally the exit status of grep is 0 if a line is selected and 1 if "
                         "no lines were selected. However, if the quiet option is used and a "
                         "line is selected, the exit status is 0 even if an error occurred."),
                   chunk(1, {"Problematic Expressions"},
                         "Some expressions are slow in every script. Scripts should avoid them "
                         "whenever possible. This is a second remark on the exit status.")});
  FaqSaid said(f.candidates.size());
  const auto a = texts(f.answer("What does the exit status of grep tell a script?", said));
  ASSERT_GE(a.size(), 2u);
  EXPECT_EQ(a[0].substr(0, 26), "Normally the exit status o");
  EXPECT_EQ(a[1].substr(0, 19), "However, if the qui");
  // The pointing sentence of the other chunk goes on from a sentence the answer lacks.
  EXPECT_FALSE(has(a, "This is a second remark on the exit status."));
}

// A sentence that answers its own question whole answers it though an earlier answer went on
// with it: there it was context, here it is the answer.
TEST(FaqTest, AWholeAnswerMayBeASentenceAnEarlierAnswerWentOnWith) {
  Fixture f({chunk(0, {"Checkpoints"},
                   "A checkpoint copies the log back into the database. A checkpoint is slow "
                   "because it writes every changed page of the log.")});
  const auto faq = f.faq_of({"What a checkpoint does"});
  const Phrasing say(f.brief, 1);
  ASSERT_EQ(faq.size(), 2u);
  EXPECT_EQ(faq[0].question, say.question_about(f.brief.insights[0]));
  ASSERT_EQ(faq[0].answer.size(), 2u);
  EXPECT_EQ(faq[0].answer[1].text.substr(0, 21), "A checkpoint is slow ");
  EXPECT_EQ(faq[1].question, "Why is a checkpoint slow?");
  ASSERT_EQ(faq[1].answer.size(), 1u);
  EXPECT_EQ(faq[1].answer.front().text.substr(0, 21), "A checkpoint is slow ");
}

// Short of its minimum, the FAQ asks last what the sections say follows from a condition and
// why: each answered first by its own sentence, which is the whole answer.
TEST(FaqTest, AShortFaqAsksLastWhatFollowsFromAConditionAndWhy) {
  Fixture f({chunk(0, {"Checkpoints"},
                   "A checkpoint copies the log back into the database. A checkpoint runs when "
                   "the log reaches a thousand pages."),
             chunk(1, {"Details"},
                   "When a reader starts a transaction, the reader remembers the end of the "
                   "log."),
             chunk(2, {"Notes"},
                   "Readers and writers can work at the same time because readers never block "
                   "writers.")});
  const auto faq = f.faq_of({"What a checkpoint does"});
  const Phrasing say(f.brief, 1);
  const std::vector<std::string> questions = questions_of(faq);
  ASSERT_EQ(questions.size(), 3u) << ::testing::PrintToString(questions);
  EXPECT_EQ(questions[0], say.question_about(f.brief.insights[0]));
  EXPECT_EQ(questions[1], "What happens when a reader starts a transaction?");
  EXPECT_EQ(faq[1].answer.front().text,
            "When a reader starts a transaction, the reader remembers the end of the log.");
  EXPECT_EQ(questions[2], "Why can readers and writers work at the same time?");
  EXPECT_EQ(faq[2].answer.front().text,
            "Readers and writers can work at the same time because readers never block writers.");
}

// What the taught text says follows from a condition is a learner's question about the
// content; the insight asked again is the lesson's own outline, asked only after it.
TEST(FaqTest, WhatTheTaughtTextSaysFollowsFromAConditionIsAskedBeforeAnInsightAgain) {
  Fixture f({chunk(0, {"Checkpoints"},
                   "A checkpoint copies the log back into the database. The database file then "
                   "holds every committed change. When the log reaches a thousand pages, the "
                   "next commit runs a checkpoint of its own."),
             chunk(1, {"Checkpoint cost"},
                   "A checkpoint writes the pages to the database in order. Each page is written "
                   "once per checkpoint, however often it changed.")});
  const auto faq = f.faq_of({"What a checkpoint does"}, true);
  const Phrasing say(f.brief, 1);
  const std::vector<std::string> questions = questions_of(faq);
  const auto at = [&](const std::string& q) {
    return std::find(questions.begin(), questions.end(), q) - questions.begin();
  };
  ASSERT_TRUE(has(questions, "What happens when the log reaches a thousand pages?"))
      << ::testing::PrintToString(questions);
  ASSERT_TRUE(has(questions, say.question_about(f.brief.insights[0])));
  EXPECT_LT(at("What happens when the log reaches a thousand pages?"),
            at(say.question_about(f.brief.insights[0])));
}

// A FAQ's own heading is a learner's question as written, and the text under it answers it
// as the source does, in its order, though its first sentence shares no word with it.
TEST(FaqTest, ASourcesOwnQuestionIsAnsweredByTheTextUnderIt) {
  Fixture f({chunk(0, {"Credentials", "How do I specify my credentials when pushing over HTTP?"},
                   "The easiest way to do this is to use a credential helper. Most systems "
                   "provide a standard helper that stores passwords securely. For example, "
                   "macOS has the osxkeychain helper. You can also type the password when "
                   "asked.")});
  f.brief.topic = "Git";
  const auto faq = f.faq_of({"How to give Git your credentials"}, true);
  const std::vector<std::string> questions = questions_of(faq);
  ASSERT_FALSE(faq.empty());
  EXPECT_EQ(questions[0], "How do I specify my credentials when pushing over HTTP?");
  EXPECT_EQ(texts(faq[0]),
            (std::vector<std::string>{
                "The easiest way to do this is to use a credential helper.",
                "Most systems provide a standard helper that stores passwords securely.",
                "For example, macOS has the osxkeychain helper."}));
}

// What a narrow thing allows is a learner's question, answered by the sentence that says it;
// what the lesson's whole subject allows is not: one sentence is not all of it.
TEST(FaqTest, WhatAThingAllowsIsAskedOnlyOfANarrowThing) {
  Fixture f({chunk(0, {"Shell expansions"},
                   "Bash allows a function to override a builtin with the same name. Command "
                   "substitution allows the output of a command to replace the command itself. "
                   "Bash runs the command in a subshell.")});
  f.brief.topic = "Bash";
  const auto faq = f.faq_of({"What command substitution does"}, true);
  const std::vector<std::string> questions = questions_of(faq);
  EXPECT_TRUE(has(questions, "What does command substitution allow?"))
      << ::testing::PrintToString(questions);
  EXPECT_FALSE(has(questions, "What does bash allow?")) << ::testing::PrintToString(questions);
  const auto at =
      std::find(questions.begin(), questions.end(), "What does command substitution allow?") -
      questions.begin();
  ASSERT_LT(static_cast<std::size_t>(at), faq.size());
  EXPECT_EQ(faq[static_cast<std::size_t>(at)].answer.front().text,
            "Command substitution allows the output of a command to replace the command itself.");
}

// A question of the text that said what the section teaching an insight opens with has
// answered the insight: asked again, it would be answered from another section.
TEST(FaqTest, AnInsightAnEarlierAnswerSaidTheSectionOfIsNotAskedAgain) {
  Fixture f({chunk(0, {"Interpreter directive"},
                   "Executables written for Python must use an appropriate interpreter "
                   "directive, or “shebang”, as the first line of the program. This line should "
                   "be of the form #!interpreter_location."),
             chunk(1, {"Private modules"},
                   "A program that runs Python may require its own private Python modules. "
                   "The rules for byte-compilation apply to those private Python modules.")});
  f.brief.topic = "Python programs";
  const auto faq = f.faq_of({"What the first line of a Python program should say"}, true, 0);
  const Phrasing say(f.brief, 1);
  const std::vector<std::string> questions = questions_of(faq);
  EXPECT_TRUE(has(questions, "What is a shebang?")) << ::testing::PrintToString(questions);
  EXPECT_FALSE(has(questions, say.question_about(f.brief.insights[0])))
      << ::testing::PrintToString(questions);
}

// A manual page's options each make a question of the same kind; the FAQ keeps a few of them
// and leaves room for the rest of what the lesson taught.
TEST(FaqTest, OnlyAFewOptionDefinitionsAreAsked) {
  Fixture f({chunk(0, {"OPTIONS"},
                   "--since=<date>\nShow commits more recent than a specific date. Dates may be "
                   "relative, such as two weeks ago.\n"
                   "--author=<pattern>\nLimit the output to commits written by a given person. "
                   "The pattern is matched against the name and the email address.\n"
                   "--grep=<pattern>\nSearch the commit messages for a regular expression. "
                   "Several patterns match a message when any of them matches.\n"
                   "--skip=<number>\nSkip number commits before starting to show the output. "
                   "Paging through a long history is done this way.\n"
                   "--reverse\nOutput the selected commits in reverse order. The oldest commit "
                   "then comes first.\n"
                   "--merges\nPrint only merge commits. Merge commits have two parents or more.\n"
                   "A limited history is faster to read than the whole history of a project.")});
  f.brief.topic = "Git log";
  const auto faq = f.faq_of({"How to limit which commits are shown"}, true);
  const std::vector<std::string> questions = questions_of(faq);
  const auto options = std::count_if(questions.begin(), questions.end(), [](const std::string& q) {
    return q.starts_with("What does the option --");
  });
  EXPECT_EQ(options, 3) << ::testing::PrintToString(questions);
  EXPECT_TRUE(has(questions, "What does the option --since do?"))
      << ::testing::PrintToString(questions);
}

}  // namespace lectio::compose
