#include "loudness_cells.h"

#include <array>
#include <cmath>
#include <limits>
#include <numbers>

#include "lectio/speech/pcm.h"

namespace lectio::speech {

namespace {

constexpr std::size_t kCellsPerStep = 10;   // 100 ms
constexpr std::size_t kCellsPerBlock = 40;  // 400 ms

// BS.1770's two stages (high shelf, then the RLB high-pass) as one 4th-order filter, with the
// coefficients libebur128 derives for any rate, so both measure the same thing.
struct KWeighting {
  std::array<double, 5> b{};
  std::array<double, 5> a{};

  KWeighting() {
    const double rate = kRenderRate;
    double f0 = 1681.974450955533;
    const double g = 3.999843853973347;
    double q = 0.7071752369554196;
    double k = std::tan(std::numbers::pi * f0 / rate);
    const double vh = std::pow(10.0, g / 20.0);
    const double vb = std::pow(vh, 0.4996667741545416);
    const double a0 = 1.0 + k / q + k * k;
    const std::array<double, 3> pb{(vh + vb * k / q + k * k) / a0, 2.0 * (k * k - vh) / a0,
                                   (vh - vb * k / q + k * k) / a0};
    const std::array<double, 3> pa{1.0, 2.0 * (k * k - 1.0) / a0, (1.0 - k / q + k * k) / a0};
    f0 = 38.13547087602444;
    q = 0.5003270373238773;
    k = std::tan(std::numbers::pi * f0 / rate);
    const std::array<double, 3> rb{1.0, -2.0, 1.0};
    const double d = 1.0 + k / q + k * k;
    const std::array<double, 3> ra{1.0, 2.0 * (k * k - 1.0) / d, (1.0 - k / q + k * k) / d};
    for (int i = 0; i < 3; ++i) {
      for (int j = 0; j < 3; ++j) {
        b[i + j] += pb[i] * rb[j];
        a[i + j] += pa[i] * ra[j];
      }
    }
  }
};

double to_lufs(double mean_square) {
  return mean_square > 0 ? -0.691 + 10.0 * std::log10(mean_square)
                         : -std::numeric_limits<double>::infinity();
}

}  // namespace

std::vector<double> loudness_cells(const float* samples, std::size_t n) {
  static const KWeighting kw;
  std::vector<double> cells(n / kCellSamples);
  std::array<double, 5> v{};  // direct form II state
  for (std::size_t c = 0; c < cells.size(); ++c) {
    double sum = 0;
    for (std::size_t i = c * kCellSamples; i < (c + 1) * kCellSamples; ++i) {
      v[4] = v[3];
      v[3] = v[2];
      v[2] = v[1];
      v[1] = v[0];
      v[0] = samples[i] - kw.a[1] * v[1] - kw.a[2] * v[2] - kw.a[3] * v[3] - kw.a[4] * v[4];
      const double y =
          kw.b[0] * v[0] + kw.b[1] * v[1] + kw.b[2] * v[2] + kw.b[3] * v[3] + kw.b[4] * v[4];
      sum += y * y;
    }
    cells[c] = sum;
  }
  return cells;
}

double integrated_from_cells(const std::vector<double>& cells, double gain_db) {
  const double scale = std::pow(10.0, gain_db / 10.0);
  std::vector<double> blocks;  // mean squares
  for (std::size_t at = 0; at + kCellsPerBlock <= cells.size(); at += kCellsPerStep) {
    double sum = 0;
    for (std::size_t c = at; c < at + kCellsPerBlock; ++c) sum += cells[c];
    blocks.push_back(sum * scale / static_cast<double>(kCellsPerBlock * kCellSamples));
  }
  const auto gated_mean = [&](double threshold_lufs) {
    double sum = 0;
    std::size_t count = 0;
    for (const double e : blocks) {
      if (to_lufs(e) >= threshold_lufs) {
        sum += e;
        ++count;
      }
    }
    return count > 0 ? sum / static_cast<double>(count) : 0.0;
  };
  const double absolute = gated_mean(-70.0);
  if (absolute <= 0) return -std::numeric_limits<double>::infinity();
  return to_lufs(gated_mean(to_lufs(absolute) - 10.0));
}

}  // namespace lectio::speech
