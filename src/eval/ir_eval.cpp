#include "lectio/eval/ir_eval.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

#include "lectio/core/error.h"

namespace lectio::eval {

namespace {

int grade(const Judgments& judged, const std::string& doc) {
  const auto it = judged.find(doc);
  return it == judged.end() ? 0 : it->second;
}

std::size_t relevant_count(const Judgments& judged) {
  return static_cast<std::size_t>(
      std::count_if(judged.begin(), judged.end(), [](const auto& j) { return j.second > 0; }));
}

}  // namespace

double ndcg_at(const Ranking& ranking, const Judgments& judged, std::size_t k) {
  double dcg = 0;
  for (std::size_t i = 0; i < std::min(k, ranking.size()); ++i) {
    dcg += std::max(grade(judged, ranking[i]), 0) / std::log2(static_cast<double>(i) + 2);
  }
  std::vector<int> ideal;
  for (const auto& [doc, g] : judged) {
    if (g > 0) ideal.push_back(g);
  }
  std::sort(ideal.begin(), ideal.end(), std::greater<>());
  double idcg = 0;
  for (std::size_t i = 0; i < std::min(k, ideal.size()); ++i) {
    idcg += ideal[i] / std::log2(static_cast<double>(i) + 2);
  }
  return idcg > 0 ? dcg / idcg : 0;
}

double average_precision_at(const Ranking& ranking, const Judgments& judged, std::size_t k) {
  const std::size_t relevant = relevant_count(judged);
  if (relevant == 0) return 0;
  double sum = 0;
  std::size_t found = 0;
  for (std::size_t i = 0; i < std::min(k, ranking.size()); ++i) {
    if (grade(judged, ranking[i]) <= 0) continue;
    ++found;
    sum += static_cast<double>(found) / static_cast<double>(i + 1);
  }
  return sum / static_cast<double>(relevant);
}

double recall_at(const Ranking& ranking, const Judgments& judged, std::size_t k) {
  const std::size_t relevant = relevant_count(judged);
  if (relevant == 0) return 0;
  std::size_t found = 0;
  for (std::size_t i = 0; i < std::min(k, ranking.size()); ++i) {
    if (grade(judged, ranking[i]) > 0) ++found;
  }
  return static_cast<double>(found) / static_cast<double>(relevant);
}

double precision_at(const Ranking& ranking, const Judgments& judged, std::size_t k) {
  if (k == 0) return 0;
  std::size_t found = 0;
  for (std::size_t i = 0; i < std::min(k, ranking.size()); ++i) {
    if (grade(judged, ranking[i]) > 0) ++found;
  }
  return static_cast<double>(found) / static_cast<double>(k);
}

Metrics evaluate(const std::map<std::string, Ranking>& runs, const Qrels& qrels) {
  Metrics m;
  const Ranking none;
  for (const auto& [query, judged] : qrels) {
    if (relevant_count(judged) == 0) continue;
    const auto run = runs.find(query);
    const Ranking& ranking = run == runs.end() ? none : run->second;
    m.ndcg_10 += ndcg_at(ranking, judged, 10);
    m.map_100 += average_precision_at(ranking, judged, 100);
    m.recall_100 += recall_at(ranking, judged, 100);
    m.p_10 += precision_at(ranking, judged, 10);
    ++m.queries;
  }
  if (m.queries == 0) return m;
  m.ndcg_10 /= m.queries;
  m.map_100 /= m.queries;
  m.recall_100 /= m.queries;
  m.p_10 /= m.queries;
  return m;
}

void write_trec_run(std::ostream& out, const std::string& query_id,
                    const std::vector<Scored>& ranking, const std::string& tag) {
  for (std::size_t i = 0; i < ranking.size(); ++i) {
    out << fmt::format("{} Q0 {} {} {:.6f} {}\n", query_id, ranking[i].doc_id, i + 1,
                       ranking[i].score, tag);
  }
}

std::map<std::string, Ranking> read_trec_run(const std::string& file) {
  std::ifstream in(file);
  if (!in) throw NotFound(fmt::format("{}: cannot read the run file", file));
  std::map<std::string, std::vector<std::pair<long, std::string>>> ranked;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    std::istringstream fields(line);
    std::string query, q0, doc, tag;
    long rank = 0;
    double score = 0;
    if (!(fields >> query >> q0 >> doc >> rank >> score)) {
      if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
      throw InvalidInput(fmt::format("{}:{}: not a TREC run line", file, number));
    }
    ranked[query].emplace_back(rank, doc);
  }
  std::map<std::string, Ranking> runs;
  for (auto& [query, docs] : ranked) {
    std::stable_sort(docs.begin(), docs.end());
    Ranking& r = runs[query];
    for (auto& [rank, doc] : docs) r.push_back(std::move(doc));
  }
  return runs;
}

}  // namespace lectio::eval
