#pragma once
// A look-ahead true-peak limiter, and the search for the gain that lands a limited signal on
// a loudness target. Private to the speech module; used by normalize_loudness (audio.cpp) and
// the renderer's units (unit_render.cpp).
#include <cmath>
#include <cstddef>
#include <functional>
#include <limits>
#include <vector>

namespace lectio::speech {

// Decibels of amplitude to a linear factor and back (-inf dB for 0).
inline double db_to_gain(double db) {
  return std::pow(10.0, db / 20.0);
}
inline double to_db(double linear) {
  return linear > 0 ? 20.0 * std::log10(linear) : -std::numeric_limits<double>::infinity();
}

// Output of the limiter, in order, one block at a time.
using BlockSink = std::function<void(const float* block, std::size_t n)>;

// Scales `samples` by `gain` (linear) and limits the result so that its true peak, estimated
// with 4x oversampling, stays at or below `ceiling` (linear). Streams in one pass with
// memory bounded by the look-ahead: each output block goes to `sink` (when set), and is
// written back into `samples` when `write_back` (a dry run measures a gain without
// touching the signal). Never throws except std::bad_alloc.
void limit_true_peak(std::vector<float>& samples, int sample_rate, double gain, double ceiling,
                     bool write_back, const BlockSink& sink);

// The true peak (linear) by the limiter's 4x estimate, interpolated where samples come within
// 6 dB of the sample peak, as the limiter does: an inter-sample peak 6 dB above both of its
// neighbours needs strong content near the Nyquist frequency, which speech rendered from 16
// and 22.05 kHz voices does not have. 0 for silence. Never throws.
float true_peak(const std::vector<float>& samples);

struct GainFound {
  double gain_db = 0;  // applied before the limiter
  double lufs = 0;     // the limited signal's integrated loudness at that gain
};

// The gain (dB) that lands the limited signal on `target_lufs`, given its loudness unprocessed
// (finite). `limited_lufs(g)` limits the signal at gain g and returns the integrated loudness
// of the result; its last call is the gain returned, so the caller keeps what it made.
// The plain gain first: for speech the limiter only shaves a few syllables, which costs a few
// hundredths of a LU. While the result misses by over 0.05 LU, secant steps (loudness rises
// by less than the gain as the limiter works harder), at most four. Beyond 10 dB more than
// the plain gain the limiter would be flattening the signal (an impulse train never gets
// louder, however hard it is pushed): there the ceiling wins and the search stops.
GainFound search_gain(double unprocessed_lufs, double target_lufs,
                      const std::function<double(double gain_db)>& limited_lufs);

}  // namespace lectio::speech
