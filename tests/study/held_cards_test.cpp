// The rules cards and questions another writer drafted (the LLM engine's) are held to before a
// learner sees them, on the locking lesson's real sentences.
#include <gtest/gtest.h>

#include <algorithm>

#include "lectio/core/error.h"
#include "lectio/study/card_writer.h"
#include "lectio/study/study_set.h"
#include "study/study_fixture.h"

namespace lectio::study {
namespace {

using lesson::CardKind;
using lesson::QuizQuestion;
using lesson::StudyCard;
using testing::locking_chunks;
using testing::locking_lesson;

StudyCard cloze(std::string front, std::string answer, std::string sentence, std::string chunk,
                int insight = 0) {
  StudyCard c;
  c.kind = CardKind::kCloze;
  c.front = std::move(front);
  c.answer = std::move(answer);
  c.sentence = std::move(sentence);
  c.chunk_id = std::move(chunk);
  c.insight_index = insight;
  return c;
}

QuizQuestion question(std::string text, std::vector<std::string> options, std::string sentence,
                      std::string chunk) {
  QuizQuestion q;
  q.question = std::move(text);
  q.options = std::move(options);
  q.answer = 0;
  q.explanation = std::move(sentence);
  q.chunk_id = std::move(chunk);
  q.insight_index = 0;
  return q;
}

const std::string kReserved =
    "Only one process at a time can hold a RESERVED lock on a database file.";

TEST(HeldCardsTest, KeepsACardItsChunkHoldsAndGivesItAStableId) {
  lesson::StudySet written;
  written.engine = "llm:test";
  written.cards = {cloze("Only one process at a time can hold a ___ lock on a database file.",
                         "RESERVED", kReserved, "file_lock:c0002")};
  const auto held = hold_study_set(written, locking_lesson(), locking_chunks());
  ASSERT_EQ(held.set.cards.size(), 1u) << (held.dropped.empty() ? "" : held.dropped[0]);
  EXPECT_TRUE(held.dropped.empty());
  EXPECT_EQ(held.set.engine, "llm:test");
  EXPECT_EQ(held.set.cards[0].id.rfind("card_", 0), 0u);
  EXPECT_EQ(held.set.cards[0].id,
            hold_study_set(written, locking_lesson(), locking_chunks()).set.cards[0].id);
}

TEST(HeldCardsTest, LeavesOutCardsThatBreakARuleAndSaysWhy) {
  lesson::StudySet written;
  written.cards = {
      // An answer the chunk does not hold.
      cloze("Only one process at a time can hold a ___ lock on a database file.", "PENDING",
            kReserved, "file_lock:c0002"),
      // A sentence that is not in its chunk.
      cloze("A ___ lock lets a process read.", "SHARED", "A SHARED lock lets a process read.",
            "file_lock:c0001"),
      // A chunk that does not exist.
      cloze("Only one process at a time can hold a ___ lock on a database file.", "RESERVED",
            kReserved, "file_lock:c0099"),
      // A stop word.
      cloze("___ rollback journal is an ordinary disk file.", "The",
            "The rollback journal is an ordinary disk file that is always located in the same "
            "directory as the database file.",
            "file_lock:c0002"),
      // Two blanks.
      cloze("Only one ___ at a time can hold a ___ lock on a database file.", "RESERVED", kReserved,
            "file_lock:c0002"),
  };
  StudyCard invented;
  invented.kind = CardKind::kBasic;
  invented.front = "Who designed the RESERVED lock?";
  invented.answer = "Professor Zorblax in 1987";
  invented.sentence = kReserved;
  invented.chunk_id = "file_lock:c0002";
  written.cards.push_back(invented);
  const auto held = hold_study_set(written, locking_lesson(), locking_chunks());
  EXPECT_TRUE(held.set.cards.empty());
  ASSERT_EQ(held.dropped.size(), 6u);
  EXPECT_NE(held.dropped[0].find("card 1: its answer is not held by file_lock:c0002"),
            std::string::npos)
      << held.dropped[0];
  EXPECT_NE(held.dropped[1].find("not in file_lock:c0001 word for word"), std::string::npos);
  EXPECT_NE(held.dropped[2].find("'file_lock:c0099', which is no chunk"), std::string::npos);
  EXPECT_NE(held.dropped[3].find("carries no content word"), std::string::npos);
  EXPECT_NE(held.dropped[4].find("exactly one ___"), std::string::npos);
  EXPECT_NE(held.dropped[5].find("card 6: its answer is not held"), std::string::npos);
}

TEST(HeldCardsTest, TwoCardsOnOneFactKeepTheFirst) {
  lesson::StudySet written;
  written.cards = {
      cloze("Only one process at a time can hold a ___ lock on a database file.", "RESERVED",
            kReserved, "file_lock:c0002"),
      cloze("Only one process at a time can hold a RESERVED lock on a ___ file.", "database",
            kReserved, "file_lock:c0002"),
  };
  const auto held = hold_study_set(written, locking_lesson(), locking_chunks());
  ASSERT_EQ(held.set.cards.size(), 1u);
  EXPECT_EQ(held.set.cards[0].answer, "RESERVED");
  ASSERT_EQ(held.dropped.size(), 1u);
  EXPECT_NE(held.dropped[0].find("same fact or sentence"), std::string::npos);
}

TEST(HeldCardsTest, AWrongOptionTheSourcesStateIsDropped) {
  auto chunks = locking_chunks();
  chunks["file_lock:c0005"] =
      "The default page size is 4096 bytes. The default page size is 1024 bytes on old builds.";
  lesson::StudySet written;
  written.quiz = {question("The default page size is ___ bytes.",
                           {"4096", "1024", "512", "8192", "65536"},
                           "The default page size is 4096 bytes.", "file_lock:c0005")};
  const auto held = hold_study_set(written, locking_lesson(), chunks);
  ASSERT_EQ(held.set.quiz.size(), 1u) << (held.dropped.empty() ? "" : held.dropped[0]);
  const QuizQuestion& q = held.set.quiz[0];
  EXPECT_EQ(held.wrong_options_dropped, 1);
  ASSERT_EQ(q.options.size(), 4u);
  EXPECT_EQ(q.options[static_cast<std::size_t>(q.answer)], "4096");
  EXPECT_EQ(std::count(q.options.begin(), q.options.end(), "1024"), 0);
}

TEST(HeldCardsTest, AQuestionLeftWithTooFewWrongOptionsIsDropped) {
  lesson::StudySet written;
  written.quiz = {question("Only one process at a time can hold a ___ lock on a database file.",
                           {"RESERVED", "SHARED", "shared", "RESERVED"}, kReserved,
                           "file_lock:c0002")};
  const auto held = hold_study_set(written, locking_lesson(), locking_chunks());
  EXPECT_TRUE(held.set.quiz.empty());
  ASSERT_EQ(held.dropped.size(), 1u);
  EXPECT_NE(held.dropped[0].find("question 1: fewer than three wrong options"), std::string::npos);
}

TEST(HeldCardsTest, AChineseLessonKeepsOnlyChineseCards) {
  auto l = locking_lesson();
  l.language = "zh";
  lesson::StudySet written;
  written.cards = {cloze("Only one process at a time can hold a ___ lock on a database file.",
                         "RESERVED", kReserved, "file_lock:c0002")};
  const auto held = hold_study_set(written, l, locking_chunks());
  EXPECT_TRUE(held.set.cards.empty());
  ASSERT_EQ(held.dropped.size(), 1u);
  EXPECT_NE(held.dropped[0].find("not in Chinese"), std::string::npos);
}

// A writer that answers with a fixed set, or fails like a server that is down.
class FixedWriter : public CardWriter {
 public:
  explicit FixedWriter(lesson::StudySet set, bool fail = false)
      : set_(std::move(set)), fail_(fail) {}
  std::string name() const override { return "llm:fixed"; }
  lesson::StudySet write(const lesson::Lesson&,
                         const std::map<std::string, std::string>&) override {
    if (fail_) throw Io("http://127.0.0.1:9/v1/chat/completions: connection refused");
    return set_;
  }

