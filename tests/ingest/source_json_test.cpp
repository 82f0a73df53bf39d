// The one JSON shape of sources and chunks (docs/api.md), shared by the web API and the CLI.
#include "lectio/ingest/source_json.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace lectio::ingest {
namespace {

using Json = nlohmann::ordered_json;

std::vector<std::string> keys(const Json& object) {
  std::vector<std::string> out;
  for (const auto& item : object.items()) out.push_back(item.key());
  return out;
}

Source sample_source() {
  Source s;
  s.id = "file_gpu001";
  s.version = 2;
  s.title = "GPU and TPU notes";
  s.file_name = "notes.md";
  s.path = "/home/someone/notes.md";
  s.origin_url = "https://example.com/notes";
  s.format = Format::kMarkdown;
  s.language = "en";
  s.content_hash = "ab12";
  s.byte_size = 1234;
  s.page_count = 3;
  s.chunk_count = 7;
  s.added_at = "2026-01-02T03:04:05Z";
  return s;
}

Chunk sample_chunk() {
  Chunk c;
  c.source_id = "file_gpu001";
  c.version = 2;
  c.ordinal = 3;
  c.page_start = 2;
  c.page_end = 3;
  c.heading_path = {"Notes", "Later"};
  c.text = "Pick by framework.";
  c.word_count = 3;
  c.closes_mid_sentence = true;
  return c;
}

TEST(SourceJsonTest, SourceHasTheApiFieldsInOrderAndNoServerPath) {
  const Json j = Json::parse(source_to_json(sample_source()));
  EXPECT_EQ(keys(j),
            (std::vector<std::string>{"id", "version", "title", "file_name", "origin_url", "format",
                                      "language", "pages", "chunks", "bytes", "added_at"}));
  EXPECT_EQ(j["id"], "file_gpu001");
  EXPECT_EQ(j["version"], 2);
  EXPECT_EQ(j["format"], "markdown");
  EXPECT_EQ(j["pages"], 3);
  EXPECT_EQ(j["chunks"], 7);
  EXPECT_EQ(j["bytes"], 1234);
  EXPECT_EQ(j["origin_url"], "https://example.com/notes");
  EXPECT_EQ(source_to_json(sample_source()).find("/home/someone"), std::string::npos);
}

TEST(SourceJsonTest, ChunkHasTheApiFieldsInOrder) {
  const Json j = Json::parse(chunk_to_json(sample_chunk()));
  EXPECT_EQ(keys(j),
            (std::vector<std::string>{"id", "ordinal", "pages", "heading_path", "text", "words",
                                      "opens_mid_sentence", "closes_mid_sentence"}));
  EXPECT_EQ(j["id"], "file_gpu001:c0003");
  EXPECT_EQ(j["pages"], "p2-3");
  EXPECT_EQ(j["heading_path"], Json({"Notes", "Later"}));
  EXPECT_EQ(j["words"], 3);
  EXPECT_FALSE(j["opens_mid_sentence"].get<bool>());
  EXPECT_TRUE(j["closes_mid_sentence"].get<bool>());
}

TEST(SourceJsonTest, ListsAreArraysOfTheSameObjectsAndIndentIsTheCallers) {
  const Json sources = Json::parse(sources_to_json({sample_source(), sample_source()}));
  ASSERT_EQ(sources.size(), 2u);
  EXPECT_EQ(sources[1], Json::parse(source_to_json(sample_source())));
  const Json chunks = Json::parse(chunks_to_json({sample_chunk()}));
  ASSERT_EQ(chunks.size(), 1u);
  EXPECT_EQ(chunks[0], Json::parse(chunk_to_json(sample_chunk())));
  EXPECT_EQ(sources_to_json({}), "[]");
  EXPECT_EQ(chunk_to_json(sample_chunk(), -1).find('\n'), std::string::npos);
  EXPECT_NE(chunk_to_json(sample_chunk()).find("\n  \"ordinal\": 3"), std::string::npos);
}

TEST(SourceJsonTest, InvalidUtf8IsReplacedNotThrown) {
  Chunk c = sample_chunk();
  c.text = "bad \xff byte";
  const Json j = Json::parse(chunk_to_json(c));
  EXPECT_EQ(j["text"], "bad \xef\xbf\xbd byte");
}

}  // namespace
}  // namespace lectio::ingest
