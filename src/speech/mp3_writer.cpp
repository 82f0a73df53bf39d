// MP3 encoding with LAME by units (mp3_units.h), then ID3v2.4 tags and chapters (id3_tags.cpp),
// through a staged file.
//
// Settings: mono, constant 96 kbit/s at 48 kHz, LAME quality 5.
// Why CBR: chapter marks are seeked by time, and players map time to bytes; with CBR that
// mapping is exact in every player, while VBR seeking goes through the 100-point Xing table
// and lands seconds off in long files. 96 kbit/s mono is the rate podcast hosts transcode
// speech to (43 MB an hour), clean on sibilants where 64 kbit/s is not, and it keeps the
// encoder's peak overshoot small. The LAME "Info" frame is written so that decoders trim the
// encoder delay and padding (gapless, exact duration). Quality 5 keeps the psychoacoustic
// model and noise shaping and drops the exhaustive searches of 0-4; on the example lesson it
// encodes in 2.9 s of CPU where quality 2 took 6.9 s, and at 96 kbit/s for one voice there is
// no audible difference. 48 kHz stays: every player and podcast host takes MPEG-1 rates,
// while 22.05/24 kHz (MPEG-2) would save another 1.2 s but is less widely accepted.
#include <fmt/format.h>
#include <lame/lame.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "id3_tags.h"
#include "lame_encoder.h"
#include "lectio/core/error.h"
#include "lectio/core/file.h"
#include "lectio/speech/pcm.h"
#include "lectio/speech/publish_files.h"
#include "mp3_units.h"

namespace lectio::speech {

namespace {

constexpr int kMp3Kbps = 96;
constexpr int kLameQuality = 5;  // 0 best … 9 fastest; 2 is LAME's "high quality"
constexpr int kBlock = 8192;     // samples encoded per call

// Encodes n samples and flushes, handing each piece of output to `sink`. LAME's CBR presets
// scale the input by 0.95 (headroom for 16-bit decoders), which would leave the file 0.45 LU
// under the loudness target; the limiter has already left true-peak headroom, so the scale is
// undone here.
template <typename Sink>
void encode_frames(lame_global_flags* gf, const float* samples, std::size_t n, Sink&& sink,
                   const std::filesystem::path& path) {
  const float undo_scale = 1.0f / lame_get_scale(gf);
  // LAME's documented worst case for an output buffer: 1.25 * samples + 7200 bytes.
  std::vector<unsigned char> buf(kBlock + kBlock / 4 + 7200);
  std::vector<float> block(kBlock);
  for (std::size_t at = 0; at < n; at += kBlock) {
    const std::size_t m = std::min<std::size_t>(n - at, kBlock);
    for (std::size_t i = 0; i < m; ++i) block[i] = samples[at + i] * undo_scale;
    // Mono: LAME reads only the left channel, but a valid pointer costs nothing.
    const int bytes =
        lame_encode_buffer_ieee_float(gf, block.data(), block.data(), static_cast<int>(m),
                                      buf.data(), static_cast<int>(buf.size()));
    if (bytes < 0) throw Internal(fmt::format("{}: LAME failed ({})", path.string(), bytes));
    sink(buf.data(), static_cast<std::size_t>(bytes));
  }
  const int tail = lame_encode_flush(gf, buf.data(), static_cast<int>(buf.size()));
  if (tail < 0) throw Internal(fmt::format("{}: LAME failed to flush ({})", path.string(), tail));
  sink(buf.data(), static_cast<std::size_t>(tail));
}

// LAME's CRC-16 (polynomial 0x8005 reflected, as in its tag): over the music and the tag.
std::uint16_t lame_crc16(std::string_view bytes, std::uint16_t crc) {
  static const std::array<std::uint16_t, 256> table = [] {
    std::array<std::uint16_t, 256> t{};
    for (unsigned i = 0; i < 256; ++i) {
      unsigned c = i;
      for (int bit = 0; bit < 8; ++bit) c = (c & 1) ? (c >> 1) ^ 0xA001 : c >> 1;
      t[i] = static_cast<std::uint16_t>(c);
    }
    return t;
  }();
  for (const char c : bytes) {
    crc = static_cast<std::uint16_t>((crc >> 8) ^
                                     table[(crc ^ static_cast<unsigned char>(c)) & 0xff]);
  }
  return crc;
}

void put_be(std::string& frame, std::size_t at, std::uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) {
    frame[at + i] = static_cast<char>((value >> (8 * (bytes - 1 - i))) & 0xff);
  }
}

// The Info frame's table of contents as LAME fills it (VbrTag.c): a running count of frames
// sampled every `want` frames into 400 slots, halved whenever they fill, then read at each
// percent. For CBR the result is nearly linear; kept to the byte so that a one-unit file is
// exactly LAME's own.
std::string seek_table(std::size_t frames) {
  constexpr std::size_t kSlots = 400;
  std::vector<std::size_t> bag(kSlots);
  std::size_t want = 1;
  std::size_t seen = 0;
  std::size_t pos = 0;
  for (std::size_t f = 1; f <= frames; ++f) {
    if (++seen < want) continue;
    if (pos < kSlots) {
      bag[pos++] = f;
      seen = 0;
    }
    if (pos == kSlots) {
      for (std::size_t i = 1; i < kSlots; i += 2) bag[i / 2] = bag[i];
      want *= 2;
      pos /= 2;
    }
  }
  std::string toc(100, '\0');
  for (std::size_t i = 1; i < toc.size() && pos > 0 && frames > 0; ++i) {
    const float j = static_cast<float>(i) / 100.0f;
    auto index = static_cast<std::size_t>(std::floor(j * static_cast<float>(pos)));
    index = std::min(index, pos - 1);
    const auto point =
        static_cast<int>(256.0 * static_cast<double>(bag[index]) / static_cast<double>(frames));
    toc[i] = static_cast<char>(std::min(point, 255));
  }
  return toc;
}

// The Info frame of a file of `frames` audio frames (`bytes` bytes): LAME's own frame for
// these settings, with the counts, the seek table, the padding and both CRCs of this file.
// Field offsets follow the LAME tag specification (after "Info": flags 4, frames 4, bytes 4,
// TOC 100, quality 4, then the LAME extension of 36 bytes).
std::string info_frame(std::size_t frames, std::size_t bytes, std::uint16_t music_crc,
                       const std::filesystem::path& path) {
  LamePtr gf = make_lame_encoder(path, true);
  const std::vector<float> silence(kMp3FrameSamples, 0.0f);
  encode_frames(
      gf.get(), silence.data(), silence.size(), [](const unsigned char*, std::size_t) {}, path);
  std::string frame(kMp3FrameBytes, '\0');
  const std::size_t n = lame_get_lametag_frame(
      gf.get(), reinterpret_cast<unsigned char*>(frame.data()), frame.size());
  const std::size_t x = frame.find("Info");
  if (n != kMp3FrameBytes || x == std::string::npos || x + 156 > frame.size()) {
    throw Internal(fmt::format("{}: LAME wrote no Info frame to start from", path.string()));
  }
  const std::size_t total = bytes + kMp3FrameBytes;
  put_be(frame, x + 8, frames, 4);
  put_be(frame, x + 12, total, 4);
  const auto toc = seek_table(frames);
  frame.replace(x + 16, toc.size(), toc);
  constexpr std::uint32_t kDelay = 576;
  constexpr std::uint32_t kPadding = 576;
  put_be(frame, x + 141, (kDelay << 12) | kPadding, 3);
  put_be(frame, x + 148, total, 4);
  put_be(frame, x + 152, music_crc, 2);
  put_be(frame, x + 154, lame_crc16(std::string_view(frame).substr(0, x + 154), 0), 2);
  return frame;
}

}  // namespace

