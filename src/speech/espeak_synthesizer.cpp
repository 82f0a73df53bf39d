// espeak-ng voices (Mandarin "cmn" for zh lessons) behind the Synthesizer interface.
//
// espeak-ng is a process-global singleton: one voice, one parameter set and one callback for
// the whole process, and its documentation makes no thread-safety promise. EspeakEngine owns
// it (initialised on first use, terminated at exit) and serialises every call with a mutex;
// each call sets the voice and parameters it needs, so synthesisers cannot disturb each other.
//
// espeak-ng 1.51's "cmn" voice (Mandarin, Latin read as English) looks each Han character up
// as pinyin with a tone digit and then reads that pinyin by its English rules: "你好" comes
// out as "nee three, hey-oh three" (espeak-ng -x shows "(en)nI55Tr'i:55"). Its sibling
// "cmn-latn-pinyin" has the same dictionary and phonemes and reads the pinyin as Mandarin;
// Latin words that are not pinyin it still reads as English, and acronyms arrive spelled
// letter by letter from the normaliser either way. So "cmn" is replaced by
// "cmn-latn-pinyin" (keeping any +variant) when, and only when, the installed "cmn" is seen
// to misread: a fixed espeak-ng keeps its "cmn".
#include <espeak-ng/speak_lib.h>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "engines.h"
#include "lectio/core/error.h"

namespace lectio::speech {

namespace {

struct VoiceSettings {
  std::string voice;             // espeak-ng name with variant, e.g. "cmn+f3"
  int rate = espeakRATE_NORMAL;  // words per minute
  int pitch = 50;                // 0-100
};

class EspeakEngine {
 public:
  // The one engine. Throws Unsupported when espeak-ng cannot start (e.g. no data files);
  // the next call tries again.
  static EspeakEngine& instance() {
    static EspeakEngine engine;
    return engine;
  }

  ~EspeakEngine() { espeak_Terminate(); }
  EspeakEngine(const EspeakEngine&) = delete;
  EspeakEngine& operator=(const EspeakEngine&) = delete;

  bool has_voice(const std::string& voice) {
    const std::lock_guard lock(mutex_);
    return select(voice);
  }

  Pcm speak(const VoiceSettings& settings, std::string_view text) {
    const std::string input(text);
    const std::lock_guard lock(mutex_);
    if (!select(settings.voice)) {
      throw Unsupported(fmt::format("espeak-ng has no voice '{}'", settings.voice));
    }
    espeak_SetParameter(espeakRATE, settings.rate, 0);
    espeak_SetParameter(espeakPITCH, settings.pitch, 0);
    Pcm pcm{sample_rate_, {}};
    std::vector<short> samples;
    const espeak_ERROR err = espeak_Synth(input.c_str(), input.size() + 1, 0, POS_CHARACTER, 0,
                                          espeakCHARS_UTF8, nullptr, &samples);
    if (err != EE_OK) {
      throw Internal(fmt::format("espeak-ng ({}): synthesis failed ({}) for '{}'", settings.voice,
                                 static_cast<int>(err), input));
    }
    pcm.samples.reserve(samples.size());
    for (const short s : samples) pcm.samples.push_back(static_cast<float>(s) / 32768.0f);
    return pcm;
  }

 private:
  EspeakEngine() {
    sample_rate_ = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, nullptr, 0);
    if (sample_rate_ <= 0)
      throw Unsupported("espeak-ng could not start (are its data files installed?)");
    espeak_SetSynthCallback(&EspeakEngine::collect);
  }

  // Runs inside espeak_Synth on the calling thread; user_data is the caller's sample vector.
  static int collect(short* wav, int count, espeak_EVENT* events) {
    if (wav == nullptr || count <= 0 || events == nullptr) return 0;
    auto* out = static_cast<std::vector<short>*>(events->user_data);
    out->insert(out->end(), wav, wav + count);
    return 0;  // 0 = continue
  }

  // Caller holds mutex_.
  bool select(const std::string& voice) {
    const std::string actual = substitute(voice);
    if (actual == current_) return true;
    if (espeak_SetVoiceByName(actual.c_str()) != EE_OK) return false;
    current_ = actual;
    return true;
  }

  // The voice espeak-ng is asked for in place of `voice` (see the top of the file).
  // Caller holds mutex_.
  std::string substitute(const std::string& voice) {
    const auto plus = voice.find('+');
    if (voice.substr(0, plus) != "cmn") return voice;
    if (!cmn_misreads_) cmn_misreads_ = cmn_misreads_pinyin();
    if (!*cmn_misreads_) return voice;
    return std::string(kPinyinVoice) + (plus == std::string::npos ? "" : voice.substr(plus));
  }

  // True when "cmn" turns to English for Han characters and "cmn-latn-pinyin" exists.
  // Changes the current voice. Caller holds mutex_.
  bool cmn_misreads_pinyin() {
    current_.clear();
    if (espeak_SetVoiceByName("cmn") != EE_OK) return false;
    std::string phonemes;
    const char* text = "你好";
    const void* at = text;
    while (at != nullptr) {  // advances `at`, one clause a call, to nullptr at the end
      const char* clause = espeak_TextToPhonemes(&at, espeakCHARS_UTF8, 0);
      if (clause == nullptr) break;
      phonemes += clause;
    }
    // A language switch shows in the phonemes as "(en)".
    return phonemes.find("(en)") != std::string::npos &&
           espeak_SetVoiceByName(kPinyinVoice) == EE_OK;
  }

  static constexpr const char* kPinyinVoice = "cmn-latn-pinyin";

  std::mutex mutex_;
  int sample_rate_ = 0;
  std::string current_;  // the espeak-ng voice last selected, after substitution
  std::optional<bool> cmn_misreads_;
};

class EspeakSynthesizer final : public Synthesizer {
 public:
  explicit EspeakSynthesizer(VoiceSettings settings) : settings_(std::move(settings)) {}
  Pcm speak(std::string_view text) override {
    return EspeakEngine::instance().speak(settings_, text);
  }

 private:
  VoiceSettings settings_;
};

}  // namespace

std::unique_ptr<Synthesizer> make_espeak_synthesizer(const voices::Host& host) {
  if (!(host.rate > 0.25 && host.rate < 4.0) || !(host.pitch > 0 && host.pitch < 2.0)) {
    throw InvalidInput(fmt::format("host '{}': rate {} or pitch {} is out of range", host.name,
                                   host.rate, host.pitch));
  }
  EspeakEngine& engine = EspeakEngine::instance();
  if (!engine.has_voice(host.voice)) {
    throw Unsupported(fmt::format("host '{}': espeak-ng has no voice '{}'", host.name, host.voice));
  }
  VoiceSettings settings;
  // espeak-ng's voices are male by default; a female host gets its f3 variant when present.
  settings.voice = host.voice;
  if (host.gender == "female" && engine.has_voice(host.voice + "+f3")) settings.voice += "+f3";
  settings.rate = std::clamp(static_cast<int>(std::lround(espeakRATE_NORMAL * host.rate)),
                             espeakRATE_MINIMUM, espeakRATE_MAXIMUM);
  settings.pitch = std::clamp(static_cast<int>(std::lround(50 * host.pitch)), 0, 100);
  return std::make_unique<EspeakSynthesizer>(std::move(settings));
}

}  // namespace lectio::speech
