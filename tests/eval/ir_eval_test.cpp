// IR measures against values worked out by hand (see the comments for the arithmetic).
#include "lectio/eval/ir_eval.h"

#include <gtest/gtest.h>

#include <sstream>

#include "lectio/core/error.h"
#include "support/temp_dir.h"

namespace lectio::eval {

namespace {

// b (grade 3) at rank 2 and d (grade 1) at rank 4; e (grade 2) is never retrieved; f is
// judged not relevant.
const Ranking kRanking = {"a", "b", "c", "d", "f"};
const Judgments kJudged = {{"b", 3}, {"d", 1}, {"e", 2}, {"f", 0}};

}  // namespace

TEST(IrEvalTest, NdcgUsesGradesAsGainsWithALog2Discount) {
  // DCG = 3/log2(3) + 1/log2(5) = 2.323466; ideal = 3/1 + 2/log2(3) + 1/log2(4) = 4.761860.
  EXPECT_NEAR(ndcg_at(kRanking, kJudged, 10), 0.487932, 1e-6);
  EXPECT_DOUBLE_EQ(ndcg_at(kRanking, kJudged, 1), 0.0);
  EXPECT_DOUBLE_EQ(ndcg_at({"b", "e", "d"}, kJudged, 10), 1.0);
  EXPECT_DOUBLE_EQ(ndcg_at(kRanking, {{"x", 0}}, 10), 0.0);
}

TEST(IrEvalTest, AveragePrecisionDividesByEveryRelevantDocument) {
  // (1/2 + 2/4) / 3 relevant documents.
  EXPECT_NEAR(average_precision_at(kRanking, kJudged, 100), 1.0 / 3, 1e-12);
  // Cut at 2: only b, (1/2) / 3.
  EXPECT_NEAR(average_precision_at(kRanking, kJudged, 2), 1.0 / 6, 1e-12);
}

TEST(IrEvalTest, RecallAndPrecisionCountGradesAboveZero) {
  EXPECT_NEAR(recall_at(kRanking, kJudged, 100), 2.0 / 3, 1e-12);
  EXPECT_NEAR(recall_at(kRanking, kJudged, 3), 1.0 / 3, 1e-12);
  EXPECT_DOUBLE_EQ(precision_at(kRanking, kJudged, 10), 0.2);  // f (grade 0) does not count
  EXPECT_DOUBLE_EQ(precision_at(kRanking, kJudged, 2), 0.5);
  EXPECT_DOUBLE_EQ(precision_at(kRanking, {{"a", -1}}, 1), 0.0);
}

TEST(IrEvalTest, EvaluateAveragesOverJudgedQueriesAndScoresMissingRunsZero) {
  const Qrels qrels = {{"q1", kJudged}, {"q2", {{"z", 1}}}, {"q3", {{"a", 0}}}};
  const std::map<std::string, Ranking> runs = {{"q1", kRanking}, {"q9", {"z"}}};
  const Metrics m = evaluate(runs, qrels);
  EXPECT_EQ(m.queries, 2);  // q3 has no relevant document; q9 is not judged
  EXPECT_NEAR(m.ndcg_10, 0.487932 / 2, 1e-6);
  EXPECT_NEAR(m.map_100, 1.0 / 6, 1e-12);
  EXPECT_NEAR(m.recall_100, 1.0 / 3, 1e-12);
  EXPECT_NEAR(m.p_10, 0.1, 1e-12);
}

TEST(IrEvalTest, TrecRunsRoundTrip) {
  std::ostringstream out;
  write_trec_run(out, "q1", {{"d7", 12.5}, {"d3", 9.25}}, "lectio");
  EXPECT_EQ(out.str(), "q1 Q0 d7 1 12.500000 lectio\nq1 Q0 d3 2 9.250000 lectio\n");
  testing::TempDir dir;
  // Ranks, not file order, decide the ranking.
  const auto file = dir.write("run", "q1 Q0 d3 2 9.25 x\nq1 Q0 d7 1 12.5 x\n\nq2 Q0 d1 1 1 x\n");
  const auto runs = read_trec_run(file.string());
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(runs.at("q1"), (Ranking{"d7", "d3"}));
  const auto bad = dir.write("bad", "q1 Q0 d3\n");
  EXPECT_THROW(read_trec_run(bad.string()), InvalidInput);
}

}  // namespace lectio::eval
