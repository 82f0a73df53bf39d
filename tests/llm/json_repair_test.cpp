#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "lectio/llm/chat.h"

namespace {

using lectio::llm::extract_json_object;
using nlohmann::json;

json parsed(std::string_view text) {
  const auto found = extract_json_object(text);
  EXPECT_TRUE(found.has_value()) << text;
  return found ? json::parse(*found) : json();
}

TEST(JsonRepairTest, ReadsPlainJson) {
  EXPECT_EQ(parsed(R"({"a": [1, 2], "b": "x"})"), json({{"a", {1, 2}}, {"b", "x"}}));
}

TEST(JsonRepairTest, StripsClosedAndUnclosedThinkBlocks) {
  EXPECT_EQ(parsed("<think>I could answer {\"a\": 2} but no.</think>\n{\"a\": 1}"),
            json({{"a", 1}}));
  EXPECT_EQ(parsed("<think>Let me think about {x}... the answer is\n{\"a\": 1, \"b\": [true]}"),
            json({{"a", 1}, {"b", {true}}}));
}

TEST(JsonRepairTest, FindsTheObjectInFencesAndAfterAPreamble) {
  EXPECT_EQ(parsed("Here's the outline you asked for:\n```json\n{\"points\": [\"x\"]}\n```\nHope "
                   "it helps!"),
            json({{"points", {"x"}}}));
}

TEST(JsonRepairTest, RepairsSingleQuotesTrailingCommasAndPythonLiterals) {
  EXPECT_EQ(
      parsed("{'text': 'He said \"hi\"', 'cites': ['C1', 'C2',], 'ok': True, 'n': None,}"),
      json({{"text", "He said \"hi\""}, {"cites", {"C1", "C2"}}, {"ok", true}, {"n", nullptr}}));
  // An apostrophe inside a double-quoted string is text, not a quote.
  EXPECT_EQ(parsed(R"({"text": "it's fine", "t": "True"})"),
            json({{"text", "it's fine"}, {"t", "True"}}));
}

TEST(JsonRepairTest, PrefersTheLongestObject) {
  EXPECT_EQ(parsed("example: {\"a\": 0}\nanswer: {\"a\": 1, \"b\": {\"c\": 2}}"),
            json({{"a", 1}, {"b", {{"c", 2}}}}));
}

TEST(JsonRepairTest, NoObjectIsNoAnswer) {
  EXPECT_FALSE(extract_json_object("I cannot help with that."));
  EXPECT_FALSE(extract_json_object("{\"cut\": [\"off in the midd"));
  EXPECT_FALSE(extract_json_object("[1, 2, 3]"));
  EXPECT_FALSE(extract_json_object(""));
}

}  // namespace
