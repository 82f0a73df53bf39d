// Leave-one-article-out figures for `lectio ask`'s answer ranker and refusal model, from the
// dump `lectio_qa_bench QA_DIR WORK --features FILE` writes (one JSON line a question: every
// candidate the ranker scored, its features, whether it holds a gold answer, and FTS5's hits).
//
//   lectio_qa_loao FEATURES.jsonl [--use own,heading,...] [--bar 0.40] [--answered 0.90]
//       [--label gold|answerable] [--no-refusal] [--shipped] [--curve] [--print-model]
//       [--follow-dump] [--follow-bar 0.5] [--conf-extra F,..] [--l2 0.01] [--iterations 250]
//       [--trees N] [--rank-trees N [--rank-rate R] [--rank-min-rows N]] [--skip-turned]
//
// Each fold fits the ranker (a softmax over each answerable question's candidates at or over
// the coverage bar: eval::fit_softmax_ranker) and the refusal model (eval::fit_logistic over
// answer_confidence.h's features of the lead the fold's ranker picks) on 16 articles, sets the
// refusal threshold where those 16 articles' answerable questions are answered at the
// --answered share, and replays pick_answer() on the 17th: the lead is the best-scored
// candidate at or over the bar, refused when a refusal sign turns it round or the model's
// probability is under the threshold; the sentences after it (at half the bar, or
// --follow-bar of it) follow the fold's ranker, as choose() picks them (duplicates aside), or
// with --follow-dump the dump's "fs" order (before 2026-12-03: the hand-set weights).
// --conf-extra F,.. gives the refusal model the lead's ranker features F too (a probe: the
// shipped model reads answer_confidence.h's features only). --trees N fits the refusal model
// as N rounds of boosted depth-two trees (eval/boosted_trees.h) instead of the logistic one;
// --rank-trees N does so for the ranker (pointwise, each eligible candidate "holds a gold
// answer", over the --use features; "all" names every feature); --skip-turned lets a lead that
// a refusal sign turns round give way to the next candidate instead of refusing. Prints
// the pooled figures, each article's, their spread, and with --curve the refusal curve of the
// pooled held-out probabilities. --shipped replays the shipped model (the dump's scores, the
// shipped refusal model) instead of fitting; --print-model fits on every article and prints the
// constants to ship.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <numeric>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "lectio/ask/answer_confidence.h"
#include "lectio/ask/answer_features.h"
#include "lectio/eval/boosted_trees.h"
#include "lectio/eval/linear_models.h"

using namespace lectio;

namespace {

struct Cand {
  int index = 0;  // the candidate's place in the material (document order)
  double cov = 0, follow = 0;
  double shipped = 0;  // the shipped ranker's score ("s"; older dumps: by their order)
  bool turn = false, label = false;
  ask::Features f{};
};

struct Question {
  std::string article;
  bool answerable = false, fts1 = false, fts3 = false;
  std::vector<Cand> cands;  // in the shipped ranking's order
};

struct Config {
  std::vector<std::size_t> use;  // features the ranker reads
  // The defaults are the shipped model's: PickOptions::min_coverage, and the operating point
  // answer_confidence.cpp's threshold was set at.
  double bar = 0.30;
  double answered = 0.93;  // the operating point: share of training answerable questions answered
  bool gold_label = true;  // the refusal model learns "the lead holds a gold answer"
  bool refusal = true;
  bool shipped = false;
  // The sentences after the lead in the fold's fitted ranker's order, as choose() ranks a
  // learner's question since 2026-12-03; false (--follow-dump): the dump's "fs" order.
  bool follow_fitted = true;
  double follow_bar = 0.5;              // ... at this share of the bar
  std::vector<std::size_t> conf_extra;  // the lead's ranker features the refusal model reads too
  eval::FitOptions ranker_fit, refusal_fit;  // --l2, --iterations (both models)
  int trees = 0;  // --trees N: the refusal model as N rounds of boosted trees (a probe)
  // --rank-trees N: the ranker as N rounds of boosted trees over the --use features, fitted
  // pointwise on the eligible candidates ("holds a gold answer"), scored by log-odds (a probe).
  int rank_trees = 0;
  int rank_min_rows = 20;    // --rank-min-rows: the least candidates a leaf may hold
  double rank_rate = 0.1;    // --rank-rate
  bool skip_turned = false;  // --skip-turned: a lead a refusal sign turns round gives way (probe)
};

struct Model {
  ask::Features ranker{};
  eval::LogisticModel confidence;
  std::optional<eval::BoostedTrees> trees;       // the refusal model instead, with --trees
  std::optional<eval::BoostedTrees> rank_trees;  // the ranker instead, with --rank-trees
  std::vector<std::size_t> use;                  // what rank_trees reads
  bool skip_turned = false;
  double threshold = 0;
  bool refusal = false;
  bool shipped = false;
  bool follow_fitted = false;
  double follow_bar = 0.5;
  std::vector<std::size_t> conf_extra;
};

std::vector<Question> load(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error(path + ": cannot open");
  std::vector<Question> out;
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) continue;
    const auto j = nlohmann::json::parse(line);
    Question& q = out.emplace_back();
    q.article = j.at("article");
    q.answerable = j.at("answerable");
    q.fts1 = j.value("fts1", false);
    q.fts3 = j.value("fts3", false);
    const auto names = j.at("names").get<std::vector<std::string>>();
    // An older dump (fewer features, the same first ones) reads with the rest at 0.
    if (names.size() > ask::kFeatureCount ||
        !std::equal(names.begin(), names.end(), ask::kFeatureNames.begin())) {
      throw std::runtime_error(path + ": its features are not this build's (rerun the bench)");
    }
    for (const auto& c : j.at("cands")) {
      Cand& x = q.cands.emplace_back();
      x.index = c.at("i");
      x.cov = c.at("cov");
      x.shipped = c.value("s", -static_cast<double>(q.cands.size()));
      x.follow = c.value("fs", x.shipped);  // dumps before 2026-12-03: the hand-set order
      x.turn = c.at("turn");
      x.label = c.at("label");
      const auto f = c.at("f").get<std::vector<double>>();
      std::copy(f.begin(), f.end(), x.f.begin());
    }
  }
  return out;
}

