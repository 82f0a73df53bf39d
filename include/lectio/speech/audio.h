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

// EBU R128 integrated loudness and true peak (libebur128). Silence, or under 400 ms of
// sound, measures -infinity LUFS.
Loudness measure_loudness(const Pcm& pcm);

// Published lessons: -16 LUFS integrated (the podcast norm for speech), and a true peak of at
// most -1 dBTP as measured on the decoded MP3 and Opus files.
inline constexpr double kTargetLufs = -16.0;
inline constexpr double kPublishedPeakDbtp = -1.0;
// The ceiling applied before encoding: lossy encoders overshoot the true peak of what they
// are given (measured up to 0.7 dB for LAME and 0.4 dB for Opus on clicky speech), so the
// rendered PCM keeps 1 dB in hand.
inline constexpr double kEncodeCeilingDbtp = -2.0;

// Scales to `target_lufs` integrated, then keeps the true peak at or below `ceiling_dbtp`
// with a look-ahead peak limiter, so loud plosives do not clip; the gain is chosen so that
// the loudness after limiting lands on the target (within 0.1 LU for speech). When a signal
// cannot reach the target under the ceiling, the ceiling wins. Returns the result measured:
// integrated loudness by libebur128, true peak by the limiter's own 4x estimate (BS.1770-4
// Annex 2; libebur128's true-peak mode would cost more than the rest of the normalisation).
// Silence is returned unchanged. Throws InvalidInput for a positive target or ceiling.
Loudness normalize_loudness(Pcm& pcm, double target_lufs = kTargetLufs,
                            double ceiling_dbtp = kEncodeCeilingDbtp);

}  // namespace lectio::speech
