// Resampling, silence and loudness on generated signals (no external tools; the measurements
// of real speech and encoded files by ffmpeg are in publish_files_test.cpp).
#include "lectio/speech/audio.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "lectio/core/error.h"
#include "speech/audio_support.h"

namespace lectio::speech {
namespace {

using testing::loud_clipped;
using testing::noise_bursts;
using testing::sine;
using testing::speech_like;
using testing::sweep;

// Sign changes in [from, to) of the samples.
int zero_crossings(const Pcm& pcm, std::size_t from, std::size_t to) {
  int count = 0;
  for (std::size_t i = from + 1; i < to; ++i) {
    if ((pcm.samples[i - 1] < 0) != (pcm.samples[i] < 0)) ++count;
  }
  return count;
}

double rms(const Pcm& pcm, std::size_t from, std::size_t to) {
  double sum = 0;
  for (std::size_t i = from; i < to; ++i) sum += double{pcm.samples[i]} * pcm.samples[i];
  return std::sqrt(sum / static_cast<double>(to - from));
}

TEST(ResampleTest, ChangesLengthByTheRatio) {
  const Pcm up = resample(sine(440, 0.5, 2.0, 22050), 48000);
  EXPECT_EQ(up.sample_rate, 48000);
  EXPECT_NEAR(static_cast<double>(up.samples.size()), 2.0 * 48000, 2);

  const Pcm down = resample(sine(440, 0.5, 1.5, 48000), 16000);
  EXPECT_EQ(down.sample_rate, 16000);
  EXPECT_NEAR(static_cast<double>(down.samples.size()), 1.5 * 16000, 2);
}

TEST(ResampleTest, KeepsAToneAtItsFrequencyAndLevel) {
  for (const int from : {16000, 22050, 44100}) {
    const Pcm in = sine(1000, 0.5, 2.0, from);
    const Pcm out = resample(in, kRenderRate);
    // One second from the middle, away from the filter's edges: a 1 kHz tone crosses zero
    // 2000 times a second.
    const int crossings = zero_crossings(out, kRenderRate / 2, kRenderRate / 2 + kRenderRate);
    EXPECT_NEAR(crossings, 2000, 2) << from << " Hz";
    EXPECT_NEAR(rms(out, kRenderRate / 2, kRenderRate / 2 + kRenderRate), 0.5 / std::sqrt(2.0),
                0.005)
        << from << " Hz";
  }
}

TEST(ResampleTest, DropsWhatTheNewRateCannotCarry) {
  // 7 kHz cannot exist at 8 kHz (Nyquist 4 kHz): the anti-alias filter must remove it rather
  // than fold it down to 1 kHz.
  const Pcm out = resample(sine(7000, 0.5, 1.0, 48000), 8000);
  EXPECT_LT(rms(out, 1000, out.samples.size() - 1000), 0.001);
}

TEST(ResampleTest, SameRateIsUnchangedAndBadRatesThrow) {
  const Pcm in = sine(300, 0.3, 0.1, 48000);
  const Pcm same = resample(in, 48000);
  EXPECT_EQ(same.samples, in.samples);
  EXPECT_TRUE(resample(Pcm{22050, {}}, 48000).samples.empty());
  EXPECT_THROW(resample(in, 0), InvalidInput);
  EXPECT_THROW(resample(Pcm{0, {0.0f}}, 48000), InvalidInput);
}

TEST(AppendSilenceTest, AddsZerosForTheDuration) {
  Pcm pcm = sine(300, 0.3, 0.5, 48000);
  append_silence(pcm, 0.25);
  ASSERT_EQ(pcm.samples.size(), 36000u);
  EXPECT_DOUBLE_EQ(pcm.seconds(), 0.75);
  EXPECT_TRUE(std::all_of(pcm.samples.begin() + 24000, pcm.samples.end(),
                          [](float s) { return s == 0.0f; }));
  EXPECT_THROW(append_silence(pcm, -1), InvalidInput);
  Pcm no_rate;
  EXPECT_THROW(append_silence(no_rate, 1), InvalidInput);
}

TEST(MeasureLoudnessTest, MatchesTheEbuReferenceTone) {
  // EBU Tech 3341: a 1 kHz sine at -23 dBFS on both stereo channels reads -23 LUFS, so on one
  // channel it reads 3 dB less; its true peak is its amplitude.
  const Loudness l = measure_loudness(sine(1000, std::pow(10.0, -23.0 / 20), 10.0));
  EXPECT_NEAR(l.integrated_lufs, -26.0, 0.1);
  EXPECT_NEAR(l.true_peak_dbtp, -23.0, 0.1);
}

TEST(MeasureLoudnessTest, SilenceIsMinusInfinity) {
  const Loudness l = measure_loudness(Pcm{48000, std::vector<float>(48000, 0.0f)});
  EXPECT_TRUE(std::isinf(l.integrated_lufs) && l.integrated_lufs < 0);
  EXPECT_TRUE(std::isinf(l.true_peak_dbtp) && l.true_peak_dbtp < 0);
}

struct Signal {
  const char* name;
  Pcm pcm;
};

std::vector<Signal> signals() {
  return {{"speech-like", speech_like(20)},
          {"noise bursts", noise_bursts(0.9, 10)},
          {"loud clipped", loud_clipped(10)},
          {"sine sweep", sweep(40, 16000, 0.9, 10)},
          {"quiet speech-like 16 kHz", resample(speech_like(12, 16000), 48000)}};
}

TEST(NormalizeLoudnessTest, HitsTargetUnderTheCeiling) {
  for (Signal& s : signals()) {
    const Loudness before = measure_loudness(s.pcm);
    const Loudness result = normalize_loudness(s.pcm);
    const Loudness again = measure_loudness(s.pcm);  // libebur128, from scratch
    // The bar is -16 ± 0.5 LUFS; the gain search lands within 0.1.
    EXPECT_NEAR(again.integrated_lufs, kTargetLufs, 0.1)
        << s.name << " from " << before.integrated_lufs;
    EXPECT_LE(again.true_peak_dbtp, kEncodeCeilingDbtp)
        << s.name << " from " << before.true_peak_dbtp;
    EXPECT_NEAR(result.integrated_lufs, again.integrated_lufs, 1e-9) << s.name;
    // The reported true peak is the limiter's own estimate (24 taps a phase), which may read
    // higher than libebur128's (12 taps a phase) where there is energy near Nyquist, never
    // materially lower.
    EXPECT_GE(result.true_peak_dbtp, again.true_peak_dbtp - 0.05) << s.name;
    EXPECT_LE(result.true_peak_dbtp, kEncodeCeilingDbtp) << s.name;
  }
}

TEST(NormalizeLoudnessTest, HonoursALowerCeilingAndOtherTargets) {
  Pcm loud = loud_clipped(8);
  const Loudness a = normalize_loudness(loud, -16.0, -2.0);
  EXPECT_NEAR(a.integrated_lufs, -16.0, 0.5);
  EXPECT_LE(a.true_peak_dbtp, -2.0);

  Pcm speech = speech_like(10);
  const Loudness b = normalize_loudness(speech, -23.0, -1.0);
  EXPECT_NEAR(b.integrated_lufs, -23.0, 0.5);
  EXPECT_LE(b.true_peak_dbtp, -1.0);
}

TEST(NormalizeLoudnessTest, LimitsOnlyWhereNeeded) {
  // A steady tone (peaks well under the ceiling at -16 LUFS) with a sharp click every 0.9 s:
  // the clicks must be limited, and 0.6 s later the signal must be a plainly scaled copy
  // (the limiter has released fully and never touched the tone between clicks).
  Pcm pcm = sine(500, 0.05, 12.0);
  for (std::size_t i = 0; i < pcm.samples.size(); ++i) {
    const double since_click = std::fmod(static_cast<double>(i) / pcm.sample_rate, 0.9);
    if (since_click < 0.002) pcm.samples[i] += 0.8f;
  }
  const Pcm before = pcm;
  const Loudness l = normalize_loudness(pcm);
  EXPECT_LE(l.true_peak_dbtp, kEncodeCeilingDbtp);
  std::vector<double> ratios;
  for (std::size_t i = 0; i < pcm.samples.size(); ++i) {
    const double since_click = std::fmod(static_cast<double>(i) / pcm.sample_rate, 0.9);
    if (since_click > 0.6 && since_click < 0.85 && std::abs(before.samples[i]) > 0.01) {
      ratios.push_back(pcm.samples[i] / before.samples[i]);
    }
  }
  ASSERT_FALSE(ratios.empty());
  const auto [lo, hi] = std::minmax_element(ratios.begin(), ratios.end());
  EXPECT_LT(*hi / *lo, 1.002);
  // And the clicks did need it: unlimited, they would peak far above the ceiling.
  const double click_peak = 20 * std::log10(0.85 * *lo);
  EXPECT_GT(click_peak, 3.0);
}

TEST(NormalizeLoudnessTest, ALowCrestSignalIsOnlyScaled) {
  // A sine at -16 LUFS peaks near -13 dBTP: no limiting, every sample scales by one gain.
  Pcm pcm = sine(1000, 0.02, 5.0);
  const Pcm before = pcm;
  const Loudness l = normalize_loudness(pcm);
  EXPECT_NEAR(l.integrated_lufs, -16.0, 0.1);
  const double gain = pcm.samples[100] / before.samples[100];
  for (std::size_t i = 1; i < pcm.samples.size(); i += 97) {
    if (std::abs(before.samples[i]) > 1e-3) {
      EXPECT_NEAR(pcm.samples[i] / before.samples[i], gain, 1e-4);
    }
  }
}

TEST(NormalizeLoudnessTest, TheCeilingWinsWhenTheTargetIsOutOfReach) {
  // Isolated clicks: limiting removes whatever gain is added, so -16 LUFS cannot be reached
  // under the ceiling. The result must still respect the ceiling, and stay sane.
  Pcm pcm{kRenderRate, std::vector<float>(kRenderRate * 5, 0.0f)};
  for (std::size_t i = 0; i < pcm.samples.size(); i += kRenderRate / 2) pcm.samples[i] = 0.5f;
  const Loudness l = normalize_loudness(pcm);
  EXPECT_LE(l.true_peak_dbtp, kEncodeCeilingDbtp);
  EXPECT_LT(l.integrated_lufs, -16.5);
  EXPECT_TRUE(std::all_of(pcm.samples.begin(), pcm.samples.end(),
                          [](float s) { return std::isfinite(s) && std::abs(s) < 1.0f; }));
}

TEST(NormalizeLoudnessTest, LeavesSilenceAloneAndRejectsBadTargets) {
  Pcm silence{48000, std::vector<float>(48000, 0.0f)};
  const Loudness l = normalize_loudness(silence);
  EXPECT_TRUE(std::isinf(l.integrated_lufs));
  EXPECT_TRUE(std::all_of(silence.samples.begin(), silence.samples.end(),
                          [](float s) { return s == 0.0f; }));
  Pcm pcm = sine(1000, 0.1, 1.0);
  EXPECT_THROW(normalize_loudness(pcm, 3.0, -1.0), InvalidInput);
  EXPECT_THROW(normalize_loudness(pcm, -16.0, 2.0), InvalidInput);
}

}  // namespace
}  // namespace lectio::speech