double score(const Model& m, const Question& q, std::size_t i) {
  if (m.shipped) return q.cands[i].shipped;
  if (m.rank_trees) {
    std::vector<double> x;
    for (std::size_t k : m.use) x.push_back(q.cands[i].f[k]);
    const double p = std::clamp(m.rank_trees->probability(x), 1e-9, 1 - 1e-9);
    return std::log(p / (1 - p));
  }
  double s = 0;
  for (std::size_t k = 0; k < ask::kFeatureCount; ++k) s += m.ranker[k] * q.cands[i].f[k];
  return s;
}

struct Outcome {
  bool answered = false, first = false, whole = false;
  bool has_lead = false;  // a lead passed the bar and the refusal signs
  double probability = 1;
  ask::ConfidenceFeatures features{};
  std::vector<double> x;  // what the fitted refusal model reads
  bool lead_label = false;
  bool lead_whole = false;  // the answer would hold a gold answer, were it given
};

// pick_answer() replayed with the model's ranker and refusal.
Outcome replay(const Model& m, const Question& q, double bar) {
  Outcome o;
  std::vector<ask::RankedCandidate> ranked;
  for (std::size_t i = 0; i < q.cands.size(); ++i) {
    ask::RankedCandidate r;
    r.candidate = static_cast<int>(i);  // index into q.cands
    r.coverage = q.cands[i].cov;
    r.score = score(m, q, i);
    r.features = q.cands[i].f;
    ranked.push_back(r);
  }
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const auto& a, const auto& b) { return a.score > b.score; });
  // As choose() does: a what-is question's defining sentence leads where one carries it.
  const auto usable = [&](const ask::RankedCandidate& r) {
    return r.coverage >= bar &&
           !(m.skip_turned && q.cands[static_cast<std::size_t>(r.candidate)].turn);
  };
  auto lead = std::find_if(ranked.begin(), ranked.end(), [&](const auto& r) {
    return usable(r) && r.features[ask::kDefines] > 0;
  });
  if (lead == ranked.end()) lead = std::find_if(ranked.begin(), ranked.end(), usable);
  if (lead == ranked.end()) return o;
  const Cand& c = q.cands[static_cast<std::size_t>(lead->candidate)];
  if (c.turn) return o;
  o.has_lead = true;
  o.lead_label = c.label;
  o.features =
      ask::confidence_features(ranked, static_cast<std::size_t>(lead - ranked.begin()), bar);
  o.lead_whole = c.label;
  o.x.assign(o.features.begin(), o.features.end());
  for (std::size_t k : m.conf_extra) o.x.push_back(c.f[k]);
  // The sentences after it: the hand-set order, ties in document order, at half the bar.
  std::vector<std::pair<const Cand*, double>> rest;
  for (std::size_t i = 0; i < q.cands.size(); ++i) {
    rest.emplace_back(&q.cands[i], m.follow_fitted ? score(m, q, i) : q.cands[i].follow);
  }
  std::sort(rest.begin(), rest.end(),
            [](const auto& a, const auto& b) { return a.first->index < b.first->index; });
  std::stable_sort(rest.begin(), rest.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  int chosen = 1;
  for (const auto& [x, unused] : rest) {
    if (chosen >= 3) break;
    if (x == &c || x->cov < bar * m.follow_bar) continue;
    ++chosen;
    o.lead_whole = o.lead_whole || x->label;
  }
  if (m.refusal) {
    o.probability = m.shipped ? ask::answer_confidence(o.features)
                    : m.trees ? m.trees->probability(o.x)
                              : m.confidence.probability(o.x);
    if (o.probability < m.threshold) return o;
  }
  o.answered = true;
  o.first = c.label;
  o.whole = o.lead_whole;
  return o;
}

