#pragma once
// Decoding the audio a speech server answers. Private to the speech module.
#include <string>
#include <string_view>

#include "lectio/speech/pcm.h"

namespace lectio::speech {

// What the bytes are, from their first bytes: "wav", "flac", "ogg" (Opus or Vorbis), "mp3",
// or "" when none of these (raw PCM has no signature).
std::string sniff_audio(std::string_view bytes);

// Decodes WAV, FLAC, Ogg Opus/Vorbis or MP3 (libsndfile), whatever was asked for, and raw
// 16-bit little-endian PCM at `pcm_rate` when the bytes have no signature and `asked` is
// "pcm". Several channels are mixed to mono. Throws InvalidInput, starting with `what` (the
// server), when the bytes are not audio or have a sample rate outside 8-192 kHz.
Pcm decode_audio(std::string_view bytes, std::string_view asked, int pcm_rate,
                 std::string_view what);

}  // namespace lectio::speech
