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
// Beside verify's r, its 95% interval by resampling the articles (pearson_interval()).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "lectio/eval/linear_models.h"
#include "lectio/grounding/verify.h"
#include "lectio/ingest/ingest.h"
#include "lectio/search/index.h"
#include "lectio/store/store.h"
#include "lectio/text/sentences.h"
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

// A 95% interval for Pearson's r of `x` and `y` (items of one dataset): the 2.5th and 97.5th
// percentiles over 2,000 resamples of the articles with replacement, each bringing all its
// summaries (one article's summaries are judged against one text, so they are not independent
// draws). Fixed seed: the same items give the same interval.
std::pair<double, double> pearson_interval(const std::vector<double>& x,
                                           const std::vector<double>& y,
                                           const std::vector<std::string>& article) {
  std::map<std::string, std::vector<std::size_t>> by;
  for (std::size_t i = 0; i < article.size(); ++i) by[article[i]].push_back(i);
  std::vector<const std::vector<std::size_t>*> groups;
  for (const auto& [a, items] : by) groups.push_back(&items);
  std::mt19937 random(33);
  std::uniform_int_distribution<std::size_t> pick(0, groups.size() - 1);
  std::vector<double> rs;
  for (int b = 0; b < 2000; ++b) {
    std::vector<double> bx, by_;
    for (std::size_t g = 0; g < groups.size(); ++g) {
      for (std::size_t i : *groups[pick(random)]) bx.push_back(x[i]), by_.push_back(y[i]);
    }
    rs.push_back(pearson(bx, by_));
  }
  std::sort(rs.begin(), rs.end());
  return {rs[rs.size() * 25 / 1000], rs[rs.size() * 975 / 1000]};
}

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
    double apart = 1;  // kept per pair of the sentence's adjacent content terms, each in the
                       // article, that no sentence of the article holds together (a relation
                       // the article does not state)
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
      {"shipped + adjacent terms no sentence joins x0.9", 0.5, 0.9, 1, 0.9, true, 0.9},
      {"shipped + adjacent terms no sentence joins x0.8", 0.5, 0.9, 1, 0.9, true, 0.8},
  };
  // Each article's sentences as term sets, and every term it holds.
  std::map<std::string, std::pair<std::vector<std::set<std::string>>, std::set<std::string>>> art;
  for (const Row& r : rows) {
    auto& [sentences, all] = art[r.source];
    if (!all.empty()) continue;
    for (const std::string& sentence : text::sentences(r.article, "en")) {
      const std::vector<std::string> t = text::terms(sentence, "en");
      sentences.emplace_back(t.begin(), t.end());
      all.insert(t.begin(), t.end());
    }
  }
  const auto apart = [&](const Row& r, const std::string& sentence) {
    const auto& [sentences, all] = art.at(r.source);
    const std::vector<std::string> t = text::terms(sentence, "en");
    int n = 0;
    for (std::size_t k = 0; k + 1 < t.size(); ++k) {
      if (t[k] == t[k + 1] || !all.contains(t[k]) || !all.contains(t[k + 1])) continue;
      const bool joined = std::any_of(sentences.begin(), sentences.end(), [&](const auto& s) {
        return s.contains(t[k]) && s.contains(t[k + 1]);
      });
      n += joined ? 0 : 1;
    }
    return n;
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
        if (x.apart < 1) sc *= std::pow(x.apart, apart(rows[i], s.text));
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
  std::map<std::string, std::vector<std::string>> article_of;
  std::vector<grounding::Verification> checked;
  for (const Row& r : rows) {
    grounding::VerifyOptions options;
    options.source_ids = {r.source};
    options.language = "en";
    checked.push_back(grounding::verify_text(r.summary, *store, *index, options));
    const double score = checked.back().score;
    const double r1 = rouge1_precision(r.summary, r.article);
    human[r.dataset].push_back(r.human);
    article_of[r.dataset].push_back(r.source);
    ours[r.dataset].push_back(score);
    rouge[r.dataset].push_back(r1);
    if (scores) scores << fmt::format("{}\t{}\t{:.4f}\t{:.4f}\n", r.dataset, r.human, score, r1);
  }
  nlohmann::ordered_json out;
  std::printf("%-8s %6s %14s %16s %18s\n", "dataset", "items", "lectio verify", "ROUGE-1 prec.",
              "verify 95% interval");
  for (const auto& [ds, h] : human) {
    const double p_ours = pearson(ours[ds], h);
    const double p_rouge = pearson(rouge[ds], h);
    const auto [low, high] = pearson_interval(ours[ds], h, article_of[ds]);
    out[ds] = {{"items", h.size()},
               {"pearson_verify", p_ours},
               {"pearson_verify_95", {low, high}},
               {"pearson_rouge1_p", p_rouge}};
    std::printf("%-8s %6zu %14.3f %16.3f %11.3f..%.3f\n", ds.c_str(), h.size(), p_ours, p_rouge,
                low, high);
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
