#include "lectio/eval/boosted_trees.h"

#include <algorithm>
#include <cmath>

#include "lectio/core/error.h"

namespace lectio::eval {

namespace {

double sigmoid(double a) {
  return 1.0 / (1.0 + std::exp(-a));
}

// Each feature's candidate thresholds: up to `bins` distinct quantiles of its values.
std::vector<std::vector<double>> cuts_of(const std::vector<std::vector<double>>& x, int bins) {
  std::vector<std::vector<double>> out(x.front().size());
  std::vector<double> v(x.size());
  for (std::size_t k = 0; k < out.size(); ++k) {
    for (std::size_t i = 0; i < x.size(); ++i) v[i] = x[i][k];
    std::sort(v.begin(), v.end());
    for (int b = 1; b < bins; ++b) {
      const double c = v[v.size() * static_cast<std::size_t>(b) / static_cast<std::size_t>(bins)];
      if (c < v.back() && (out[k].empty() || c > out[k].back())) out[k].push_back(c);
    }
  }
  return out;
}

struct Split {
  int feature = -1;
  double threshold = 0;
  double gain = 0;
};

// The best split of `rows` by the Newton gain; feature -1 when none leaves min_rows a side.
Split best_split(const std::vector<std::vector<double>>& x, const std::vector<double>& g,
                 const std::vector<double>& h, const std::vector<std::size_t>& rows,
                 const std::vector<std::vector<double>>& cuts, const TreeOptions& o) {
  double gs = 0, hs = 0;
  for (std::size_t i : rows) gs += g[i], hs += h[i];
  const double whole = gs * gs / (hs + o.lambda);
  Split best;
  for (std::size_t k = 0; k < cuts.size(); ++k) {
    const std::vector<double>& c = cuts[k];
    if (c.empty()) continue;
    std::vector<double> gb(c.size() + 1, 0), hb(c.size() + 1, 0);
    std::vector<int> nb(c.size() + 1, 0);
    for (std::size_t i : rows) {
      const auto b =
          static_cast<std::size_t>(std::lower_bound(c.begin(), c.end(), x[i][k]) - c.begin());
      gb[b] += g[i], hb[b] += h[i], ++nb[b];
    }
    double gl = 0, hl = 0;
    int nl = 0;
    for (std::size_t b = 0; b < c.size(); ++b) {
      gl += gb[b], hl += hb[b], nl += nb[b];
      const int nr = static_cast<int>(rows.size()) - nl;
      if (nl < o.min_rows || nr < o.min_rows) continue;
      const double gr = gs - gl, hr = hs - hl;
      const double gain = gl * gl / (hl + o.lambda) + gr * gr / (hr + o.lambda) - whole;
      if (gain > best.gain) best = {static_cast<int>(k), c[b], gain};
    }
  }
  return best;
}

}  // namespace

double BoostedTrees::probability(const std::vector<double>& x) const {
  double a = base;
  for (const Tree& t : trees) {
    const int side = x[static_cast<std::size_t>(t.feature)] <= t.threshold ? 0 : 1;
    const int leaf =
        x[static_cast<std::size_t>(t.child_feature[side])] <= t.child_threshold[side] ? 0 : 1;
    a += t.leaf[side * 2 + leaf];
  }
  return sigmoid(a);
}

BoostedTrees fit_boosted_trees(const std::vector<std::vector<double>>& x,
                               const std::vector<bool>& label, const TreeOptions& options) {
  if (x.empty() || x.size() != label.size()) {
    throw InvalidInput("boosted trees fit: needs as many labels as rows, and at least one");
  }
  const std::size_t n = x.size();
  double positive = 0;
  for (bool y : label) positive += y ? 1 : 0;
  const double p0 = std::clamp(positive / static_cast<double>(n), 1e-6, 1 - 1e-6);
  BoostedTrees model;
  model.base = std::log(p0 / (1 - p0));
  const std::vector<std::vector<double>> cuts = cuts_of(x, options.bins);
  std::vector<double> a(n, model.base), g(n), h(n);
  std::vector<std::size_t> all(n);
  for (std::size_t i = 0; i < n; ++i) all[i] = i;
  for (int round = 0; round < options.rounds; ++round) {
    for (std::size_t i = 0; i < n; ++i) {
      const double p = sigmoid(a[i]);
      g[i] = (label[i] ? 1.0 : 0.0) - p;
      h[i] = std::max(p * (1 - p), 1e-6);
    }
    const Split root = best_split(x, g, h, all, cuts, options);
    if (root.feature < 0) break;
    BoostedTrees::Tree t;
    t.feature = root.feature;
    t.threshold = root.threshold;
    std::vector<std::size_t> side[2];
    for (std::size_t i : all)
      side[x[i][static_cast<std::size_t>(root.feature)] <= root.threshold ? 0 : 1].push_back(i);
    for (int s = 0; s < 2; ++s) {
      const Split child = best_split(x, g, h, side[s], cuts, options);
      // No split that keeps min_rows a side: both leaves the same (feature 0, +inf).
      t.child_feature[s] = child.feature < 0 ? 0 : child.feature;
      t.child_threshold[s] = child.feature < 0 ? HUGE_VAL : child.threshold;
      double gs[2] = {0, 0}, hs[2] = {0, 0};
      for (std::size_t i : side[s]) {
        const int l =
            x[i][static_cast<std::size_t>(t.child_feature[s])] <= t.child_threshold[s] ? 0 : 1;
        gs[l] += g[i], hs[l] += h[i];
      }
      for (int l = 0; l < 2; ++l)
        t.leaf[s * 2 + l] = options.rate * gs[l] / (hs[l] + options.lambda);
    }
    for (std::size_t i = 0; i < n; ++i) {
      const int s = x[i][static_cast<std::size_t>(t.feature)] <= t.threshold ? 0 : 1;
      const int l =
          x[i][static_cast<std::size_t>(t.child_feature[s])] <= t.child_threshold[s] ? 0 : 1;
      a[i] += t.leaf[s * 2 + l];
    }
    model.trees.push_back(t);
  }
  return model;
}

}  // namespace lectio::eval
