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

void check_rate(int rate, const char* what) {
  if (rate <= 0 || rate > 768000) {
    throw InvalidInput(fmt::format("{}: sample rate {} Hz is out of range", what, rate));
  }
}

void apply_gain(Pcm& pcm, double db) {
  const auto g = static_cast<float>(db_to_gain(db));
  for (float& s : pcm.samples) s *= g;
}

// Scales by `gain_db` and limits at `limit` (linear), in place; returns the integrated loudness
// of the result, measured on the way out of the limiter rather than in another pass.
double limit_in_place(Pcm& pcm, double gain_db, double limit) {
  Meter meter(pcm.sample_rate, false);
  limit_true_peak(pcm.samples, pcm.sample_rate, db_to_gain(gain_db), limit, true,
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
  if (!std::isfinite(before_lufs)) {  // silence: nothing to scale
    return {before_lufs, to_db(true_peak(pcm.samples))};
  }

  // The limiter aims a hair below the ceiling: the gain ramps move inter-sample peaks a little.
  const double limit = db_to_gain(ceiling_dbtp - 0.1);
  // Each try limits the signal in place by the gain it adds to the last (one pass through the
  // signal, no copy of it): for speech the first, plain gain is usually the last.
  double applied_db = 0;
  const GainFound found = search_gain(before_lufs, target_lufs, [&](double gain_db) {
    const double lufs = limit_in_place(pcm, gain_db - applied_db, limit);
    applied_db = gain_db;
    return lufs;
  });
  Loudness after{found.lufs, to_db(true_peak(pcm.samples))};
  // Rare: a peak the gain ramps lifted. The ceiling is the hard promise; loudness gives way.
  if (after.true_peak_dbtp > ceiling_dbtp) {
    apply_gain(pcm, ceiling_dbtp - after.true_peak_dbtp - 0.02);
    Meter again(pcm.sample_rate, false);
    again.add(pcm.samples.data(), pcm.samples.size());
    after = {again.integrated_lufs(), to_db(true_peak(pcm.samples))};
  }
  return after;
}

}  // namespace lectio::speech
