#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "lectio/study/study_set.h"
#include "study_fixture.h"

namespace lectio::study {
namespace {

using lesson::CardKind;
using lesson::FactKind;
using testing::locking_chunks;
using testing::locking_lesson;

const lesson::StudyCard* card_answering(const lesson::StudySet& s, const std::string& answer) {
  for (const auto& c : s.cards) {
    if (c.answer == answer) return &c;
  }
  return nullptr;
}

TEST(StudySetTest, ClozeCardsHideTermsInCapitals) {
  const auto set = make_study_set(locking_lesson(), locking_chunks());
  const auto* c = card_answering(set, "RESERVED");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->kind, CardKind::kCloze);
  EXPECT_EQ(c->fact, FactKind::kTerm);
  EXPECT_EQ(c->front, "Only one process at a time can hold a(n) ___ lock on a database file.");
  EXPECT_EQ(c->chunk_id, "file_lock:c0002");
  EXPECT_EQ(c->insight_index, 0);
}

TEST(StudySetTest, DefinitionsBecomeQuestionAndAnswerCards) {
  const auto set = make_study_set(locking_lesson(), locking_chunks());
  const auto it = std::find_if(set.cards.begin(), set.cards.end(), [](const auto& c) {
    return c.kind == CardKind::kBasic && c.front == "What is the rollback journal?";
  });
  ASSERT_NE(it, set.cards.end());
  EXPECT_EQ(it->fact, FactKind::kDefinition);
  EXPECT_TRUE(it->answer.starts_with("An ordinary disk file")) << it->answer;
  EXPECT_EQ(it->insight_index, 1);
}

TEST(StudySetTest, EveryCardCitesTheChunkOfItsSentenceAndNoFactRepeats) {
  const auto lesson = locking_lesson();
  const auto chunks = locking_chunks();
  const auto set = make_study_set(lesson, chunks);
  ASSERT_GE(set.cards.size(), 4u);
  std::set<std::string> answers;
  std::set<std::string> sentences;
  std::set<std::string> ids;
  for (const auto& c : set.cards) {
    EXPECT_TRUE(answers.insert(c.answer).second) << "two cards test " << c.answer;
    EXPECT_TRUE(sentences.insert(c.sentence).second) << "two cards from " << c.sentence;
    EXPECT_TRUE(ids.insert(c.id).second);
    EXPECT_TRUE(chunks.contains(c.chunk_id));
    EXPECT_NE(c.sentence.find(c.answer.substr(1)), std::string::npos) << c.answer;
  }
}

TEST(StudySetTest, SentencesThatNeedTheLessonOpenMakeNoCards) {
  const auto set = make_study_set(locking_lesson(), locking_chunks());
  for (const auto& c : set.cards) {
    EXPECT_NE(c.sentence, "This is the default state.");
    EXPECT_NE(c.sentence, "Hello and welcome to this lesson about locks.");
  }
}

TEST(StudySetTest, FiguresKeepTheirUnitAndTheirWrongOptionsShareIt) {
  const auto set = make_study_set(locking_lesson(), locking_chunks());
  const auto* c = card_answering(set, "100");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->fact, FactKind::kFigure);
  const auto q = std::find_if(set.quiz.begin(), set.quiz.end(),
                              [](const auto& q) { return q.fact == FactKind::kFigure; });
  ASSERT_NE(q, set.quiz.end());
  // 250 milliseconds is in the same sentence: never a wrong option. 2000 pages is another unit.
  for (const auto& o : q->options) {
    EXPECT_NE(o, "250");
    EXPECT_NE(o, "2000");
  }
}

TEST(StudySetTest, QuizQuestionsHaveOneRightAndThreeWrongOptionsOfTheSameKind) {
  const auto set = make_study_set(locking_lesson(), locking_chunks());
  ASSERT_FALSE(set.quiz.empty());
  for (const auto& q : set.quiz) {
    ASSERT_EQ(q.options.size(), 4u) << q.question;
    EXPECT_EQ(std::set<std::string>(q.options.begin(), q.options.end()).size(), 4u);
    ASSERT_GE(q.answer, 0);
    ASSERT_LT(q.answer, 4);
    // The right option is what the cited sentence says (a definition's capital aside).
    EXPECT_NE(q.explanation.find(q.options[static_cast<std::size_t>(q.answer)].substr(1)),
              std::string::npos);
    EXPECT_FALSE(q.chunk_id.empty());
  }
  const auto reserved = std::find_if(set.quiz.begin(), set.quiz.end(), [](const auto& q) {
    return q.question == "Only one process at a time can hold a(n) ___ lock on a database file.";
  });
  ASSERT_NE(reserved, set.quiz.end());
  for (const auto& o : reserved->options) {
    EXPECT_TRUE(std::all_of(o.begin(), o.end(), [](char c) { return c >= 'A' && c <= 'Z'; }))
        << o << " is not a term in capitals";
  }
}

TEST(StudySetTest, AWrongOptionTheSourcesAlsoStateIsDropped) {
  auto chunks = locking_chunks();
  // The sources now say a SHARED lock is needed to write too: SHARED is no wrong option.
  chunks["file_lock:c0005"] = "A SHARED lock is needed in order to write to the database file.";
  const auto set = make_study_set(locking_lesson(), chunks);
  const auto q = std::find_if(set.quiz.begin(), set.quiz.end(), [](const auto& q) {
    return q.question.starts_with("A(n) ___ lock is needed");
  });
  ASSERT_NE(q, set.quiz.end());
  EXPECT_EQ(std::count(q->options.begin(), q->options.end(), "SHARED"), 0);
}

TEST(StudySetTest, TheSameLessonGivesTheSameCards) {
  const auto a = make_study_set(locking_lesson(), locking_chunks());
  const auto b = make_study_set(locking_lesson(), locking_chunks());
  EXPECT_EQ(lesson::study_to_json(a), lesson::study_to_json(b));
  const auto back = lesson::study_from_json(lesson::study_to_json(a));
  EXPECT_EQ(lesson::study_to_json(back), lesson::study_to_json(a));
}

TEST(StudySetTest, ChineseLessonsGetChineseCards) {
  lesson::Lesson l;
  l.id = "lesson_zh_00000000";
  l.language = "zh";
  l.insights = {"数据库的锁"};
  lesson::ScriptSection s;
  s.insight_index = 0;
  s.insight = l.insights[0];
  s.sentences = {
      testing::cited("同一时间只有一个进程可以持有RESERVED锁，其他进程仍然可以读取数据库。",
                     "file_zh:c0000"),
      testing::cited("写入数据库文件之前必须先取得EXCLUSIVE锁，以免其他进程读到一半的数据。",
                     "file_zh:c0001")};
  l.script = {s};
  const std::map<std::string, std::string> chunks = {
      {"file_zh:c0000",
       "同一时间只有一个进程可以持有RESERVED锁，其他进程仍然可以读取数据库。"
       "任意数量的进程可以同时持有SHARED锁。"},
      {"file_zh:c0001",
       "写入数据库文件之前必须先取得EXCLUSIVE锁，以免其他进程读到一半的数据。"
       "PENDING锁表示进程想尽快写入。"}};
  const auto set = make_study_set(l, chunks);
  ASSERT_EQ(set.cards.size(), 2u);
  const auto* c = card_answering(set, "RESERVED");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->front, "同一时间只有一个进程可以持有___锁，其他进程仍然可以读取数据库。");
}

}  // namespace
}  // namespace lectio::study
