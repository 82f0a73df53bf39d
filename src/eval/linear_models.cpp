#include "lectio/eval/linear_models.h"

#include <algorithm>
#include <cmath>

#include "lectio/core/error.h"

namespace lectio::eval {

namespace {

struct Scale {
  std::vector<double> mean, sd;
};

Scale scale_of(const std::vector<const std::vector<double>*>& rows) {
  Scale s;
  if (rows.empty()) return s;
  const std::size_t d = rows.front()->size();
  s.mean.assign(d, 0);
  s.sd.assign(d, 0);
  const double n = static_cast<double>(rows.size());
  for (const auto* r : rows) {
    for (std::size_t k = 0; k < d; ++k) s.mean[k] += (*r)[k] / n;
  }
  for (const auto* r : rows) {
    for (std::size_t k = 0; k < d; ++k)
      s.sd[k] += ((*r)[k] - s.mean[k]) * ((*r)[k] - s.mean[k]) / n;
  }
  for (double& v : s.sd) v = v > 1e-12 ? std::sqrt(v) : 1.0;
  return s;
}

std::vector<double> standardised(const std::vector<double>& x, const Scale& s) {
  std::vector<double> z(x.size());
  for (std::size_t k = 0; k < x.size(); ++k) z[k] = (x[k] - s.mean[k]) / s.sd[k];
  return z;
}

double dot(const std::vector<double>& w, const std::vector<double>& x) {
  double s = 0;
  for (std::size_t k = 0; k < w.size(); ++k) s += w[k] * x[k];
  return s;
}

// One Adam step on `w` (and its moments) for gradient `g`.
struct Adam {
  explicit Adam(std::size_t d) : m(d, 0), v(d, 0) {}
  void step(std::vector<double>& w, const std::vector<double>& g, double rate, int t) {
    for (std::size_t k = 0; k < w.size(); ++k) {
      m[k] = 0.9 * m[k] + 0.1 * g[k];
      v[k] = 0.999 * v[k] + 0.001 * g[k] * g[k];
      const double mh = m[k] / (1 - std::pow(0.9, t));
      const double vh = v[k] / (1 - std::pow(0.999, t));
      w[k] -= rate * mh / (std::sqrt(vh) + 1e-8);
    }
  }
  std::vector<double> m, v;
};

}  // namespace

std::vector<double> fit_softmax_ranker(const std::vector<RankGroup>& groups,
                                       const FitOptions& options) {
  std::vector<const std::vector<double>*> rows;
  for (const RankGroup& g : groups) {
    for (const auto& x : g.x) rows.push_back(&x);
  }
  if (rows.empty()) return {};
  const Scale s = scale_of(rows);
  const std::size_t d = s.mean.size();
  std::vector<RankGroup> z;
  for (const RankGroup& g : groups) {
    const long right = std::count(g.label.begin(), g.label.end(), true);
    if (right == 0 || right == static_cast<long>(g.label.size())) continue;
    RankGroup& out = z.emplace_back();
    for (const auto& x : g.x) out.x.push_back(standardised(x, s));
    out.label = g.label;
  }
  std::vector<double> w(d, 0);
  if (z.empty()) return w;
  Adam adam(d);
  const double n = static_cast<double>(z.size());
  std::vector<double> score;
  std::vector<double> e;
  for (int t = 1; t <= options.iterations; ++t) {
    std::vector<double> grad(d);
    for (std::size_t k = 0; k < d; ++k) grad[k] = options.l2 * w[k];
    for (const RankGroup& g : z) {
      score.resize(g.x.size());
      for (std::size_t i = 0; i < g.x.size(); ++i) score[i] = dot(w, g.x[i]);
      const double top = *std::max_element(score.begin(), score.end());
      e.resize(score.size());
      double total = 0, right = 0;
      for (std::size_t i = 0; i < score.size(); ++i) {
        e[i] = std::exp(score[i] - top);
        total += e[i];
        right += g.label[i] ? e[i] : 0;
      }
      // d(-log P(right)) / d score_i = p_i - p_i|right.
      for (std::size_t i = 0; i < score.size(); ++i) {
        const double gi = e[i] / total - (g.label[i] ? e[i] / right : 0.0);
        if (gi == 0) continue;
        for (std::size_t k = 0; k < d; ++k) grad[k] += gi * g.x[i][k] / n;
      }
    }
    adam.step(w, grad, options.rate, t);
  }
  for (std::size_t k = 0; k < d; ++k) w[k] /= s.sd[k];
  return w;
}

double LogisticModel::probability(const std::vector<double>& x) const {
  return 1.0 / (1.0 + std::exp(-(bias + dot(weights, x))));
}

LogisticModel fit_logistic(const std::vector<std::vector<double>>& x,
                           const std::vector<bool>& label, const FitOptions& options) {
  if (x.empty() || x.size() != label.size()) {
    throw InvalidInput("logistic fit: needs as many labels as rows, and at least one");
  }
  std::vector<const std::vector<double>*> rows;
  for (const auto& r : x) rows.push_back(&r);
  const Scale s = scale_of(rows);
  const std::size_t d = s.mean.size();
  std::vector<std::vector<double>> z;
  z.reserve(x.size());
  for (const auto& r : x) z.push_back(standardised(r, s));
  std::vector<double> w(d + 1, 0);  // the bias last, not regularised
  Adam adam(d + 1);
  const double n = static_cast<double>(z.size());
  for (int t = 1; t <= options.iterations; ++t) {
    std::vector<double> grad(d + 1, 0);
    for (std::size_t k = 0; k < d; ++k) grad[k] = options.l2 * w[k];
    for (std::size_t i = 0; i < z.size(); ++i) {
      double a = w[d];
      for (std::size_t k = 0; k < d; ++k) a += w[k] * z[i][k];
      const double g = 1.0 / (1.0 + std::exp(-a)) - (label[i] ? 1.0 : 0.0);
      for (std::size_t k = 0; k < d; ++k) grad[k] += g * z[i][k] / n;
      grad[d] += g / n;
    }
    adam.step(w, grad, options.rate, t);
  }
  LogisticModel m;
  m.bias = w[d];
  for (std::size_t k = 0; k < d; ++k) {
    m.weights.push_back(w[k] / s.sd[k]);
    m.bias -= w[k] * s.mean[k] / s.sd[k];
  }
  return m;
}

double pearson(const std::vector<double>& x, const std::vector<double>& y) {
  if (x.size() != y.size() || x.size() < 2) return 0;
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

}  // namespace lectio::eval
