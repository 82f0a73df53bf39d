// The LLM engine's cards: what the model is asked (each insight's cited chunks, labelled), how
// its answer becomes cards and questions, and the study module holding them, against a real
// OpenAI-protocol server on loopback.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "lectio/author/card_writer.h"
#include "lectio/study/study_set.h"
#include "study/study_fixture.h"
#include "support/chat_server.h"

namespace lectio::study {
namespace {

using lectio::testing::ChatServer;
using lectio::testing::schema_name;
using lectio::testing::ScriptedReply;
using lectio::testing::user_message;
using nlohmann::json;
using testing::locking_chunks;
using testing::locking_lesson;

std::shared_ptr<llm::ChatClient> client_for(const ChatServer& server) {
  llm::ChatOptions o;
  o.base_url = server.base_url();
  o.model = "tutor-7b";
  o.max_attempts = 1;
  o.stream = false;
  return std::make_shared<llm::ChatClient>(o);
}

// Answers the request of the first insight with one good card, one invented card and one
// question; the second insight's with an empty set.
ScriptedReply answer(const json& request, int) {
  const std::string prompt = user_message(request);
  if (prompt.find("insight 1 of 2") == std::string::npos) return {200, R"({"cards":[],"quiz":[]})"};
  // S1 is the section's first cited chunk (file_lock:c0000), S2 the next (c0002); models write
  // labels in more than one way.
  const json reply = {
      {"cards",
       {{{"kind", "cloze"},
         {"front", "Only one process at a time can hold a ___ lock on a database file."},
         {"answer", "RESERVED"},
         {"quote", "Only one process at a time can hold a RESERVED lock on a database file."},
         {"cite", json::array({"S2"})}},
        {{"kind", "basic"},
         {"front", "Who invented the EXCLUSIVE lock?"},
         {"answer", "Dr Zorblax in 1987"},
         {"quote", "An EXCLUSIVE lock is needed in order to write to the database file."},
         {"cite", "S1"}}}},
      {"quiz",
       {{{"question", "Which lock is needed in order to write to the database file?"},
         {"right", "EXCLUSIVE"},
         {"wrong", {"SHARED", "PENDING", "UNLOCKED"}},
         {"quote", "An EXCLUSIVE lock is needed in order to write to the database file."},
         {"cite", "[s1]"}}}}};
  return {200, reply.dump()};
}

TEST(LlmCardsTest, AsksForEachInsightFromItsCitedChunksAndKeepsWhatHolds) {
  ChatServer server(answer);
  const auto writer = author::make_llm_card_writer(client_for(server));
  EXPECT_EQ(writer->name(), "llm:tutor-7b");
  auto l = locking_lesson();
  add_study_set(l, locking_chunks(), writer.get());

  const auto calls = server.calls();
  ASSERT_EQ(calls.size(), 2u);  // one per insight
  EXPECT_EQ(schema_name(calls[0].body), "study");
  const std::string first = user_message(calls[0].body);
  EXPECT_NE(first.find("[S1] An EXCLUSIVE lock is needed"), std::string::npos) << first;
  EXPECT_NE(first.find("[S3] The pager module"), std::string::npos);
  const std::string second_prompt = user_message(calls[1].body);
  // The labels are the lesson's: c0002 keeps the S2 it had in the first request.
  EXPECT_NE(second_prompt.find("[S2] Only one process at a time"), std::string::npos);
  EXPECT_EQ(second_prompt.find("An EXCLUSIVE lock is needed"), std::string::npos)
      << "a chunk only the first insight cites";

  ASSERT_TRUE(l.study.has_value());
  EXPECT_EQ(l.study->engine, "llm:tutor-7b");
  ASSERT_FALSE(l.study->cards.empty());
  EXPECT_EQ(l.study->cards[0].answer, "RESERVED");
  EXPECT_EQ(l.study->cards[0].chunk_id, "file_lock:c0002");
  for (const auto& c : l.study->cards) EXPECT_EQ(c.answer.find("Zorblax"), std::string::npos);
  ASSERT_FALSE(l.study->quiz.empty());
  const auto& q = l.study->quiz[0];
  EXPECT_EQ(q.options[static_cast<std::size_t>(q.answer)], "EXCLUSIVE");
  EXPECT_EQ(q.chunk_id, "file_lock:c0000");
  // The model wrote nothing for insight 2: the built-in engine's cards cover it.
  bool second = false;
  for (const auto& c : l.study->cards) second = second || c.insight_index == 1;
  EXPECT_TRUE(second);
  ASSERT_EQ(l.warnings.size(), 1u);
  EXPECT_NE(l.warnings[0].find("card 2: its answer is not held by file_lock:c0000"),
            std::string::npos)
      << l.warnings[0];
}

TEST(LlmCardsTest, AServerThatFailsLeavesTheBuiltInCards) {
  ChatServer server([](const json&, int) { return ScriptedReply{500, "", "stop"}; });
  const auto writer = author::make_llm_card_writer(client_for(server));
  auto l = locking_lesson();
  add_study_set(l, locking_chunks(), writer.get());
  ASSERT_TRUE(l.study.has_value());
  EXPECT_EQ(l.study->engine, "extractive");
  EXPECT_FALSE(l.study->cards.empty());
  ASSERT_EQ(l.warnings.size(), 1u);
  EXPECT_NE(l.warnings[0].find("study: llm:tutor-7b wrote no cards ("), std::string::npos)
      << l.warnings[0];
}

}  // namespace
}  // namespace lectio::study
