#pragma once
// Mono audio in memory: the currency between synthesis, processing and encoding.
#include <vector>

namespace lectio::speech {

struct Pcm {
  int sample_rate = 0;         // Hz
  std::vector<float> samples;  // mono, nominally in [-1, 1]

  double seconds() const {
    return sample_rate > 0 ? static_cast<double>(samples.size()) / sample_rate : 0.0;
  }
};

// The rate every lesson is rendered at, whatever the voices produce.
inline constexpr int kRenderRate = 48000;

}  // namespace lectio::speech
