#pragma once
// Speech synthesis engines behind one interface. An engine object is NOT thread-safe (flite
// and espeak-ng keep global or per-voice state): make one per worker thread.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "lectio/core/hosts.h"
#include "lectio/speech/pcm.h"

namespace lectio::speech {

class Synthesizer {
 public:
  virtual ~Synthesizer() = default;
  // Speaks already-normalised text. Returns mono audio at the engine's native rate.
  // Throws Internal when the engine fails.
  virtual Pcm speak(std::string_view text) = 0;
};

// Makes a synthesiser for a host voice (engine, voice, language, rate, pitch from hosts()).
// Throws Unsupported for an engine or voice this build does not have.
std::unique_ptr<Synthesizer> make_synthesizer(const Host& host);

// Whether make_synthesizer would succeed for the host.
bool voice_available(const Host& host);

}  // namespace lectio::speech
