#pragma once
// Host voices: the named personas that present lessons. The speech module maps each to a
// synthesis engine and voice; everything else refers to hosts by name. The built-in voices
// (flite, espeak-ng) are always there; voices registered in the data directory
// (voice_registry.h) join them once the process has chosen its registry.
//
// The voices module (lectio_voices) is the speech module's catalogue of voices, kept below the
// lesson model so that briefs can name hosts; it depends only on core.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lectio::voices {

// Where an "openai-speech" voice is synthesised: `POST {base_url}/audio/speech`.
struct SpeechServer {
  std::string base_url;        // "http://127.0.0.1:8880/v1", no trailing slash
  std::string model;           // "kokoro", "tts-1", "speaches-ai/Kokoro-82M-v1.0-ONNX"
  std::string format = "wav";  // response_format asked for: wav, pcm, flac, mp3 or opus
  int sample_rate = 24000;     // Hz of "pcm" answers, which carry no header
  int concurrency = 2;         // requests in flight at most, per voice and process
  double timeout = 60;         // seconds per request
};

struct Host {
  std::string name;         // "Lena"
  std::string language;     // "en" or "zh"
  std::string gender;       // "female", "male" or "" (unstated)
  std::string engine;       // "flite", "espeak-ng" or "openai-speech"
  std::string voice;        // engine voice: "slt", "rms", "awb", "kal", "cmn", "af_bella"
  double rate = 1.0;        // speaking-rate multiplier (a server's "speed")
  double pitch = 1.0;       // pitch multiplier (built-in engines only)
  std::string description;  // one line shown by `lectio voices`
  std::optional<SpeechServer> server;  // set exactly when engine is "openai-speech"
};

// The voices built into this program, in a stable order.
const std::vector<Host>& builtin_hosts();

// Every host: the built-in voices, then the registered ones in registration order. A copy,
// because another thread or process may register a voice meanwhile.
std::vector<Host> hosts();

// Whether two host names are the same name: hosts are named case-insensitively (ASCII).
bool same_host_name(std::string_view a, std::string_view b);

// Case-insensitive lookup by name among hosts().
std::optional<Host> find_host(std::string_view name);

// The host a lesson in `language` gets when its brief names none; `other_than` picks a second
// voice for a dialogue.
Host default_host(std::string_view language, std::string_view other_than = "");

// The voice that reads a sentence in `language` for `speaker` when the speaker's own voice does
// not speak that language (a quoted English sentence in a Chinese lesson): the first host of
// that language of the speaker's gender, else the first of that language; nullopt when no
// voice speaks it. The speaker's own voice when it speaks `language`.
std::optional<Host> voice_for_language(const Host& speaker, std::string_view language);

}  // namespace lectio::voices
