#pragma once
// Retrieval quality measures, computed as trec_eval does: graded judgments are gains for
// nDCG (linear gain, log2 discount); a grade above 0 counts as relevant for the others; MAP
// and recall divide by every relevant document of the query, retrieved or not.
#include <map>
#include <ostream>
#include <string>
#include <vector>

namespace lectio::eval {

using Judgments = std::map<std::string, int>;    // document id -> grade
using Qrels = std::map<std::string, Judgments>;  // query id -> judgments
using Ranking = std::vector<std::string>;        // document ids, best first

[[nodiscard]] double ndcg_at(const Ranking& ranking, const Judgments& judged, std::size_t k);
[[nodiscard]] double average_precision_at(const Ranking& ranking, const Judgments& judged,
                                          std::size_t k);
[[nodiscard]] double recall_at(const Ranking& ranking, const Judgments& judged, std::size_t k);
[[nodiscard]] double precision_at(const Ranking& ranking, const Judgments& judged, std::size_t k);

struct Metrics {
  double ndcg_10 = 0;
  double map_100 = 0;
  double recall_100 = 0;
  double p_10 = 0;
  int queries = 0;  // queries averaged over
};

// Averages over every query of the qrels with at least one relevant document; a query that
// has no ranking scores 0 (trec_eval -c).
[[nodiscard]] Metrics evaluate(const std::map<std::string, Ranking>& runs, const Qrels& qrels);

struct Scored {
  std::string doc_id;
  double score = 0;
};

// Writes one query's ranking as TREC run lines: "qid Q0 docid rank score tag".
void write_trec_run(std::ostream& out, const std::string& query_id,
                    const std::vector<Scored>& ranking, const std::string& tag);

// Reads a TREC run (as written above, or by any other system): rankings ordered by rank.
// Throws InvalidInput naming the file and line when a line is malformed.
[[nodiscard]] std::map<std::string, Ranking> read_trec_run(const std::string& file);

}  // namespace lectio::eval