 private:
  lesson::StudySet set_;
  bool fail_;
};

TEST(HeldCardsTest, AWritersCardsComeFirstAndItsBareInsightsGetBuiltInCards) {
  lesson::StudySet written;
  written.cards = {cloze("Only one process at a time can hold a ___ lock on a database file.",
                         "RESERVED", kReserved, "file_lock:c0002", 0),
                   cloze("Made up ___ card.", "Zorblax", kReserved, "file_lock:c0002", 0)};
  FixedWriter writer(written);
  auto l = locking_lesson();
  add_study_set(l, locking_chunks(), &writer);
  ASSERT_TRUE(l.study.has_value());
  EXPECT_EQ(l.study->engine, "llm:fixed");
  ASSERT_FALSE(l.study->cards.empty());
  EXPECT_EQ(l.study->cards[0].answer, "RESERVED");
  // Insight 0 has the writer's card only; insight 1 gets the built-in engine's.
  int first = 0;
  int second = 0;
  for (const auto& c : l.study->cards) (c.insight_index == 0 ? first : second) += 1;
  EXPECT_EQ(first, 1);
  EXPECT_GE(second, 1);
  ASSERT_EQ(l.warnings.size(), 1u);
  EXPECT_NE(l.warnings[0].find("study: 1 of the 2 cards and questions llm:fixed wrote were left "
                               "out (card 2:"),
            std::string::npos)
      << l.warnings[0];
}

TEST(HeldCardsTest, AWriterThatFailsLeavesTheBuiltInCardsAndAWarning) {
  FixedWriter writer({}, /*fail=*/true);
  auto l = locking_lesson();
  add_study_set(l, locking_chunks(), &writer);
  auto built_in = locking_lesson();
  add_study_set(built_in, locking_chunks(), nullptr);
  ASSERT_TRUE(l.study.has_value());
  EXPECT_EQ(l.study->engine, "extractive");
  EXPECT_EQ(l.study->cards.size(), built_in.study->cards.size());
  ASSERT_EQ(l.warnings.size(), 1u);
  EXPECT_NE(l.warnings[0].find("llm:fixed wrote no cards (http://127.0.0.1:9"), std::string::npos);
}

}  // namespace
}  // namespace lectio::study
