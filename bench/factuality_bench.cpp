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

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "lectio/eval/linear_models.h"
#include "lectio/grounding/verify.h"
#include "lectio/ingest/ingest.h"
#include "lectio/search/index.h"
#include "lectio/store/store.h"
#include "lectio/text/terms.h"
#include "lectio/text/wordnet.h"

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

using eval::pearson;

struct Row {
  std::string dataset;
  std::string source;
  std::string summary;
  std::string article;
  double human = 0;
};

// What each signal of a sentence's score adds: the Pearson r per dataset of the summaries'
// scores with one signal changed at a time, from the same verification (support and the
// words its chunks do not hold).
void print_signals(const std::vector<Row>& rows, const std::vector<grounding::Verification>& v) {
  const text::WordNet* wordnet = text::WordNet::shared();
  struct Variant {
    std::string name;
    double number, word, unknown, repeat;  // kept per unsupported number, word, word WordNet
                                           // lacks, repeated term
    bool support;                          // start from the support (else 1)
  };
  const std::vector<Variant> variants = {
      {"support alone", 1, 1, 1, 1, true},
      {"unsupported words alone (x0.9 each, numbers x0.5)", 0.5, 0.9, 1, 1, false},
      {"support, numbers x0.5", 0.5, 1, 1, 1, true},
      {"support, words x0.9", 1, 0.9, 1, 1, true},
      {"support, numbers x0.5, words x0.9 (before)", 0.5, 0.9, 1, 1, true},
      {"support, repeated terms x0.9", 1, 1, 1, 0.9, true},
      {"shipped: numbers x0.5, words x0.9, repeats x0.9", 0.5, 0.9, 1, 0.9, true},
      {"shipped, repeats x0.8", 0.5, 0.9, 1, 0.8, true},
      {"shipped + words WordNet lacks x0.8", 0.5, 0.9, 0.8 / 0.9, 0.9, true},
      {"shipped + words WordNet lacks x0.5", 0.5, 0.9, 0.5 / 0.9, 0.9, true},
      {"shipped, numbers x0.7", 0.7, 0.9, 1, 0.9, true},
      {"shipped, numbers x0.3", 0.3, 0.9, 1, 0.9, true},
  };
  std::printf("\n%-52s %8s %8s\n", "signal (Pearson r)", "bbc", "cnndm");
  for (const Variant& x : variants) {
    std::map<std::string, std::vector<double>> human, score;
    for (std::size_t i = 0; i < rows.size(); ++i) {
      double sum = 0;
      int n = 0;
      for (const grounding::VerifiedSentence& s : v[i].sentences) {
        if (text::terms(s.text, "en").empty()) continue;
        double sc = x.support ? s.support : 1.0;
        for (const grounding::UnsupportedTerm& t : s.unsupported) {
          if (t.text.size() < 2) continue;
          if (t.kind == grounding::TermKind::kNumber) {
            sc *= x.number;
            continue;
          }
          sc *= x.word;
          const std::vector<std::string> stem = text::terms(t.text, "en");
          if (wordnet && !stem.empty() && !wordnet->knows(stem.front())) sc *= x.unknown;
        }
        std::vector<std::string> terms = text::terms(s.text, "en");
        const std::size_t all = terms.size();
        std::sort(terms.begin(), terms.end());
        terms.erase(std::unique(terms.begin(), terms.end()), terms.end());
        for (std::size_t k = terms.size(); k < all; ++k) sc *= x.repeat;
        sum += sc;
        ++n;
      }
      human[rows[i].dataset].push_back(rows[i].human);
      score[rows[i].dataset].push_back(n ? sum / n : 0);
    }
    std::printf("%-52s %8.3f %8.3f\n", x.name.c_str(), pearson(score["bbc"], human["bbc"]),
                pearson(score["cnndm"], human["cnndm"]));
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: lectio_factuality_bench ITEMS.jsonl WORK_DIR [--scores FILE]\n");
    return 2;
  }
  const fs::path work = argv[2];
  std::string scores_path;
  bool signals = false;
  std::string dump_path;  // each item's verification, one JSON line, for probing offline
  for (int i = 3; i < argc; ++i) {
    if (std::string(argv[i]) == "--scores" && i + 1 < argc) scores_path = argv[++i];
    if (std::string(argv[i]) == "--signals") signals = true;
    if (std::string(argv[i]) == "--dump" && i + 1 < argc) dump_path = argv[++i];
  }
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
  std::vector<grounding::Verification> checked;
  for (const Row& r : rows) {
    grounding::VerifyOptions options;
    options.source_ids = {r.source};
    options.language = "en";
    checked.push_back(grounding::verify_text(r.summary, *store, *index, options));
    const double score = checked.back().score;
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
  if (signals) print_signals(rows, checked);
  if (!dump_path.empty()) {
    std::ofstream dump(dump_path);
    for (std::size_t i = 0; i < rows.size(); ++i) {
      nlohmann::json sentences = nlohmann::json::array();
      for (const auto& s : checked[i].sentences) {
        nlohmann::json un = nlohmann::json::array();
        for (const auto& t : s.unsupported) un.push_back({t.text, static_cast<int>(t.kind)});
        sentences.push_back({{"text", s.text}, {"support", s.support}, {"unsupported", un}});
      }
      dump << nlohmann::json{{"dataset", rows[i].dataset},
                             {"human", rows[i].human},
                             {"source", rows[i].source},
                             {"article", rows[i].article},
                             {"sentences", sentences}}
                  .dump()
           << "\n";
    }
  }
  return 0;
}