LamePtr make_lame_encoder(const std::filesystem::path& path, bool info_frame) {
  constexpr int rate = kRenderRate;
  LamePtr gf(lame_init());
  if (!gf) throw Internal(fmt::format("{}: LAME could not be initialised", path.string()));
  lame_set_num_channels(gf.get(), 1);
  lame_set_mode(gf.get(), MONO);
  lame_set_in_samplerate(gf.get(), rate);
  lame_set_out_samplerate(gf.get(), rate);  // never let LAME pick a lower rate
  lame_set_VBR(gf.get(), vbr_off);
  lame_set_brate(gf.get(), kMp3Kbps);
  lame_set_quality(gf.get(), kLameQuality);
  lame_set_bWriteVbrTag(gf.get(), info_frame ? 1 : 0);
  lame_set_write_id3tag_automatic(gf.get(), 0);  // TagLib writes the tag
  if (lame_init_params(gf.get()) < 0) {
    throw Internal(fmt::format("{}: LAME rejected the settings ({} Hz)", path.string(), rate));
  }
  return gf;
}

std::string lame_encode(lame_global_flags* gf, const float* samples, std::size_t n,
                        const std::filesystem::path& path) {
  std::string out;
  encode_frames(
      gf, samples, n,
      [&](const unsigned char* data, std::size_t m) {
        out.append(reinterpret_cast<const char*>(data), m);
      },
      path);
  return out;
}

std::string encode_mp3_unit(const float* samples, std::size_t n) {
  const std::filesystem::path label("mp3 unit");
  if (n == 0 || (n + kMp3FrameSamples) % kMp3FrameSamples != 0) {
    throw InvalidInput(fmt::format("mp3 unit: {} samples is not a whole number of frames", n));
  }
  LamePtr gf = make_lame_encoder(label, false);
  const std::string frames = lame_encode(gf.get(), samples, n, label);
  const auto expected = (n / kMp3FrameSamples + 1) * kMp3FrameBytes;
  if (frames.size() != expected) {
    throw Internal(fmt::format("mp3 unit: LAME wrote {} bytes for {} samples, not {}",
                               frames.size(), n, expected));
  }
  return frames;
}

void write_mp3_units(const std::vector<const std::string*>& units, const AudioTags& tags,
                     const std::filesystem::path& path) {
  std::size_t bytes = 0;
  std::uint16_t music_crc = 0;
  for (const std::string* u : units) {
    bytes += u->size();
    music_crc = lame_crc16(*u, music_crc);
  }
  if (bytes == 0) throw InvalidInput(fmt::format("{}: no audio to encode", path.string()));
  StagedFile out(path);
  out.write(info_frame(bytes / kMp3FrameBytes, bytes, music_crc, path));
  for (const std::string* u : units) out.write(*u);
  write_id3_tags(out.temp(), tags, path);
  out.commit();
}

}  // namespace lectio::speech
