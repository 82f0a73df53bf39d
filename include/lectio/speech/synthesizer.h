#pragma once
// Speech synthesis engines behind one interface. An engine object is NOT thread-safe (flite
// and espeak-ng keep global or per-voice state): make one per worker thread.
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "lectio/speech/pcm.h"
#include "lectio/voices/hosts.h"

namespace lectio::speech {

class Synthesizer {
 public:
  virtual ~Synthesizer() = default;
  // Speaks already-normalised text. Returns mono audio at the engine's native rate.
  // Throws Internal when the engine fails.
  virtual Pcm speak(std::string_view text) = 0;
};

struct SynthesisOptions {
  // Where speech-server voices keep the audio of each sentence, so that the same sentence is
  // never requested twice; empty: no cache. The built-in engines ignore it.
  std::filesystem::path sentence_cache;
};

// Makes a synthesiser for a host voice (engine, voice, language, rate, pitch from hosts()).
// Throws Unsupported for an engine or voice this build does not have. A speech-server voice's
// speak() throws Io when the server is down or keeps failing and InvalidInput when it refuses.
std::unique_ptr<Synthesizer> make_synthesizer(const voices::Host& host,
                                              const SynthesisOptions& options = {});

// Whether make_synthesizer would succeed for the host. Sends nothing to a speech server.
bool voice_available(const voices::Host& host);

}  // namespace lectio::speech
