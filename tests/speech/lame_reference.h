#pragma once
// The reference for MP3 by units (Mp3UnitsTest): the stream LAME writes by itself with the
// writer's settings. Test-only: rendering never uses it. Needs src/speech on the include path.
#include <cstddef>
#include <filesystem>
#include <string>

#include "lame_encoder.h"
#include "lectio/core/error.h"

namespace lectio::testing {

// LAME's own stream for `n` samples at 48 kHz: its frames under the Info frame it fills in,
// no tags. A one-unit file of write_mp3_units matches it to the byte. Throws Internal.
inline std::string lame_reference_stream(const float* samples, std::size_t n) {
  const std::filesystem::path label("mp3 reference");
  speech::LamePtr gf = speech::make_lame_encoder(label, true);
  std::string stream = speech::lame_encode(gf.get(), samples, n, label);
  // LAME leaves its first frame for the Info frame, which it fills in once it has seen all.
  std::string frame(speech::kMp3FrameBytes, '\0');
  const std::size_t bytes = lame_get_lametag_frame(
      gf.get(), reinterpret_cast<unsigned char*>(frame.data()), frame.size());
  if (bytes != speech::kMp3FrameBytes || stream.size() < bytes) {
    throw Internal("mp3 reference: LAME wrote no Info frame");
  }
  return stream.replace(0, bytes, frame);
}

}  // namespace lectio::testing