template <class Pick>
std::vector<const Question*> select(const std::vector<Question>& qs, Pick pick) {
  std::vector<const Question*> out;
  for (const Question& q : qs) {
    if (pick(q)) out.push_back(&q);
  }
  return out;
}

Model fit(const std::vector<const Question*>& train, const Config& cfg) {
  Model m;
  m.shipped = cfg.shipped;
  m.follow_fitted = cfg.follow_fitted;
  m.follow_bar = cfg.follow_bar;
  m.conf_extra = cfg.conf_extra;
  m.skip_turned = cfg.skip_turned;
  if (cfg.shipped) {
    m.refusal = cfg.refusal;
    m.threshold = ask::min_answer_confidence();
    return m;
  }
  {
    std::vector<eval::RankGroup> groups;
    for (const Question* q : train) {
      if (!q->answerable) continue;
      eval::RankGroup& g = groups.emplace_back();
      for (const Cand& c : q->cands) {
        if (c.cov < cfg.bar) continue;
        std::vector<double> x;
        for (std::size_t k : cfg.use) x.push_back(c.f[k]);
        g.x.push_back(std::move(x));
        g.label.push_back(c.label);
      }
    }
    if (cfg.rank_trees > 0) {
      std::vector<std::vector<double>> rows;
      std::vector<bool> labels;
      for (const eval::RankGroup& g : groups) {
        rows.insert(rows.end(), g.x.begin(), g.x.end());
        labels.insert(labels.end(), g.label.begin(), g.label.end());
      }
      eval::TreeOptions t;
      t.rounds = cfg.rank_trees;
      t.min_rows = cfg.rank_min_rows;
      t.rate = cfg.rank_rate;
      m.rank_trees = eval::fit_boosted_trees(rows, labels, t);
      m.use = cfg.use;
    } else {
      const std::vector<double> w = eval::fit_softmax_ranker(groups, cfg.ranker_fit);
      for (std::size_t k = 0; k < cfg.use.size(); ++k) m.ranker[cfg.use[k]] = w[k];
    }
  }
  if (!cfg.refusal) return m;
  std::vector<std::vector<double>> x;
  std::vector<bool> y;
  for (const Question* q : train) {
    const Outcome o = replay(m, *q, cfg.bar);
    if (!o.has_lead) continue;
    x.push_back(o.x);
    y.push_back(cfg.gold_label ? q->answerable && o.lead_label : q->answerable);
  }
  if (cfg.trees > 0) {
    eval::TreeOptions t;
    t.rounds = cfg.trees;
    m.trees = eval::fit_boosted_trees(x, y, t);
  } else {
    m.confidence = eval::fit_logistic(x, y, cfg.refusal_fit);
  }
  m.refusal = true;
  // The threshold: the training articles' answerable questions answered at cfg.answered.
  std::vector<double> p;
  int answerable = 0;
  for (const Question* q : train) {
    if (!q->answerable) continue;
    ++answerable;
    const Outcome o = replay(m, *q, cfg.bar);
    if (o.has_lead) p.push_back(o.probability);
  }
  std::sort(p.begin(), p.end(), std::greater<>());
  const auto keep = static_cast<std::size_t>(cfg.answered * answerable);
  m.threshold = keep == 0 || p.empty() ? 1.0 : p[std::min(keep, p.size()) - 1];
  return m;
}

struct Tally {
  int ans = 0, un = 0, first = 0, whole = 0, answered = 0, refused = 0, fts1 = 0, fts3 = 0;
  void add(const Question& q, const Outcome& o) {
    if (!q.answerable) {
      ++un;
      refused += o.answered ? 0 : 1;
      return;
    }
    ++ans;
    first += o.first, whole += o.whole, answered += o.answered;
    fts1 += q.fts1, fts3 += q.fts3;
  }
  static double share(int a, int b) { return b ? double(a) / b : 0.0; }
};

