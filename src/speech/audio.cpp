#include "lectio/speech/audio.h"

#include <ebur128.h>
#include <fmt/format.h>
#include <soxr.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

#include "lectio/core/error.h"
#include "limiter.h"

namespace lectio::speech {

namespace {

// One libebur128 meter for one mono signal. True-peak mode costs several times more than
// integrated loudness alone, so callers ask for it only when they report it.
class Meter {
 public:
  Meter(int rate, bool true_peak)
      : st_(ebur128_init(1, static_cast<unsigned long>(rate),
                         EBUR128_MODE_I | (true_peak ? EBUR128_MODE_TRUE_PEAK : 0))) {
    if (!st_) throw Internal("loudness: libebur128 could not be initialised");
  }
  void add(const float* samples, std::size_t n) {
    if (n > 0 && ebur128_add_frames_float(st_.get(), samples, n) != EBUR128_SUCCESS) {
      throw Internal("loudness: libebur128 rejected the samples");
    }
  }
  // -infinity for silence, or under 400 ms of sound.
  double integrated_lufs() const {
    double lufs = 0;
    if (ebur128_loudness_global(st_.get(), &lufs) != EBUR128_SUCCESS) {
      throw Internal("loudness: libebur128 could not measure");
    }
    return lufs;
  }
  double true_peak_dbtp() const {
    double peak = 0;
    if (ebur128_true_peak(st_.get(), 0, &peak) != EBUR128_SUCCESS) {
      throw Internal("loudness: libebur128 could not measure the true peak");
    }
    return peak > 0 ? 20.0 * std::log10(peak) : -std::numeric_limits<double>::infinity();
  }

 private:
  struct Deleter {
    void operator()(ebur128_state* st) const { ebur128_destroy(&st); }
  };
  std::unique_ptr<ebur128_state, Deleter> st_;
};

double db_to_gain(double db) {
  return std::pow(10.0, db / 20.0);
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

// Integrated loudness of the limiter's output for `gain`, without changing the signal.
double loudness_after_limiting(Pcm& pcm, double gain, double ceiling) {
  Meter meter(pcm.sample_rate, false);
  limit_true_peak(pcm.samples, pcm.sample_rate, gain, ceiling, false,
                  [&](const float* block, std::size_t n) { meter.add(block, n); });
  return meter.integrated_lufs();
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
  Meter meter(pcm.sample_rate, true);
  meter.add(pcm.samples.data(), pcm.samples.size());
  return {meter.integrated_lufs(), meter.true_peak_dbtp()};
}

Loudness normalize_loudness(Pcm& pcm, double target_lufs, double ceiling_dbtp) {
  if (!(target_lufs < 0) || !(ceiling_dbtp <= 0)) {
    throw InvalidInput(
        fmt::format("normalize_loudness: target {} LUFS / ceiling {} dBTP is invalid", target_lufs,
                    ceiling_dbtp));
  }
  check_rate(pcm.sample_rate, "normalize_loudness");
  Meter meter(pcm.sample_rate, false);
  meter.add(pcm.samples.data(), pcm.samples.size());
  const double before_lufs = meter.integrated_lufs();
  if (!std::isfinite(before_lufs)) return measure_loudness(pcm);  // silence: nothing to scale

  // The limiter aims a hair below the ceiling: its 4x estimate can read slightly under
  // libebur128's, and the gain ramps move inter-sample peaks a little.
  const double limit = db_to_gain(ceiling_dbtp - 0.1);
  // Limiting takes loudness away, more the harder it works, so the gain that lands on the
  // target after limiting is found by secant steps on dry runs (the signal is untouched).
  double gain_db = target_lufs - before_lufs;
  // Beyond 10 dB more than the plain gain the limiter would be flattening the signal (an
  // impulse train never gets louder, however hard it is pushed): there the ceiling wins.
  const double max_gain_db = gain_db + 10.0;
  double prev_gain_db = 0;
  double prev_lufs = before_lufs;
  for (int pass = 0; pass < 8; ++pass) {
    const double lufs = loudness_after_limiting(pcm, db_to_gain(gain_db), limit);
    if (std::abs(lufs - target_lufs) <= 0.05 || !std::isfinite(lufs)) break;
    // Slope of loudness against gain: 1 without limiting, smaller as the limiter works.
    const double step = gain_db - prev_gain_db;
    const double slope =
        std::abs(step) > 1e-6 ? std::clamp((lufs - prev_lufs) / step, 0.05, 1.0) : 1.0;
    prev_gain_db = gain_db;
    prev_lufs = lufs;
    gain_db = std::min(max_gain_db, gain_db + (target_lufs - lufs) / slope);
    if (gain_db == prev_gain_db) break;  // pinned at the cap
  }
  limit_true_peak(pcm.samples, pcm.sample_rate, db_to_gain(gain_db), limit, true, nullptr);
  Loudness after = measure_loudness(pcm);
  // Rare: a peak the estimate missed. The ceiling is the hard promise; loudness gives way.
  if (after.true_peak_dbtp > ceiling_dbtp) {
    apply_gain(pcm, ceiling_dbtp - after.true_peak_dbtp - 0.02);
    after = measure_loudness(pcm);
  }
  return after;
}

}  // namespace lectio::speech
