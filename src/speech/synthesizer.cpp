// Picks the engine for a host voice.
#include "lectio/speech/synthesizer.h"

#include <fmt/format.h>

#include "engines.h"
#include "lectio/core/error.h"

namespace lectio::speech {

std::unique_ptr<Synthesizer> make_synthesizer(const voices::Host& host,
                                              const SynthesisOptions& options) {
  if (host.engine == "flite") return make_flite_synthesizer(host);
  if (host.engine == "espeak-ng") return make_espeak_synthesizer(host);
  if (host.engine == "openai-speech") return make_server_synthesizer(host, options.sentence_cache);
  throw Unsupported(
      fmt::format("host '{}': engine '{}' is not in this build", host.name, host.engine));
}

bool voice_available(const voices::Host& host) {
  try {
    return make_synthesizer(host) != nullptr;
  } catch (const Error&) {
    return false;
  }
}

}  // namespace lectio::speech
