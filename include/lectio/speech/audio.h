#pragma once
// Audio processing: resampling (soxr), silence, and loudness normalisation (libebur128).
#include "lectio/speech/pcm.h"

namespace lectio::speech {

// Resamples to `rate` with soxr (high quality). Returns the input unchanged when rates match.
Pcm resample(const Pcm& in, int rate);

// Appends `seconds` of silence.
void append_silence(Pcm& pcm, double seconds);

struct Loudness {
  double integrated_lufs = 0;  // EBU R128 integrated loudness
  double true_peak_dbtp = 0;   // maximum true peak over the channel
};

Loudness measure_loudness(const Pcm& pcm);

// Scales to `target_lufs` integrated, then keeps the true peak at or below `ceiling_dbtp`
// with a look-ahead peak limiter, so loud plosives do not clip. Returns the result measured.
Loudness normalize_loudness(Pcm& pcm, double target_lufs = -16.0, double ceiling_dbtp = -1.0);

}  // namespace lectio::speech
