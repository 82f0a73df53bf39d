#pragma once
// The engines behind make_synthesizer (synthesizer.cpp). Private to the speech module.
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

#include "lectio/speech/synthesizer.h"
#include "lectio/voices/hosts.h"

namespace lectio::speech {

// flite (flite1-dev): voices slt, rms, awb, kal. Throws Unsupported for any other voice.
// Safe to use from several threads at once, one synthesiser per thread (see the file).
std::unique_ptr<Synthesizer> make_flite_synthesizer(const voices::Host& host);

// espeak-ng (libespeak-ng): any voice espeak-ng knows, e.g. "cmn". Throws Unsupported for an
// unknown voice or when espeak-ng cannot start. Calls are serialised process-wide.
std::unique_ptr<Synthesizer> make_espeak_synthesizer(const voices::Host& host);

// An OpenAI-compatible speech server (host.server): Kokoro-FastAPI, Speaches and the like.
// Answers for a sentence are kept in `cache_dir` (none when empty) and reused. Throws
// Unsupported for a host without a server. speak() throws Io when the server is down or keeps
// failing, InvalidInput when it refuses the request or answers something that is not audio.
std::unique_ptr<Synthesizer> make_server_synthesizer(const voices::Host& host,
                                                     const std::filesystem::path& cache_dir);

// The key of a speech server's answer for `text` (already normalised) in that cache:
// everything that changes the audio. For trimming the cache around what a render used.
std::string server_sentence_key(const voices::Host& host, std::string_view text);

}  // namespace lectio::speech
