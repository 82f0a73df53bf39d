// Factual consistency on FRANK (../shared/eval/factuality-dev): how well `lectio verify`'s
// score follows human factuality judgements, beside ROUGE-1 precision against the article.
//
//   lectio_factuality_bench ITEMS.jsonl WORK_DIR [--scores FILE]
//
// Every distinct article (`article_lines`, one paragraph a line) is added as a source to a
// fresh store in WORK_DIR; each model summary is verified against its own article alone with
// verify_text(). Reports the Pearson correlation of the score with the human `factuality`
// score per `dataset`. ROUGE-1 precision: the share of the summary's lower-cased [a-z0-9]
// tokens found in the article, counts clipped. --scores writes dataset, human, ours, rouge.
#include <fmt/format.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "lectio/grounding/verify.h"
#include "lectio/ingest/ingest.h"
#include "lectio/search/index.h"
#include "lectio/store/store.h"

namespace fs = std::filesystem;
using namespace lectio;

namespace {

std::vector<std::string> tokens(std::string_view s) {
  std::vector<std::string> out;
  std::string w;
  for (unsigned char c : s) {
    const char l = static_cast<char>(std::tolower(c));
    if ((l >= 'a' && l <= 'z') || (l >= '0' && l <= '9')) {
      w.push_back(l);
    } else if (!w.empty()) {
      out.push_back(std::move(w));
      w.clear();
    }
  }
  if (!w.empty()) out.push_back(std::move(w));
  return out;
}

double rouge1_precision(const std::string& summary, const std::string& article) {
  std::map<std::string, int> have;
  for (auto& t : tokens(article)) ++have[t];
  const auto s = tokens(summary);
  if (s.empty()) return 0;
  int hit = 0;
  for (const auto& t : s) {
    auto it = have.find(t);
    if (it != have.end() && it->second > 0) {
      --it->second;
      ++hit;
    }
  }
  return double(hit) / double(s.size());
}

double pearson(const std::vector<double>& x, const std::vector<double>& y) {
  const double n = static_cast<double>(x.size());
  double mx = 0, my = 0;
  for (std::size_t i = 0; i < x.size(); ++i) mx += x[i] / n, my += y[i] / n;
  double sxy = 0, sxx = 0, syy = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    sxy += (x[i] - mx) * (y[i] - my);
    sxx += (x[i] - mx) * (x[i] - mx);
    syy += (y[i] - my) * (y[i] - my);
  }
  return sxx > 0 && syy > 0 ? sxy / std::sqrt(sxx * syy) : 0;
}

struct Row {
  std::string dataset;
  std::string source;
  std::string summary;
  std::string article;
  double human = 0;
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: lectio_factuality_bench ITEMS.jsonl WORK_DIR [--scores FILE]\n");
    return 2;
  }
  const fs::path work = argv[2];
  const std::string scores_path = argc >= 5 && std::string(argv[3]) == "--scores" ? argv[4] : "";
  fs::remove_all(work);
  fs::create_directories(work / "articles");
  auto store = store::open_content_store(work / "data");

  std::map<std::string, std::string> source_of;  // article text -> source id
  std::vector<Row> rows;
  std::ifstream in(argv[1]);
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) continue;
    const auto j = nlohmann::json::parse(line);
    std::string article;
    for (const auto& l : j.at("article_lines")) article += l.get<std::string>() + "\n\n";
    auto [it, fresh] = source_of.try_emplace(article, "");
    if (fresh) {
      const std::string id = fmt::format("a{:03}", source_of.size());
      const fs::path file = work / "articles" / (id + ".md");
      std::ofstream(file) << article;
      ingest::AddOptions add;
      add.id = id;
      it->second = ingest::add_file(*store, file, add).put.source_id;
    }
    rows.push_back({j.at("dataset"), it->second, j.at("summary"), article, j.at("factuality")});
  }
  auto index = search::open_index(*store, work / "data");

  std::ofstream scores;
  if (!scores_path.empty()) scores.open(scores_path);
  std::map<std::string, std::vector<double>> human, ours, rouge;
  for (const Row& r : rows) {
    grounding::VerifyOptions options;
    options.source_ids = {r.source};
    options.language = "en";
    const double score = grounding::verify_text(r.summary, *store, *index, options).score;
    const double r1 = rouge1_precision(r.summary, r.article);
    human[r.dataset].push_back(r.human);
    ours[r.dataset].push_back(score);
    rouge[r.dataset].push_back(r1);
    if (scores) scores << fmt::format("{}\t{}\t{:.4f}\t{:.4f}\n", r.dataset, r.human, score, r1);
  }
  nlohmann::ordered_json out;
  std::printf("%-8s %6s %14s %16s\n", "dataset", "items", "lectio verify", "ROUGE-1 prec.");
  for (const auto& [ds, h] : human) {
    const double p_ours = pearson(ours[ds], h);
    const double p_rouge = pearson(rouge[ds], h);
    out[ds] = {{"items", h.size()}, {"pearson_verify", p_ours}, {"pearson_rouge1_p", p_rouge}};
    std::printf("%-8s %6zu %14.3f %16.3f\n", ds.c_str(), h.size(), p_ours, p_rouge);
  }
  std::printf("%s\n", out.dump().c_str());
  return 0;
}
