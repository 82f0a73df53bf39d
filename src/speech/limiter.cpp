#include "limiter.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <deque>
#include <numbers>
#include <utility>

namespace lectio::speech {

namespace {

// 4x oversampled peak estimation, as BS.1770-4 Annex 2 does: a Hann-windowed sinc evaluated
// at the three points between each pair of samples.
constexpr int kOversample = 4;
constexpr int kHalfTaps = 12;
using Kernel = std::array<std::array<float, 2 * kHalfTaps>, kOversample - 1>;

Kernel make_kernel() {
  Kernel kernel{};
  for (int p = 1; p < kOversample; ++p) {
    const double t = static_cast<double>(p) / kOversample;
    for (int k = -kHalfTaps + 1; k <= kHalfTaps; ++k) {
      const double u = t - k;  // distance from sample n+k to the point n+t
      const double sinc = std::sin(std::numbers::pi * u) / (std::numbers::pi * u);
      const double window = 0.5 * (1.0 + std::cos(std::numbers::pi * u / kHalfTaps));
      kernel[p - 1][k + kHalfTaps - 1] = static_cast<float>(sinc * window);
    }
  }
  return kernel;
}

const Kernel& kernel() {
  static const Kernel k = make_kernel();
  return k;
}

// Largest magnitude on [i, i+1), sample and interpolated. Interpolation runs only when the
// samples come within 6 dB of `gate`: inter-sample peaks of real audio rarely exceed the
// sample peaks by more, and skipping it keeps quiet stretches cheap.
float peak_at(const std::vector<float>& x, std::size_t i, float gate) {
  const auto n = static_cast<std::ptrdiff_t>(x.size());
  const auto at = static_cast<std::ptrdiff_t>(i);
  float p = std::abs(x[i]);
  const float next = at + 1 < n ? std::abs(x[i + 1]) : 0.0f;
  if (std::max(p, next) < gate * 0.5f) return p;
  const Kernel& kernel = lectio::speech::kernel();
  if (at - kHalfTaps + 1 >= 0 && at + kHalfTaps < n) {
    // Away from the ends: eight partial sums per phase, a fixed-size inner loop that -O2
    // turns into vector instructions (this runs for every loud sample, in every pass).
    constexpr int kLanes = 8;
    static_assert(2 * kHalfTaps % kLanes == 0);
    const float* w = x.data() + (at - kHalfTaps + 1);
    for (const auto& phase : kernel) {
      std::array<float, kLanes> sums{};
      for (int k = 0; k < 2 * kHalfTaps; k += kLanes) {
        for (int j = 0; j < kLanes; ++j) sums[j] += w[k + j] * phase[k + j];
      }
      float y = 0;
      for (const float v : sums) y += v;
      p = std::max(p, std::abs(y));
    }
    return p;
  }
  for (const auto& phase : kernel) {
    float y = 0;
    for (int k = -kHalfTaps + 1; k <= kHalfTaps; ++k) {
      const std::ptrdiff_t j = at + k;
      if (j >= 0 && j < n) y += x[static_cast<std::size_t>(j)] * phase[k + kHalfTaps - 1];
    }
    p = std::max(p, std::abs(y));
  }
  return p;
}

}  // namespace

// The gain needed at each sample (ceiling / peak) is held as a minimum over the next `look`
// samples, released exponentially, then averaged over `look` samples. The hold spans the
// average, so at every peak the gain is at most what that peak needs, and the way into it is
// a smooth 5 ms ramp rather than a click. Reading ahead only touches samples after the one
// being written (look > kHalfTaps), so writing back in place is safe.
void limit_true_peak(std::vector<float>& samples, int sample_rate, double gain, double ceiling,
                     bool write_back, const BlockSink& sink) {
  const std::size_t n = samples.size();
  if (n == 0) return;
  const auto look = std::max<std::size_t>(kHalfTaps + 1, std::lround(0.005 * sample_rate));
  const double release = std::exp(-1.0 / (0.080 * sample_rate));
  const auto gate = static_cast<float>(ceiling / gain);  // the ceiling before the gain

  std::deque<std::pair<std::size_t, float>> window;  // (index, need), need increasing
  std::size_t next = 0;                              // next index whose need is queued
  std::vector<float> ring(look);
  double sum = 0;
  double envelope = 1.0;
  std::array<float, 4096> block{};
  std::size_t filled = 0;

  for (std::size_t i = 0; i < n; ++i) {
    for (; next < std::min(n, i + look); ++next) {
      const float peak = peak_at(samples, next, gate);
      const float need = peak > gate ? gate / peak : 1.0f;
      while (!window.empty() && window.back().second >= need) window.pop_back();
      window.emplace_back(next, need);
    }
    while (window.front().first < i) window.pop_front();

    envelope = std::min<double>(window.front().second, 1.0 - (1.0 - envelope) * release);
    if (i == 0) {
      std::fill(ring.begin(), ring.end(), static_cast<float>(envelope));
      sum = envelope * static_cast<double>(look);
    }
    float& slot = ring[i % look];
    sum += envelope - slot;
    slot = static_cast<float>(envelope);

    const double smoothed = std::min(1.0, sum / static_cast<double>(look));
    const auto y = static_cast<float>(samples[i] * gain * smoothed);
    if (write_back) samples[i] = y;
    block[filled++] = y;
    if (filled == block.size() || i + 1 == n) {
      if (sink) sink(block.data(), filled);
      filled = 0;
    }
  }
}

// Two passes: the sample peak, then interpolation only where a pair of samples comes within
// 6 dB of it (peak_at's gate), so the cost follows the loudest syllables, not the length.
float true_peak(const std::vector<float>& samples) {
  float sample_peak = 0;
  for (const float x : samples) sample_peak = std::max(sample_peak, std::abs(x));
  float peak = sample_peak;
  for (std::size_t i = 0; i < samples.size(); ++i) {
    peak = std::max(peak, peak_at(samples, i, sample_peak));
  }
  return peak;
}

GainFound search_gain(double unprocessed_lufs, double target_lufs,
                      const std::function<double(double gain_db)>& limited_lufs) {
  GainFound found{target_lufs - unprocessed_lufs, 0};
  const double max_gain_db = found.gain_db + 10.0;
  found.lufs = limited_lufs(found.gain_db);
  double slope = 1.0;  // loudness gained per dB of gain, 1 where nothing is limited
  for (int pass = 0; pass < 4 && std::isfinite(found.lufs); ++pass) {
    const double missing = target_lufs - found.lufs;
    if (std::abs(missing) <= 0.05) break;
    // Over the target (rounding): a plain cut, which the limiter passes untouched.
    const double step =
        missing < 0 ? missing : std::min(max_gain_db - found.gain_db, missing / slope);
    if (std::abs(step) <= 1e-3) break;  // pinned at the cap
    const double lufs = limited_lufs(found.gain_db + step);
    slope = std::clamp((lufs - found.lufs) / step, 0.05, 1.0);
    found.gain_db += step;
    found.lufs = lufs;
  }
  return found;
}

}  // namespace lectio::speech
