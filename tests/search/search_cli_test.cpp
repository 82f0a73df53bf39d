// `lectio search`, `lectio reindex` and `lectio eval ir` through the real binary.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>

#include "support/run.h"
#include "support/temp_dir.h"

namespace fs = std::filesystem;

namespace lectio::cli {

namespace {

using testing::run_lectio;

const char* kNotes =
    "# Notes\n\nGraphics processors run many threads at once.\n\n## More\n\n"
    "Tensor processors multiply matrices.\n\f\n## Later\n\nPick by framework.\n";

}  // namespace

TEST(CliSearchTest, AddThenSearchPrintsRankedChunksWithSnippets) {
  testing::TempDir dir;
  const std::string data = (dir.path() / "data").string();
  const auto file = dir.write("notes.md", kNotes);
  ASSERT_EQ(run_lectio({"--data", data, "add", file.string(), "--id", "gpu001"}).exit_code, 0);

  auto json = run_lectio({"--data", data, "search", "tensor processor", "--json"});
  ASSERT_EQ(json.exit_code, 0) << json.err;
  EXPECT_EQ(json.err, "");
  const auto hits = nlohmann::json::parse(json.out);
  ASSERT_EQ(hits.size(), 2u);
  EXPECT_EQ(hits[0]["chunk_id"], "file_gpu001:c0001");
  EXPECT_EQ(hits[0]["file_name"], "notes.md");
  EXPECT_EQ(hits[0]["pages"], "p1-1");
  EXPECT_EQ(hits[0]["heading_path"], nlohmann::json({"Notes", "More"}));
  EXPECT_EQ(hits[0]["snippet"], "[[Tensor]] [[processors]] multiply matrices.");
  EXPECT_GT(hits[0]["score"].get<double>(), hits[1]["score"].get<double>());
  EXPECT_EQ(hits[1]["chunk_id"], "file_gpu001:c0000");

  auto human = run_lectio({"--data", data, "search", "framework", "--k", "1"});
  ASSERT_EQ(human.exit_code, 0) << human.err;
  EXPECT_NE(human.out.find("  [file_gpu001:c0002] notes.md p2-2  Notes > Later\n"),
            std::string::npos)
      << human.out;
  EXPECT_NE(human.out.find("Pick by [[framework]]."), std::string::npos) << human.out;
}

TEST(CliSearchTest, AddKeepsTheIndexCurrentAndSourcesFilter) {
  testing::TempDir dir;
  const std::string data = (dir.path() / "data").string();
  const auto notes = dir.write("notes.md", kNotes);
  const auto other = dir.write("other.md", "# Pasta\n\nTensor cooking is not a thing.\n");
  ASSERT_EQ(run_lectio({"--data", data, "add", notes.string(), "--id", "a"}).exit_code, 0);
  ASSERT_EQ(run_lectio({"--data", data, "add", other.string(), "--id", "b"}).exit_code, 0);

  auto both = nlohmann::json::parse(run_lectio({"--data", data, "search", "tensor", "--json"}).out);
  EXPECT_EQ(both.size(), 2u);
  auto only_b = run_lectio({"--data", data, "search", "tensor", "--source", "b", "--json"});
  ASSERT_EQ(only_b.exit_code, 0) << only_b.err;
  const auto b_hits = nlohmann::json::parse(only_b.out);
  ASSERT_EQ(b_hits.size(), 1u);
  EXPECT_EQ(b_hits[0]["source_id"], "file_b");

  dir.write("other.md", "# Soup\n\nLentil soup with cumin.\n");
  ASSERT_EQ(run_lectio({"--data", data, "add", other.string(), "--id", "b"}).exit_code, 0);
  auto soup = nlohmann::json::parse(run_lectio({"--data", data, "search", "lentil", "--json"}).out);
  ASSERT_EQ(soup.size(), 1u);
  EXPECT_EQ(soup[0]["version"], 2);
  auto gone =
      nlohmann::json::parse(run_lectio({"--data", data, "search", "cooking", "--json"}).out);
  EXPECT_TRUE(gone.empty());
}

TEST(CliSearchTest, BadInputFailsWithOneLine) {
  testing::TempDir dir;
  const std::string data = (dir.path() / "data").string();
  const auto notes = dir.write("notes.md", kNotes);
  ASSERT_EQ(run_lectio({"--data", data, "add", notes.string(), "--id", "a"}).exit_code, 0);
  auto empty = run_lectio({"--data", data, "search", "  "});
  EXPECT_EQ(empty.exit_code, 1);
  EXPECT_NE(empty.err.find("empty query"), std::string::npos) << empty.err;
  auto unknown = run_lectio({"--data", data, "search", "tensor", "--source", "nope"});
  EXPECT_EQ(unknown.exit_code, 1);
  EXPECT_NE(unknown.err.find("nope: no such source"), std::string::npos) << unknown.err;
  EXPECT_EQ(run_lectio({"--data", data, "search"}).exit_code, 2);
  auto no_dir = run_lectio({"--data", data, "eval", "ir", (dir.path() / "none").string()});
  EXPECT_EQ(no_dir.exit_code, 1);
  EXPECT_NE(no_dir.err.find("none: no such directory"), std::string::npos) << no_dir.err;
}

TEST(CliSearchTest, ReindexAndADamagedIndexAreRebuiltFromTheStore) {
  testing::TempDir dir;
  const fs::path data = dir.path() / "data";
  const auto notes = dir.write("notes.md", kNotes);
  ASSERT_EQ(run_lectio({"--data", data.string(), "add", notes.string(), "--id", "a"}).exit_code, 0);
  auto reindex = run_lectio({"--data", data.string(), "reindex"});
  ASSERT_EQ(reindex.exit_code, 0) << reindex.err;
  EXPECT_NE(reindex.out.find("indexed 3 chunks from 1 sources"), std::string::npos) << reindex.out;

  for (const auto& entry : fs::directory_iterator(data / "index")) {
    std::ofstream(entry.path(), std::ios::trunc) << "not an index";
  }
  auto search = run_lectio({"--data", data.string(), "search", "matrices", "--json"});
  ASSERT_EQ(search.exit_code, 0) << search.err;
  EXPECT_NE(search.err.find("rebuilt from the store"), std::string::npos) << search.err;
  EXPECT_EQ(nlohmann::json::parse(search.out)[0]["chunk_id"], "file_a:c0001");
}

namespace {

// The bytes of the one segment file of an index directory.
std::string only_segment(const fs::path& index) {
  std::vector<fs::path> segments;
  for (const auto& entry : fs::directory_iterator(index)) {
    if (entry.path().extension() == ".seg") segments.push_back(entry.path());
  }
  EXPECT_EQ(segments.size(), 1u);
  if (segments.empty()) return {};
  std::ifstream in(segments.front(), std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace

// `add` indexes the chunks it just stored from memory, a rebuild reads them from the store:
// both must make the same index, byte for byte, whichever files came first.
TEST(CliSearchTest, AddIndexesWhatReindexWouldFromTheStore) {
  testing::TempDir dir;
  const std::string data = (dir.path() / "data").string();
  const auto notes = dir.write("b_notes.md", kNotes);
  const auto more = dir.write("a_more.md",
                              "# More\n\nSystolic arrays pass partial sums between cells.\n\n"
                              "## Memory\n\nHigh bandwidth memory sits beside the processor.\n");
  ASSERT_EQ(run_lectio({"--data", data, "add", notes.string(), more.string()}).exit_code, 0);
  const std::string added = only_segment(fs::path(data) / "index");
  ASSERT_FALSE(added.empty());
  ASSERT_EQ(run_lectio({"--data", data, "reindex"}).exit_code, 0);
  EXPECT_EQ(only_segment(fs::path(data) / "index"), added);
}

TEST(CliEvalTest, EvalIrMatchesHandComputedMetricsAndWritesARun) {
  testing::TempDir dir;
  const fs::path beir = dir.path() / "beir";
  fs::create_directories(beir / "qrels");
  dir.write("beir/corpus.jsonl",
            R"({"_id": "d1", "title": "Graphics processors", "text": "They run many threads."})"
            "\n"
            R"({"_id": "d2", "title": "Tensor processors", "text": "They multiply matrices."})"
            "\n"
            R"({"_id": "d3", "title": "Pasta", "text": "Boil it in salted water."})"
            "\n"
            R"({"_id": "d4", "title": "Bread", "text": "Knead the dough and let it rise."})"
            "\n");
  dir.write("beir/queries.jsonl", R"({"_id": "q1", "text": "tensor matrices"})"
                                  "\n"
                                  R"({"_id": "q2", "text": "knead dough"})"
                                  "\n"
                                  R"({"_id": "q3", "text": "quantum chromodynamics"})"
                                  "\n"
                                  R"({"_id": "q4", "text": "not judged"})"
                                  "\n");
  dir.write("beir/qrels/test.tsv",
            "query-id\tcorpus-id\tscore\nq1\td2\t1\nq2\td4\t2\nq2\td1\t1\nq2\td3\t0\nq3\td3\t1\n");
  const std::string run = (dir.path() / "run.txt").string();
  auto r = run_lectio({"eval", "ir", beir.string(), "--run", run});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // As a node of a fleet: loaded into the data directory's store, indexed through its change
  // feed (one change per document), ranked the same.
  const std::string node = (dir.path() / "node").string();
  auto in_store = run_lectio({"--data", node, "eval", "ir", beir.string(), "--in-store"});
  ASSERT_EQ(in_store.exit_code, 0) << in_store.err;
  EXPECT_NE(in_store.out.find("nDCG@10     0.5867\n"), std::string::npos) << in_store.out;
  EXPECT_NE(in_store.out.find("index: 4 changes of the store's feed applied"), std::string::npos)
      << in_store.out;
  auto again = run_lectio({"--data", node, "eval", "ir", beir.string(), "--in-store"});
  EXPECT_EQ(again.exit_code, 1);
  EXPECT_EQ(again.err,
            "lectio: error: --in-store: the store already holds 4 sources; give it an empty one\n");
  // q1: d2 first: every measure 1 but P@10 = 0.1. q2: d4 (grade 2) first, d1 (grade 1) never
  // found: nDCG = 2 / (2 + 1/log2(3)) = 0.7602, AP = 0.5, recall 0.5, P@10 0.1. q3: nothing.
  // Means over 3 queries: nDCG 0.5867, MAP 0.5, recall 0.5, P@10 0.0667.
  EXPECT_NE(r.out.find("nDCG@10     0.5867\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("MAP@100     0.5000\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Recall@100  0.5000\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("P@10        0.0667\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("3 queries judged, 3 run, 4 documents"), std::string::npos) << r.out;
  const std::string lines = testing::slurp(run);
  EXPECT_EQ(lines.rfind("q1 Q0 d2 1 ", 0), 0u) << lines;
  EXPECT_NE(lines.find("\nq2 Q0 d4 1 "), std::string::npos) << lines;
  EXPECT_EQ(lines.find("q3 "), std::string::npos) << lines;
  EXPECT_EQ(lines.find("q4 "), std::string::npos) << lines;
}

}  // namespace lectio::cli
