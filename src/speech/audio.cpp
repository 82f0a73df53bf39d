#include "lectio/speech/audio.h"

#include <ebur128.h>
#include <soxr.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <deque>
#include <limits>
#include <memory>
#include <numbers>

#include <fmt/format.h>

#include "lectio/core/error.h"

namespace lectio::speech {

namespace {

struct Ebur128Deleter {
  void operator()(ebur128_state* st) const { ebur128_destroy(&st); }
};
using Ebur128Ptr = std::unique_ptr<ebur128_state, Ebur128Deleter>;

double db_to_gain(double db) { return std::pow(10.0, db / 20.0); }
double gain_to_db(double gain) {
  return gain > 0 ? 20.0 * std::log10(gain) : -std::numeric_limits<double>::infinity();
}

void check_rate(int rate, const char* what) {
  if (rate <= 0 || rate > 768000) {
    throw InvalidInput(fmt::format("{}: sample rate {} Hz is out of range", what, rate));
  }
}

void apply_gain(Pcm& pcm, double db) {
  const auto g = static_cast<float>(db_to_gain(db));
  for (float& s : pcm.samples) s *= g;
}

// 4x oversampled peak estimation (as BS.1770-4 Annex 2 does): a Hann-windowed sinc evaluated
// at the three points between each pair of samples. Only samples near the ceiling are
// interpolated, since inter-sample peaks of real audio rarely exceed sample peaks by 6 dB.
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

std::vector<float> true_peak_envelope(const std::vector<float>& x, float gate) {
  static const Kernel kernel = make_kernel();
  const auto n = static_cast<std::ptrdiff_t>(x.size());
  std::vector<float> peak(x.size());
  for (std::ptrdiff_t i = 0; i < n; ++i) {
    float p = std::abs(x[i]);
    const float next = i + 1 < n ? std::abs(x[i + 1]) : 0.0f;
    if (std::max(p, next) >= gate) {
      for (const auto& phase : kernel) {
        float y = 0;
        for (int k = -kHalfTaps + 1; k <= kHalfTaps; ++k) {
          const std::ptrdiff_t j = i + k;
          if (j >= 0 && j < n) y += x[j] * phase[k + kHalfTaps - 1];
        }
        p = std::max(p, std::abs(y));
      }
    }
    peak[i] = p;
  }
  return peak;
}

// Look-ahead limiter on the whole signal (offline, so no latency): the gain needed at each
// sample is held as a minimum over the next `look` samples, released exponentially, then
// averaged over `look` samples. The hold spans the average, so at every peak the gain is at
// most what that peak needs, and the ramp into it is smooth (a 5 ms fade, not a click).
void limit_true_peak(Pcm& pcm, double ceiling) {
  const auto c = static_cast<float>(ceiling);
  const std::vector<float> peak = true_peak_envelope(pcm.samples, c * 0.5f);
  if (std::none_of(peak.begin(), peak.end(), [c](float p) { return p > c; })) return;

  const std::size_t n = peak.size();
  const auto look = static_cast<std::size_t>(std::max(1.0, std::round(0.005 * pcm.sample_rate)));
  const double release = std::exp(-1.0 / (0.080 * pcm.sample_rate));

  // need[i] = gain that brings peak i down to the ceiling.
  std::vector<float> held(n);
  std::deque<std::size_t> window;  // indices with increasing need: a sliding minimum
  auto need = [&](std::size_t i) { return peak[i] > c ? c / peak[i] : 1.0f; };
  for (std::size_t i = n; i-- > 0;) {
    while (!window.empty() && need(window.back()) >= need(i)) window.pop_back();
    window.push_back(i);
    while (window.front() >= i + look) window.pop_front();
    held[i] = need(window.front());
  }

  std::vector<float> env(n);
  double e = 1.0;
  for (std::size_t i = 0; i < n; ++i) {
    e = std::min<double>(held[i], 1.0 - (1.0 - e) * release);
    env[i] = static_cast<float>(e);
  }

  double sum = env[0] * static_cast<double>(look);  // samples before the start count as env[0]
  for (std::size_t i = 0; i < n; ++i) {
    sum += env[i] - (i >= look ? env[i - look] : env[0]);
    pcm.samples[i] *= static_cast<float>(std::min(1.0, sum / static_cast<double>(look)));
  }
}

}  // namespace

Pcm resample(const Pcm& in, int rate) {
  check_rate(in.sample_rate, "resample input");
  check_rate(rate, "resample output");
  if (in.sample_rate == rate) return in;
  Pcm out;
  out.sample_rate = rate;
  if (in.samples.empty()) return out;

  const double ratio = static_cast<double>(rate) / in.sample_rate;
  out.samples.resize(static_cast<std::size_t>(std::llround(in.samples.size() * ratio)));
  const soxr_io_spec_t io = soxr_io_spec(SOXR_FLOAT32_I, SOXR_FLOAT32_I);
  const soxr_quality_spec_t quality = soxr_quality_spec(SOXR_HQ, 0);
  std::size_t done = 0;
  const soxr_error_t err =
      soxr_oneshot(in.sample_rate, rate, 1, in.samples.data(), in.samples.size(), nullptr,
                   out.samples.data(), out.samples.size(), &done, &io, &quality, nullptr);
  if (err) {
    throw Internal(fmt::format("resample {} -> {} Hz: soxr failed: {}", in.sample_rate, rate, err));
  }
  out.samples.resize(done);
  return out;
}

void append_silence(Pcm& pcm, double seconds) {
  check_rate(pcm.sample_rate, "append_silence");
  if (!(seconds >= 0) || seconds > 3600) {
    throw InvalidInput(fmt::format("append_silence: {} seconds is out of range", seconds));
  }
  const auto count = static_cast<std::size_t>(std::llround(seconds * pcm.sample_rate));
  pcm.samples.resize(pcm.samples.size() + count, 0.0f);
}

Loudness measure_loudness(const Pcm& pcm) {
  check_rate(pcm.sample_rate, "measure_loudness");
  Ebur128Ptr st(ebur128_init(1, static_cast<unsigned long>(pcm.sample_rate),
                             EBUR128_MODE_I | EBUR128_MODE_TRUE_PEAK));
  if (!st) throw Internal("measure_loudness: libebur128 could not be initialised");
  if (!pcm.samples.empty() &&
      ebur128_add_frames_float(st.get(), pcm.samples.data(), pcm.samples.size()) != EBUR128_SUCCESS) {
    throw Internal("measure_loudness: libebur128 rejected the samples");
  }
  Loudness result;
  double peak = 0;
  if (ebur128_loudness_global(st.get(), &result.integrated_lufs) != EBUR128_SUCCESS ||
      ebur128_true_peak(st.get(), 0, &peak) != EBUR128_SUCCESS) {
    throw Internal("measure_loudness: libebur128 could not measure");
  }
  result.true_peak_dbtp = gain_to_db(peak);
  return result;  // silence (or under 400 ms of sound) measures -inf LUFS
}

Loudness normalize_loudness(Pcm& pcm, double target_lufs, double ceiling_dbtp) {
  if (!(target_lufs < 0) || !(ceiling_dbtp <= 0)) {
    throw InvalidInput(fmt::format("normalize_loudness: target {} LUFS / ceiling {} dBTP is invalid",
                                   target_lufs, ceiling_dbtp));
  }
  Loudness m = measure_loudness(pcm);
  if (!std::isfinite(m.integrated_lufs)) return m;  // silence: nothing to scale

  // The limiter aims a little below the ceiling: its 4x estimate can read a hair under
  // libebur128's, and the gain ramps move inter-sample peaks slightly.
  const double limit = db_to_gain(ceiling_dbtp - 0.3);
  // Limiting lowers the loudness, so the gain is corrected and the limiter run again; speech
  // settles within 0.1 LU in two or three passes.
  for (int pass = 0; pass < 4; ++pass) {
    apply_gain(pcm, target_lufs - m.integrated_lufs);
    limit_true_peak(pcm, limit);
    m = measure_loudness(pcm);
    if (std::abs(m.integrated_lufs - target_lufs) <= 0.1 && m.true_peak_dbtp <= ceiling_dbtp) {
      return m;
    }
  }
  // Rare: peaks the estimate missed. The ceiling is the hard promise; loudness gives way.
  if (m.true_peak_dbtp > ceiling_dbtp) {
    apply_gain(pcm, ceiling_dbtp - m.true_peak_dbtp - 0.05);
    m = measure_loudness(pcm);
  }
  return m;
}

}  // namespace lectio::speech
