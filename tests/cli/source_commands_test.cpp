// Runs the real `lectio` binary against a real data directory.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "support/run.h"
#include "support/temp_dir.h"

namespace lectio::cli {

namespace {

using testing::run_lectio;

const char* kNotes =
    "# Notes\n\nGraphics processors run many threads at once.\n\n## More\n\n"
    "Tensor processors multiply matrices.\n\f\n## Later\n\nPick by framework.\n";

std::vector<std::string> keys(const nlohmann::ordered_json& object) {
  std::vector<std::string> out;
  for (const auto& item : object.items()) out.push_back(item.key());
  return out;
}

std::vector<std::string> lines(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

}  // namespace

// A line of thousands of words with no sentence end: every chunk stays under the cap, and the
// listing says which chunks run on into their neighbours.
TEST(CliSourcesTest, ALongLineIsCutAndTheChunksSaySo) {
  testing::TempDir dir;
  std::string line;
  for (int i = 0; i < 5000; ++i) line += "term" + std::to_string(i) + " ";
  const auto file = dir.write("one_line.txt", "A first sentence.\n\n" + line + "\n");
  const std::string data = (dir.path() / "data").string();
  ASSERT_EQ(run_lectio({"--data", data, "add", file.string(), "--id", "line"}).exit_code, 0);

  auto listing = run_lectio({"--data", data, "chunks", "file_line"});
  ASSERT_EQ(listing.exit_code, 0) << listing.err;
  EXPECT_NE(listing.out.find("(cut mid-sentence: continues in the next chunk)"), std::string::npos)
      << listing.out;
  EXPECT_NE(listing.out.find("(cut mid-sentence: continues on both sides)"), std::string::npos);
  EXPECT_NE(listing.out.find("(cut mid-sentence: continues from the previous chunk)"),
            std::string::npos);

  auto json_run = run_lectio({"--data", data, "chunks", "file_line", "--json"});
  ASSERT_EQ(json_run.exit_code, 0) << json_run.err;
  const auto json = nlohmann::json::parse(json_run.out);
  ASSERT_GE(json.size(), 25u);
  int cut = 0;
  for (const auto& c : json) {
    EXPECT_LE(c["words"].get<int>(), 200);
    cut += c["opens_mid_sentence"].get<bool>();
  }
  EXPECT_EQ(cut, 24);  // 5,000 words in pieces of 200: 24 cuts
  EXPECT_FALSE(json.back()["closes_mid_sentence"].get<bool>());
}

// Issue 29: an origin URL is shown as a link, so only http, https (or no scheme) are taken.
TEST(CliSourcesTest, AScriptOriginUrlIsRefusedAndNothingIsAdded) {
  testing::TempDir dir;
  const auto file = dir.write("notes.md", kNotes);
  const std::string data = (dir.path() / "data").string();
  for (const char* url : {"javascript:alert(1)", "JavaScript:alert(1)", "java\tscript:alert(1)",
                          " javascript:alert(1)", "data:text/html,x", "vbscript:x"}) {
    auto add = run_lectio({"--data", data, "add", file.string(), "--url", url});
    EXPECT_NE(add.exit_code, 0) << url;
    EXPECT_NE(add.err.find("origin URL"), std::string::npos) << add.err;
    EXPECT_EQ(add.err.find('\t'), std::string::npos) << "one printable line: " << add.err;
  }
  auto sources = run_lectio({"--data", data, "sources", "--json"});
  EXPECT_EQ(nlohmann::json::parse(sources.out).size(), 0u) << sources.out;
  for (const char* url : {"https://example.com/a", "http://example.com", "example.com/notes"}) {
    EXPECT_EQ(run_lectio({"--data", data, "add", file.string(), "--url", url}).exit_code, 0) << url;
  }
}

TEST(CliSourcesTest, AddThenListChunksAsJson) {
  testing::TempDir dir;
  const auto file = dir.write("gpu_tpu_lesson_notes.md", kNotes);
  const std::string data = (dir.path() / "data").string();
  auto add = run_lectio({"--data", data, "add", file.string(), "--id", "gpu001", "--url",
                         "https://example.com/gpu-tpu-notes"});
  ASSERT_EQ(add.exit_code, 0) << add.err;
  EXPECT_EQ(add.err, "") << "no progress output when stderr is not a terminal";
  EXPECT_NE(add.out.find("added file_gpu001 (3 chunks)"), std::string::npos) << add.out;

  auto chunks = run_lectio({"--data", data, "chunks", "file_gpu001", "--json"});
  ASSERT_EQ(chunks.exit_code, 0) << chunks.err;
  const auto json = nlohmann::ordered_json::parse(chunks.out);
  ASSERT_EQ(json.size(), 3u);
  EXPECT_EQ(json[0]["id"], "file_gpu001:c0000");
  EXPECT_EQ(json[0]["pages"], "p1-1");
  EXPECT_EQ(json[2]["id"], "file_gpu001:c0002");
  EXPECT_EQ(json[2]["pages"], "p2-2");
  EXPECT_EQ(json[2]["heading_path"], nlohmann::ordered_json({"Notes", "Later"}));
  EXPECT_EQ(json[2]["text"], "Pick by framework.");
  // The chunk objects of GET /api/sources/{id} (docs/api.md), in that order.
  EXPECT_EQ(keys(json[2]),
            (std::vector<std::string>{"id", "ordinal", "pages", "heading_path", "text", "words",
                                      "opens_mid_sentence", "closes_mid_sentence"}));

  auto show = run_lectio({"--data", data, "show", "file_gpu001:c0001", "--json"});
  ASSERT_EQ(show.exit_code, 0) << show.err;
  const auto shown = nlohmann::ordered_json::parse(show.out);
  EXPECT_EQ(shown["text"], "Tensor processors multiply matrices.");
  EXPECT_EQ(keys(shown), keys(json[1]));

  auto sources = run_lectio({"--data", data, "sources", "--json"});
  ASSERT_EQ(sources.exit_code, 0);
  const auto list = nlohmann::ordered_json::parse(sources.out);
  ASSERT_EQ(list.size(), 1u);
  EXPECT_EQ(list[0]["id"], "file_gpu001");
  EXPECT_EQ(list[0]["pages"], 2);
  EXPECT_EQ(list[0]["origin_url"], "https://example.com/gpu-tpu-notes");
  EXPECT_EQ(list[0]["file_name"], "gpu_tpu_lesson_notes.md");
  // The source objects of GET /api/sources without the web's `url`, in that order.
  EXPECT_EQ(keys(list[0]),
            (std::vector<std::string>{"id", "version", "title", "file_name", "origin_url", "format",
                                      "language", "pages", "chunks", "bytes", "added_at"}));
}

TEST(CliSourcesTest, BadFilesFailOneLineEachWhileGoodFilesAreAdded) {
  testing::TempDir dir;
  const auto good = dir.write("good.md", kNotes);
  const auto empty = dir.write("empty.md", "");
  const auto binary = dir.write("binary.md", std::string("\x89PNG\r\n\x1a\n\0\0\0", 11));
  const auto also_good = dir.write("also.txt", "A plain text source with one sentence.");
  const std::string missing = (dir.path() / "missing.md").string();
  const std::string data = (dir.path() / "data").string();
  auto r = run_lectio({"--data", data, "add", good.string(), empty.string(), missing,
                       binary.string(), also_good.string()});
  EXPECT_EQ(r.exit_code, 1);
  const auto errors = lines(r.err);
  ASSERT_EQ(errors.size(), 4u) << r.err;
  EXPECT_NE(errors[0].find(empty.string() + ": empty file"), std::string::npos) << errors[0];
  EXPECT_NE(errors[1].find(missing + ": no such file"), std::string::npos) << errors[1];
  EXPECT_NE(errors[2].find(binary.string() + ": binary"), std::string::npos) << errors[2];
  EXPECT_EQ(errors[3], "lectio: 3 of 5 files failed");

  auto sources = run_lectio({"--data", data, "sources", "--json"});
  const auto list = nlohmann::json::parse(sources.out);
  ASSERT_EQ(list.size(), 2u);
}

TEST(CliSourcesTest, OneMissingFileIsOneLine) {
  testing::TempDir dir;
  const std::string missing = (dir.path() / "missing.md").string();
  auto r = run_lectio({"--data", (dir.path() / "data").string(), "add", missing});
  EXPECT_EQ(r.exit_code, 1);
  const auto errors = lines(r.err);
  ASSERT_EQ(errors.size(), 1u) << r.err;
  EXPECT_EQ(errors[0], "lectio: error: " + missing + ": no such file");
}

TEST(CliSourcesTest, UnknownIdsAndUsageErrorsExitNonZero) {
  testing::TempDir dir;
  const std::string data = (dir.path() / "data").string();
  auto chunks = run_lectio({"--data", data, "chunks", "file_nope"});
  EXPECT_EQ(chunks.exit_code, 1);
  EXPECT_EQ(lines(chunks.err).size(), 1u);
  EXPECT_NE(chunks.err.find("file_nope: no such source"), std::string::npos);

  auto show = run_lectio({"--data", data, "show", "not-a-chunk"});
  EXPECT_EQ(show.exit_code, 1);
  EXPECT_NE(show.err.find("not-a-chunk: not a chunk id"), std::string::npos);

  const auto a = dir.write("a.md", kNotes);
  const auto b = dir.write("b.md", kNotes);
  auto two = run_lectio({"--data", data, "add", a.string(), b.string(), "--id", "x"});
  EXPECT_EQ(two.exit_code, 1);
  EXPECT_NE(two.err.find("--id names one source"), std::string::npos);

  EXPECT_EQ(run_lectio({"--data", data, "frobnicate"}).exit_code, 2);
  EXPECT_EQ(run_lectio({"--data", data, "add"}).exit_code, 2);
  EXPECT_EQ(run_lectio({"--help"}).exit_code, 0);
}

TEST(CliSourcesTest, ReAddingIsANoOpAndAChangeMakesVersionTwo) {
  testing::TempDir dir;
  const std::string data = (dir.path() / "data").string();
  const auto file = dir.write("n.md", kNotes);
  ASSERT_EQ(run_lectio({"--data", data, "add", file.string(), "--id", "n"}).exit_code, 0);
  auto again = run_lectio({"--data", data, "add", file.string(), "--id", "n"});
  EXPECT_NE(again.out.find("unchanged file_n v1"), std::string::npos) << again.out;
  dir.write("n.md", std::string(kNotes) + "\nOne more line of notes.\n");
  auto changed = run_lectio({"--data", data, "add", file.string(), "--id", "n"});
  EXPECT_NE(changed.out.find("updated file_n to v2"), std::string::npos) << changed.out;
  auto old = run_lectio({"--data", data, "show", "file_n@v1:c0002", "--json"});
  ASSERT_EQ(old.exit_code, 0) << old.err;
  EXPECT_EQ(nlohmann::json::parse(old.out)["text"], "Pick by framework.");
}

}  // namespace lectio::cli
