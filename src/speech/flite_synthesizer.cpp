// flite voices (slt, rms, awb, kal from flite1-dev) behind the Synthesizer interface.
//
// Thread-safety, measured with flite 2.2 (Debian 12), see docs/benchmarks.md "Speech":
// - register_cmu_us_<v>() returns one process-wide cst_voice per voice (a second call returns
//   the same pointer) and unregister_cmu_us_<v>() frees it. So voices cannot be made per
//   synthesiser: VoiceRegistry registers each voice once and unregisters it at exit, and a
//   synthesiser never changes the shared voice. Rate and pitch go on each utterance instead;
//   utterance features shadow the voice's (utt_init links the voice's features behind them).
// - Synthesis on a shared voice from several threads is race-free: helgrind reports no
//   errors, and with a per-thread rand() the output of 4 threads is bit-identical to serial
//   output (480 utterances, all four voices, shared and separate voices).
// - The one shared mutable state is libc rand(), which the clustergen vocoder (slt, rms, awb)
//   uses for its noise excitation. glibc's rand() takes a lock, so concurrent use is safe, but
//   the noise sequence depends on thread interleaving: parallel renders of a CG voice are not
//   bit-for-bit reproducible (they are perceptually identical). kal (diphone) is. The lock
//   costs about 10% of synthesis time at two threads; a per-thread rand() would remove it but
//   would replace libc's for the whole process.
// So synthesisers run in parallel without a lock, one per worker thread.

// flite's headers other than flite.h declare C functions without extern "C".
extern "C" {
#include <flite/cst_cg.h>
#include <flite/flite.h>
}

#include <fmt/format.h>

#include <array>
#include <memory>
#include <optional>
#include <string>

#include "engines.h"
#include "lectio/core/error.h"
#include "thread_rand.h"

extern "C" {
cst_voice* register_cmu_us_slt(const char* voxdir);
void unregister_cmu_us_slt(cst_voice* vox);
cst_voice* register_cmu_us_rms(const char* voxdir);
void unregister_cmu_us_rms(cst_voice* vox);
cst_voice* register_cmu_us_awb(const char* voxdir);
void unregister_cmu_us_awb(cst_voice* vox);
cst_voice* register_cmu_us_kal(const char* voxdir);
void unregister_cmu_us_kal(cst_voice* vox);
}

namespace lectio::speech {

namespace {

struct VoiceEntry {
  const char* name;
  cst_voice* (*register_voice)(const char*);
  void (*unregister_voice)(cst_voice*);
};

constexpr std::array<VoiceEntry, 4> kVoices{{
    {"slt", register_cmu_us_slt, unregister_cmu_us_slt},
    {"rms", register_cmu_us_rms, unregister_cmu_us_rms},
    {"awb", register_cmu_us_awb, unregister_cmu_us_awb},
    {"kal", register_cmu_us_kal, unregister_cmu_us_kal},
}};

struct VoiceDeleter {
  void (*unregister_voice)(cst_voice*) = nullptr;
  void operator()(cst_voice* v) const { unregister_voice(v); }
};
using VoicePtr = std::unique_ptr<cst_voice, VoiceDeleter>;

struct UtteranceDeleter {
  void operator()(cst_utterance* u) const { delete_utterance(u); }
};
using UtterancePtr = std::unique_ptr<cst_utterance, UtteranceDeleter>;

// Owns the process-wide flite voices: all registered together on first use, unregistered at
// exit. Registering two voices at once from two threads (a dialogue's hosts, first used by
// two workers of the synthesis pool) raced inside flite's shared English setup: about one
// dialogue render in 25 called a null synthesis function (RenderTest.DialogueTranscript-
// AndChapters, SIGSEGV in apply_synth_method). One registration pass under the static's
// initialisation guard leaves nothing to race; it takes a few milliseconds.
class VoiceRegistry {
 public:
  static VoiceRegistry& instance() {
    static VoiceRegistry registry;
    return registry;
  }

  // The shared voice, or nullptr for a name flite1-dev does not ship. Thread-safe.
  cst_voice* voice(const std::string& name) const {
    for (std::size_t i = 0; i < kVoices.size(); ++i) {
      if (name == kVoices[i].name) return voices_[i].get();
    }
    return nullptr;
  }