struct Held {
  double probability;
  bool answerable, label, whole, has_lead;
};

void print_spread(const std::map<std::string, Tally>& by,
                  const std::map<std::string, Tally>& base) {
  std::printf("%-30s %5s %5s %6s %6s %6s %6s %6s %6s %6s\n", "article (held out)", "ans", "unans",
              "first", "base", "fts1", "whole", "fts3", "answd", "refus");
  std::vector<double> ratio, whole_ratio;
  int better = 0, worse = 0;
  for (const auto& [a, t] : by) {
    const Tally& b = base.at(a);
    std::printf("%-30s %5d %5d %6.3f %6.3f %6.3f %6.3f %6.3f %6.3f %6.3f\n", a.c_str(), t.ans, t.un,
                Tally::share(t.first, t.ans), Tally::share(b.first, b.ans),
                Tally::share(t.fts1, t.ans), Tally::share(t.whole, t.ans),
                Tally::share(t.fts3, t.ans), Tally::share(t.answered, t.ans),
                Tally::share(t.refused, t.un));
    ratio.push_back(Tally::share(t.first, t.fts1));
    whole_ratio.push_back(Tally::share(t.whole, t.fts3));
    better += t.first > b.first ? 1 : 0;
    worse += t.first < b.first ? 1 : 0;
  }
  const auto spread = [](std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return fmt::format("min {:.3f}  median {:.3f}  max {:.3f}", v.front(), v[v.size() / 2],
                       v.back());
  };
  std::printf("first / fts1 by article: %s\n", spread(ratio).c_str());
  std::printf("whole / fts3 by article: %s\n", spread(whole_ratio).c_str());
  std::printf(
      "first sentence against the shipped model (base, fitted on all): %d articles better, %d "
      "worse, %d same\n",
      better, worse, static_cast<int>(by.size()) - better - worse);
}

void print_curve(std::vector<Held> held) {
  int ans = 0, un = 0;
  for (const Held& h : held) (h.answerable ? ans : un) += 1;
  std::sort(held.begin(), held.end(),
            [](auto& a, auto& b) { return a.probability > b.probability; });
  std::printf(
      "\nrefusal curve (pooled held-out probabilities; answered / refused / first / whole):\n");
  std::printf("%9s %8s %8s %8s %8s\n", "threshold", "answered", "refused", "first", "whole");
  for (double target :
       {1.0, 0.97, 0.95, 0.93, 0.91, 0.90, 0.89, 0.88, 0.87, 0.86, 0.85, 0.82, 0.80, 0.75}) {
    int a = 0, u = 0, f = 0, w = 0;
    double thr = 1;
    for (const Held& h : held) {
      if (!h.has_lead) continue;
      if (double(a) >= target * ans && h.answerable) break;
      thr = h.probability;
      if (h.answerable) {
        ++a, f += h.label, w += h.whole;
      } else {
        ++u;
      }
    }
    std::printf("%9.3f %8.3f %8.3f %8.3f %8.3f\n", thr, Tally::share(a, ans),
                1 - Tally::share(u, un), Tally::share(f, ans), Tally::share(w, ans));
  }
}

void print_model(const Model& m, const Config& cfg) {
  std::printf("\n// kLeadWeights (bar %.2f)\n", cfg.bar);
  for (std::size_t k : cfg.use) {
    std::printf("  w[k%s] = %.4g;\n", std::string(ask::kFeatureNames[k]).c_str(), m.ranker[k]);
  }
  if (!m.refusal) return;
  std::printf("// answer_confidence.cpp kWeights (the bias last), kMinConfidence\n{");
  for (double w : m.confidence.weights) std::printf("%.4g, ", w);
  std::printf("%.4g}\n%.4g\n", m.confidence.bias, m.threshold);
}

// "own,heading,..." as feature indices; `option` names the list in an error.
std::vector<std::size_t> feature_list(const std::string& list, const std::string& option) {
  std::vector<std::size_t> out;
  if (list == "all") {
    for (std::size_t k = 0; k < ask::kFeatureCount; ++k) out.push_back(k);
    return out;
  }
  std::size_t from = 0;
  while (from <= list.size()) {
    const std::size_t to = std::min(list.find(',', from), list.size());
    const std::string name = list.substr(from, to - from);
    const auto it = std::find(ask::kFeatureNames.begin(), ask::kFeatureNames.end(), name);
    if (it == ask::kFeatureNames.end()) throw std::runtime_error(option + ": no feature " + name);
    out.push_back(static_cast<std::size_t>(it - ask::kFeatureNames.begin()));
    from = to + 1;
  }
  return out;
}

