// The engines behind make_synthesizer, with real voices: every host speaks, rate and pitch
// take effect, unknown voices are refused, and flite voices work from several threads.
#include "lectio/speech/synthesizer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>
#include <thread>

#include "lectio/core/error.h"
#include "speech/audio_support.h"

namespace lectio::speech {
namespace {

double rms(const Pcm& pcm) {
  double sum = 0;
  for (const float s : pcm.samples) sum += static_cast<double>(s) * s;
  return pcm.samples.empty() ? 0 : std::sqrt(sum / static_cast<double>(pcm.samples.size()));
}

// Mean fundamental frequency by autocorrelation over voiced 40 ms frames, 60-400 Hz.
double mean_f0(const Pcm& pcm) {
  const std::size_t frame = static_cast<std::size_t>(0.04 * pcm.sample_rate);
  const int min_lag = pcm.sample_rate / 400;
  const int max_lag = pcm.sample_rate / 60;
  double sum = 0;
  int voiced = 0;
  for (std::size_t at = 0; at + frame + max_lag < pcm.samples.size(); at += frame) {
    const float* x = pcm.samples.data() + at;
    double energy = 0;
    for (std::size_t i = 0; i < frame; ++i) energy += x[i] * x[i];
    if (energy / frame < 1e-4) continue;
    double best = 0;
    int best_lag = 0;
    for (int lag = min_lag; lag <= max_lag; ++lag) {
      double c = 0;
      for (std::size_t i = 0; i < frame; ++i) c += x[i] * x[i + lag];
      if (c > best) {
        best = c;
        best_lag = lag;
      }
    }
    if (best < 0.5 * energy) continue;  // not periodic enough
    sum += static_cast<double>(pcm.sample_rate) / best_lag;
    ++voiced;
  }
  return voiced > 0 ? sum / voiced : 0;
}

// Seconds from the first to the last sample above -54 dBFS: the speech without the silence
// each caller of espeak-ng pads it with.
double spoken_seconds(const Pcm& pcm) {
  const auto loud = [](float s) { return std::fabs(s) > 0.002f; };
  const auto first = std::find_if(pcm.samples.begin(), pcm.samples.end(), loud);
  const auto last = std::find_if(pcm.samples.rbegin(), pcm.samples.rend(), loud).base();
  return first < last ? static_cast<double>(last - first) / pcm.sample_rate : 0.0;
}

TEST(SynthesizerTest, EveryHostSpeaks) {
  for (const voices::Host& host : voices::hosts()) {
    ASSERT_TRUE(voice_available(host)) << host.name;
    auto synth = make_synthesizer(host);
    const Pcm pcm = synth->speak(host.language == "zh" ? "你好，今天我们讨论芯片。"
                                                       : "Hello, today we talk about chips.");
    EXPECT_GE(pcm.sample_rate, 8000) << host.name;
    EXPECT_GT(pcm.seconds(), 0.8) << host.name;
    EXPECT_LT(pcm.seconds(), 6.0) << host.name;
    EXPECT_GT(rms(pcm), 0.01) << host.name;
  }
}

TEST(SynthesizerTest, RateAndPitchTakeEffect) {
  const std::string text = "The quick brown fox jumps over the lazy dog near the river bank.";
  for (const char* name : {"Lena", "Kai", "Wei"}) {
    voices::Host host = *voices::find_host(name);
    const std::string spoken =
        host.language == "zh" ? "我们今天讨论图形处理器和张量处理器的区别。" : text;
    const Pcm normal = make_synthesizer(host)->speak(spoken);
    voices::Host fast = host;
    fast.rate = host.rate * 1.5;
    const Pcm quick = make_synthesizer(fast)->speak(spoken);
    EXPECT_LT(quick.seconds(), normal.seconds() * 0.85) << name;
    voices::Host high = host;
    high.pitch = host.pitch * 1.3;
    const Pcm higher = make_synthesizer(high)->speak(spoken);
    EXPECT_GT(mean_f0(higher), mean_f0(normal) * 1.1) << name;
  }
}

TEST(SynthesizerTest, MandarinHostsReadHanCharactersAsMandarin) {
  // espeak-ng 1.51's "cmn" voice reads the pinyin it looks Han characters up as by English
  // rules, tone digits as English numbers ("你好" as "nee three, hey-oh three"), 27% longer
  // for this sentence. For text without Latin letters, the pinyin-reading Mandarin voice is
  // the reference: a correct "cmn" reads such text exactly as it does.
  const std::string text = "我们今天讨论图形处理器和张量处理器的区别。";
  testing::TempDir dir;
  for (const char* name : {"Mei", "Wei"}) {
    const voices::Host host = *voices::find_host(name);
    const Pcm ours = make_synthesizer(host)->speak(text);
    const auto wav = dir.path() / (std::string(name) + ".wav");
    const std::string voice =
        std::string("cmn-latn-pinyin") + (host.gender == "female" ? "+f3" : "");
    const auto r =
        testing::run_tool({"espeak-ng", "-v", voice, "-s", "175", "-p",
                           std::to_string(std::lround(50 * host.pitch)), "-w", wav.string(), text});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Pcm reference = testing::read_wav(wav);
    const double expected = spoken_seconds(reference);
    EXPECT_NEAR(spoken_seconds(ours), expected, 0.02 * expected) << name;
  }
}

TEST(SynthesizerTest, RefusesUnknownVoicesAndEngines) {
  voices::Host host = *voices::find_host("Lena");
  host.voice = "nope";
  EXPECT_FALSE(voice_available(host));
  EXPECT_THROW(make_synthesizer(host), Unsupported);
  host = *voices::find_host("Mei");
  host.voice = "no-such-language";
  EXPECT_THROW(make_synthesizer(host), Unsupported);
  host.engine = "festival";
  EXPECT_THROW(make_synthesizer(host), Unsupported);
}

TEST(SynthesizerTest, FliteVoicesRunInParallel) {
  // One synthesiser per thread on the same shared voice and on different voices: every
  // thread gets the same audio length as a lone run (kal is bit-exact, so compare samples).
  const std::string text = "Parallel synthesis must not mix up utterances, 42 times over.";
  const Pcm alone = make_synthesizer(*voices::find_host("Kai"))->speak(text);
  std::vector<Pcm> results(4);
  {
    std::vector<std::jthread> threads;
    for (std::size_t t = 0; t < results.size(); ++t) {
      threads.emplace_back([&, t] {
        const char* name = t % 2 == 0 ? "Kai" : "Lena";
        auto synth = make_synthesizer(*voices::find_host(name));
        for (int round = 0; round < 3; ++round) results[t] = synth->speak(text);
      });
    }
  }
  EXPECT_EQ(results[0].samples, alone.samples);
  EXPECT_EQ(results[2].samples, alone.samples);
  EXPECT_NEAR(results[1].seconds(), results[3].seconds(), 0.01);
}

// Issue 32: flite's clustergen voices (Lena is slt) draw excitation noise from rand(); the
// same sentence must still come out bit for bit the same whatever was synthesised before it
// and beside it, so that an edited lesson's unchanged sentences can be reused exactly.
TEST(SynthesizerTest, ClustergenVoicesSayASentenceTheSameWhateverRanBefore) {
  const std::string text = "The same sentence, said twice, is the same audio.";
  const Pcm alone = make_synthesizer(*voices::find_host("Lena"))->speak(text);
  ASSERT_FALSE(alone.samples.empty());
  std::vector<Pcm> results(2);
  {
    std::vector<std::jthread> threads;
    for (std::size_t t = 0; t < results.size(); ++t) {
      threads.emplace_back([&, t] {
        auto synth = make_synthesizer(*voices::find_host("Lena"));
        for (int round = 0; round <= static_cast<int>(t) * 2; ++round) {
          (void)synth->speak("Something else first, of another length: round " +
                             std::to_string(round) + ".");
        }
        results[t] = synth->speak(text);
      });
    }
  }
  EXPECT_EQ(results[0].samples, alone.samples);
  EXPECT_EQ(results[1].samples, alone.samples);
  // rand() keeps its contract for anyone else in the process.
  srand(7);
  const int first = rand();
  srand(7);
  EXPECT_EQ(rand(), first);
  for (int i = 0; i < 1000; ++i) {
    const int x = rand();
    ASSERT_GE(x, 0);
    ASSERT_LE(x, RAND_MAX);
  }
}

}  // namespace
}  // namespace lectio::speech
