#pragma once
// Ogg Opus by units (issue 32): each unit of a program is encoded by its own libopus
// encoder (the settings, and why: opus_units.cpp), and the file is the units' packets in one
// Ogg stream. Private to the speech module (unit_render.cpp).
//
// Every encoder delays its input by the same kOpusPreSkip samples, which the stream's
// pre-skip removes once at the start; a unit of n samples (a whole number of 60 ms packets)
// therefore decodes to n samples, its input starting at the sum of the earlier units. Units
// begin with silence: a fresh encoder assumes a decoder at rest, and the decoder's state
// after the earlier units' silence matches that within a few packets of silence.
#include <cstddef>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "lectio/speech/publish_files.h"

namespace lectio::speech {

inline constexpr std::size_t kOpusPacketSamples = 2880;  // 60 ms at 48 kHz

// The packets for `n` samples at 48 kHz, each as a 4-byte length then its bytes; n must be a
// whole number of packets. Throws InvalidInput otherwise, Internal when libopus fails.
std::string encode_opus_unit(const float* samples, std::size_t n);

// Writes the units' packets as one Ogg Opus stream with Vorbis comments (opus_comments), the
// last granule position trimming the decoded length to `samples`. Throws Io,
// InvalidInput for a unit that is not packets or `samples` beyond what the units hold.
void write_opus_units(const std::vector<const std::string*>& units, std::size_t samples,
                      const AudioTags& tags, const std::filesystem::path& path);

// The Vorbis comments of a lesson's Opus file: TITLE, ARTIST, ALBUM, DATE, COMMENT (when
// set) and CHAPTERnnn / CHAPTERnnnNAME. Throws InvalidInput for over 999 chapters.
std::vector<std::pair<std::string, std::string>> opus_comments(const AudioTags& tags,
                                                               const std::filesystem::path& path);

}  // namespace lectio::speech