Config parse(int argc, char** argv) {
  Config cfg;
  std::string use =
      "own,heading,before,cosine,prior,typed,dangling,near_type,bm25,defines,what_name";
  std::string extra;
  for (int i = 2; i < argc; ++i) {
    const std::string a = argv[i];
    const auto value = [&] {
      if (i + 1 >= argc) throw std::runtime_error(a + ": needs a value");
      return std::string(argv[++i]);
    };
    if (a == "--use")
      use = value();
    else if (a == "--bar")
      cfg.bar = std::stod(value());
    else if (a == "--answered")
      cfg.answered = std::stod(value());
    else if (a == "--label")
      cfg.gold_label = value() == "gold";
    else if (a == "--no-refusal")
      cfg.refusal = false;
    else if (a == "--shipped")
      cfg.shipped = true;
    else if (a == "--follow-dump")
      cfg.follow_fitted = false;
    else if (a == "--trees")
      cfg.trees = std::stoi(value());
    else if (a == "--skip-turned")
      cfg.skip_turned = true;
    else if (a == "--rank-trees")
      cfg.rank_trees = std::stoi(value());
    else if (a == "--rank-min-rows")
      cfg.rank_min_rows = std::stoi(value());
    else if (a == "--rank-rate")
      cfg.rank_rate = std::stod(value());
    else if (a == "--l2")
      cfg.ranker_fit.l2 = cfg.refusal_fit.l2 = std::stod(value());
    else if (a == "--iterations")
      cfg.ranker_fit.iterations = cfg.refusal_fit.iterations = std::stoi(value());
    else if (a == "--conf-extra")
      extra = value();
    else if (a == "--follow-bar")
      cfg.follow_bar = std::stod(value());
    else if (a != "--curve" && a != "--print-model")
      throw std::runtime_error(a + ": unknown option");
  }
  cfg.use = feature_list(use, "--use");
  if (!extra.empty()) cfg.conf_extra = feature_list(extra, "--conf-extra");
  return cfg;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr,
                 "usage: lectio_qa_loao FEATURES.jsonl [--use F,..] [--bar B] [--answered A] "
                 "[--label gold|answerable] [--no-refusal] [--shipped] [--curve] [--print-model] "
                 "[--follow-dump] [--follow-bar B] [--conf-extra F,..] [--l2 L] [--iterations N] "
                 "[--trees N] [--rank-trees N] [--rank-rate R] [--rank-min-rows N] "
                 "[--skip-turned]\n");
    return 2;
  }
  try {
    const Config cfg = parse(argc, argv);
    const std::vector<Question> qs = load(argv[1]);
    std::set<std::string> articles;
    for (const Question& q : qs) articles.insert(q.article);
    Config base_cfg = cfg;
    base_cfg.shipped = true;
    base_cfg.refusal = true;
    const Model base = fit({}, base_cfg);
    Tally pooled, pooled_base;
    std::map<std::string, Tally> by, by_base;
    std::vector<Held> held;
    for (const std::string& a : articles) {
      const Model m = fit(select(qs, [&](const Question& q) { return q.article != a; }), cfg);
      for (const Question* q : select(qs, [&](const Question& q) { return q.article == a; })) {
        const Outcome o = replay(m, *q, cfg.bar);
        const Outcome b = replay(base, *q, cfg.bar);
        pooled.add(*q, o), by[a].add(*q, o);
        pooled_base.add(*q, b), by_base[a].add(*q, b);
        held.push_back({o.probability, q->answerable, o.lead_label, o.lead_whole, o.has_lead});
      }
    }
    const auto line = [](const char* name, const Tally& t) {
      std::printf(
          "%-34s first %.3f (%.3fx fts5 %.3f)  whole %.3f (%.3fx fts5 %.3f)  answered %.3f  "
          "refused %.3f\n",
          name, Tally::share(t.first, t.ans), Tally::share(t.first, t.fts1),
          Tally::share(t.fts1, t.ans), Tally::share(t.whole, t.ans), Tally::share(t.whole, t.fts3),
          Tally::share(t.fts3, t.ans), Tally::share(t.answered, t.ans),
          Tally::share(t.refused, t.un));
    };
    line("shipped model, replayed", pooled_base);
    line("leave-one-article-out", pooled);
    print_spread(by, by_base);
    for (int i = 2; i < argc; ++i) {
      if (std::string(argv[i]) == "--curve" && cfg.refusal) print_curve(held);
      if (std::string(argv[i]) == "--print-model")
        print_model(fit(select(qs, [](auto&) { return true; }), cfg), cfg);
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "lectio_qa_loao: %s\n", e.what());
    return 1;
  }
  return 0;
}
