// Runs the real `lectio summarize` and `lectio eval summarize` on small files.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "support/run.h"
#include "support/temp_dir.h"

namespace lectio::cli {

namespace {

using testing::run_lectio;

const char* kArticle =
    "# Council approves harbour rail line\n\n"
    "The city council approved a new light rail line linking the airport to the old harbour. "
    "The line will cost 2.1 billion dollars and open to passengers in 2029.\n\n"
    "## Reactions\n\n"
    "Critics said the council had ignored cheaper bus routes that could serve the airport. "
    "The mayor called the vote a historic day for the city and its commuters.\n\n"
    "## Service\n\n"
    "- Trains will run every six minutes at peak hours and every ten minutes at night.\n"
    "- Construction of the rail tunnel under the harbour starts next spring.\n";

std::vector<std::string> lines(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

}  // namespace

TEST(CliSummarizeTest, PrintsTheChosenSentencesOfAMarkdownFile) {
  testing::TempDir dir;
  const auto file = dir.write("rail.md", kArticle);
  auto r = run_lectio({"summarize", file.string(), "--sentences", "2"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto out = lines(r.out);
  ASSERT_EQ(out.size(), 2u) << r.out;
  EXPECT_EQ(out[0],
            "The city council approved a new light rail line linking the airport to the old "
            "harbour.");
  EXPECT_EQ(r.out.find("Reactions"), std::string::npos) << "headings are not sentences";
}

TEST(CliSummarizeTest, JsonListsIndicesAndTextAndFocusPicksTheAnswer) {
  testing::TempDir dir;
  const auto file = dir.write("rail.md", kArticle);
  auto r = run_lectio(
      {"summarize", file.string(), "-n", "1", "--focus", "how often do trains run", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto json = nlohmann::json::parse(r.out);
  EXPECT_EQ(json["language"], "en");
  EXPECT_EQ(json["sentence_count"], 6);
  ASSERT_EQ(json["sentences"].size(), 1u);
  EXPECT_EQ(json["sentences"][0]["index"], 4);
  EXPECT_EQ(json["sentences"][0]["text"],
            "Trains will run every six minutes at peak hours and every ten minutes at night.");
}

TEST(CliSummarizeTest, EvalReportsRougeForTheSelectorAndTheLead) {
  testing::TempDir dir;
  // The reference is the first three sentences, so LEAD-3 scores 100 on every measure.
  nlohmann::json row = {
      {"id", "a1"},
      {"article_lines",
       {"The council approved a rail line to the airport.", "It will cost two billion dollars.",
        "Trains will run every six minutes.", "Critics wanted buses instead of trains.",
        "The mayor was pleased with the vote."}},
      {"reference",
       "The council approved a rail line to the airport . It will cost two billion dollars . "
       "Trains will run every six minutes ."}};
  const auto file = dir.write("dev.jsonl", row.dump() + "\n\n" + row.dump() + "\n");
  auto r = run_lectio({"eval", "summarize", file.string(), "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto json = nlohmann::json::parse(r.out);
  EXPECT_EQ(json["articles"], 2);
  EXPECT_EQ(json["sentences"], 3);
  EXPECT_DOUBLE_EQ(json["lead-3"]["rouge1"].get<double>(), 100.0);
  EXPECT_DOUBLE_EQ(json["lead-3"]["rouge2"].get<double>(), 100.0);
  EXPECT_DOUBLE_EQ(json["lead-3"]["rouge_l"].get<double>(), 100.0);
  EXPECT_GT(json["lectio"]["rouge1"].get<double>(), 50.0);

  auto table = run_lectio({"eval", "summarize", file.string(), "--sentences", "2"});
  ASSERT_EQ(table.exit_code, 0) << table.err;
  EXPECT_NE(table.out.find("lead-2"), std::string::npos) << table.out;
  EXPECT_NE(table.out.find("ROUGE-L"), std::string::npos) << table.out;
}

TEST(CliSummarizeTest, BadInputFailsWithOneLineNamingIt) {
  testing::TempDir dir;
  const std::string missing = (dir.path() / "missing.md").string();
  auto r = run_lectio({"summarize", missing});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(lines(r.err).size(), 1u) << r.err;
  EXPECT_NE(r.err.find(missing + ": no such file"), std::string::npos) << r.err;

  const auto file = dir.write("a.md", kArticle);
  auto zero = run_lectio({"summarize", file.string(), "--sentences", "0"});
  EXPECT_EQ(zero.exit_code, 1);
  EXPECT_NE(zero.err.find("--sentences 0"), std::string::npos) << zero.err;

  const auto bad = dir.write("bad.jsonl",
                             "{\"article_lines\": [\"x\"], \"reference\": \"x\"}\n"
                             "not json\n");
  auto eval = run_lectio({"eval", "summarize", bad.string()});
  EXPECT_EQ(eval.exit_code, 1);
  EXPECT_EQ(lines(eval.err).size(), 1u) << eval.err;
  EXPECT_NE(eval.err.find(bad.string() + ":2:"), std::string::npos) << eval.err;

  EXPECT_EQ(run_lectio({"summarize"}).exit_code, 2);
}

}  // namespace lectio::cli
