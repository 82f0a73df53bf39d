#pragma once
// The one LAME encoder the MP3 writer uses (mp3_writer.cpp: mono, CBR 96 kbit/s at 48 kHz,
// quality 5), owned by a unique_ptr; shared with the tests that compare its own stream with
// the writer's. Private to the speech module.
#include <lame/lame.h>

#include <cstddef>
#include <filesystem>
#include <memory>
#include <string>

namespace lectio::speech {

// One 96 kbit/s frame at 48 kHz: 144 * 96000 / 48000 bytes, never padded.
inline constexpr std::size_t kMp3FrameBytes = 288;

struct LameDeleter {
  void operator()(lame_global_flags* gf) const { lame_close(gf); }
};
using LamePtr = std::unique_ptr<lame_global_flags, LameDeleter>;

// An encoder with the writer's settings, with LAME's Info frame (left for the caller to fetch
// with lame_get_lametag_frame) or without. `path` names the file in errors. Throws Internal.
LamePtr make_lame_encoder(const std::filesystem::path& path, bool info_frame);

// Encodes n samples and flushes: every byte LAME writes. Throws Internal.
std::string lame_encode(lame_global_flags* gf, const float* samples, std::size_t n,
                        const std::filesystem::path& path);

}  // namespace lectio::speech
