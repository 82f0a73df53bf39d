#pragma once
// MP3 by units (issue 32): each unit of a program is encoded by its own LAME encoder, so an
// edited lesson re-encodes only the units that changed, and the file is the units' frames one
// after another under one LAME "Info" frame. Private to the speech module (unit_render.cpp).
//
// The arithmetic that makes the joins exact: LAME (CBR) turns n samples into
// ceil(n / 1152) + 1 frames, and a decoder hears the input kMp3Priming samples into the
// unit's first frame (576 of encoder delay, 529 of decoder delay). A unit given exactly
// `slot - 1152` samples (slot a multiple of 1152) therefore fills slot / 1152 frames, and in
// the decoded file its input starts at the sum of the earlier slots: the Info frame declares
// the first unit's delay and 576 samples of padding for the last, and each join adds the
// next unit's own priming, which is silence, in place of the 1152 samples the slot left out.
#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include "lectio/speech/publish_files.h"

namespace lectio::speech {

inline constexpr std::size_t kMp3FrameSamples = 1152;

// The frames (no Info frame) for `n` samples at 48 kHz; n + 1152 must be a whole number of
// frames. Throws InvalidInput otherwise, Internal when LAME fails.
std::string encode_mp3_unit(const float* samples, std::size_t n);

// Writes the units' frames under one Info frame, with ID3v2.4 tags and chapters, through a
// staged file: the decoded file holds `slots` samples less the last unit's missing 1152.
// Throws Io.
void write_mp3_units(const std::vector<const std::string*>& units, const AudioTags& tags,
                     const std::filesystem::path& path);

}  // namespace lectio::speech