 private:
  VoiceRegistry() {
    flite_init();
    for (std::size_t i = 0; i < kVoices.size(); ++i) {
      voices_[i] =
          VoicePtr(kVoices[i].register_voice(nullptr), VoiceDeleter{kVoices[i].unregister_voice});
    }
  }

  std::array<VoicePtr, kVoices.size()> voices_;
};

// Rate and pitch are applied relative to the voice's own defaults: kal ships with a duration
// stretch of 1.1 and a mean F0 of 95 Hz; the clustergen voices keep theirs in the model.
double voice_float(const cst_voice* voice, const char* feature, double fallback) {
  return get_param_float(voice->features, feature, static_cast<float>(fallback));
}

std::optional<double> voice_f0_mean(const cst_voice* voice) {
  if (feat_present(voice->features, "int_f0_target_mean")) {
    return voice_float(voice, "int_f0_target_mean", 100.0);
  }
  if (feat_present(voice->features, "cg_db")) {
    return val_cg_db(feat_val(voice->features, "cg_db"))->f0_mean;
  }
  return std::nullopt;
}

// Where each utterance's rand() sequence starts (thread_rand.h).
constexpr std::uint64_t kNoiseSeed = 1;

class FliteSynthesizer final : public Synthesizer {
 public:
  FliteSynthesizer(const voices::Host& host, cst_voice* voice) : name_(host.name), voice_(voice) {
    stretch_ = voice_float(voice, "duration_stretch", 1.0) / host.rate;
    if (host.pitch != 1.0) {
      if (const auto mean = voice_f0_mean(voice)) f0_mean_ = *mean * host.pitch;
    }
  }

  Pcm speak(std::string_view text) override {
    const std::string input(text);
    UtterancePtr utt(new_utterance());
    if (!utt) throw Internal(fmt::format("flite ({}): cannot make an utterance", name_));
    utt_set_input_text(utt.get(), input.c_str());
    utt_init(utt.get(), voice_);
    restart_thread_rand(kNoiseSeed);  // the same noise for the same utterance, always
    feat_set_float(utt->features, "duration_stretch", static_cast<float>(stretch_));
    if (f0_mean_)
      feat_set_float(utt->features, "int_f0_target_mean", static_cast<float>(*f0_mean_));
    if (utt_synth(utt.get()) == nullptr) {
      throw Internal(fmt::format("flite ({}): synthesis failed for '{}'", name_, input));
    }
    const cst_wave* wave = utt_wave(utt.get());
    Pcm pcm;
    if (wave == nullptr) return pcm;  // nothing speakable (e.g. only punctuation)
    pcm.sample_rate = wave->sample_rate;
    const int channels = wave->num_channels > 0 ? wave->num_channels : 1;
    pcm.samples.reserve(static_cast<std::size_t>(wave->num_samples));
    for (int i = 0; i < wave->num_samples; ++i) {
      pcm.samples.push_back(static_cast<float>(wave->samples[i * channels]) / 32768.0f);
    }
    return pcm;
  }

 private:
  std::string name_;
  cst_voice* voice_;  // shared, owned by VoiceRegistry; read-only here
  double stretch_ = 1.0;
  std::optional<double> f0_mean_;
};

}  // namespace

std::unique_ptr<Synthesizer> make_flite_synthesizer(const voices::Host& host) {
  if (!(host.rate > 0.25 && host.rate < 4.0) || !(host.pitch > 0.25 && host.pitch < 4.0)) {
    throw InvalidInput(fmt::format("host '{}': rate {} or pitch {} is out of range", host.name,
                                   host.rate, host.pitch));
  }
  cst_voice* voice = VoiceRegistry::instance().voice(host.voice);
  if (voice == nullptr) {
    throw Unsupported(fmt::format("host '{}': flite has no voice '{}' (slt, rms, awb, kal)",
                                  host.name, host.voice));
  }
  return std::make_unique<FliteSynthesizer>(host, voice);
}

}  // namespace lectio::speech
