#pragma once
// A look-ahead true-peak limiter for whole signals. Private to the speech module; used by
// normalize_loudness (audio.cpp).
#include <cstddef>
#include <functional>
#include <vector>

namespace lectio::speech {

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

}  // namespace lectio::speech
