// Ogg Opus by units (opus_units.h): libopus packets per unit, one Ogg stream through a staged
// file.
//
// Settings: mono, 48 kbit/s VBR, complexity 5, no signal hint, 60 ms packets. Opus at
// 48 kbit/s is transparent for a single voice (32 kbit/s already sounds clean, 48 leaves room
// for the limiter's dense peaks); a one-hour lesson is about 22 MB. Tags are Vorbis comments,
// with chapters in the Xiph chapter extension (CHAPTER001=HH:MM:SS.mmm, CHAPTER001NAME=…),
// which ffmpeg and most Ogg players read.
//
// Speed (docs/benchmarks.md, "Speech and audio"; libopus 1.3.1, the example's 10 minutes,
// measured through libopusenc before the units): complexity 7 and up run libopus's signal
// analysis, and the speech hint moves 48 kbit/s from CELT into the SILK/CELT hybrid mode.
// Complexity 10 with the hint took 11.6 s of CPU, complexity 5 with it 7.8 s, complexity 5
// without it 4.4 s. Without the hint libopus codes CELT, full band, as it does for any signal
// at this rate; the lower complexity drops the analysis and some search depth, not the
// bandwidth or the pitch pre-filter. Of the 4.4 s, over half was a CPUID instruction (perf):
// each call into libopus's multistream layer reached its run-time CPU detection, and in a
// virtual machine CPUID traps to the hypervisor. 60 ms packets (three 20 ms CELT frames each)
// make a third as many calls: 2.6 s, the coding unchanged; players seek to 60 ms.
#include "opus_units.h"

#include <fmt/format.h>
#include <ogg/ogg.h>
#include <opus/opus.h>

#include <cstdint>
#include <cstring>
#include <memory>

#include "lectio/core/error.h"
#include "lectio/core/file.h"
#include "lectio/speech/pcm.h"
#include "timestamp.h"

namespace lectio::speech {

namespace {

constexpr int kOpusBitrate = 48000;
constexpr int kOpusComplexity = 5;
constexpr int kMaxPacketBytes = 4000;
// libopus's look-ahead at 48 kHz for the audio application: the stream's pre-skip.
constexpr int kOpusPreSkip = 312;

struct EncoderDeleter {
  void operator()(OpusEncoder* e) const { opus_encoder_destroy(e); }
};

void put_le(std::string& out, std::uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(static_cast<char>((value >> (8 * i)) & 0xff));
}

std::uint32_t get_le32(const std::string& in, std::size_t at) {
  std::uint32_t v = 0;
  for (int i = 3; i >= 0; --i) v = (v << 8) | static_cast<unsigned char>(in[at + i]);
  return v;
}

std::string head_packet() {
  std::string p = "OpusHead";
  p.push_back(1);  // version
  p.push_back(1);  // channels
  put_le(p, kOpusPreSkip, 2);
  put_le(p, kRenderRate, 4);  // the input's rate, for information
  put_le(p, 0, 2);            // output gain
  p.push_back(0);             // mapping family 0: mono or stereo
  return p;
}

std::string tags_packet(const AudioTags& tags, const std::filesystem::path& path) {
  std::string p = "OpusTags";
  const std::string vendor = opus_get_version_string();
  put_le(p, vendor.size(), 4);
  p += vendor;
  const auto comments = opus_comments(tags, path);
  put_le(p, comments.size(), 4);
  for (const auto& [key, value] : comments) {
    put_le(p, key.size() + 1 + value.size(), 4);
    p += key + "=" + value;
  }
  return p;
}

// Ogg pages of one logical stream, written to a staged file as they fill.
class OggWriter {
 public:
  explicit OggWriter(StagedFile& out) : out_(out) {
    if (ogg_stream_init(&os_, 0x4c656374) != 0) throw Internal("ogg: cannot start a stream");
  }
  ~OggWriter() { ogg_stream_clear(&os_); }
  OggWriter(const OggWriter&) = delete;
  OggWriter& operator=(const OggWriter&) = delete;

  void packet(const std::string& bytes, std::int64_t granule, bool last) {
    ogg_packet op{};
    op.packet = reinterpret_cast<unsigned char*>(const_cast<char*>(bytes.data()));
    op.bytes = static_cast<long>(bytes.size());
    op.b_o_s = packetno_ == 0 ? 1 : 0;
    op.e_o_s = last ? 1 : 0;
    op.granulepos = granule;
    op.packetno = packetno_++;
    if (ogg_stream_packetin(&os_, &op) != 0) throw Internal("ogg: a packet was refused");
  }
  // Pages that are full (or everything, when `flush`) go to the file.
  void pages(bool flush) {
    ogg_page og{};
    while (flush ? ogg_stream_flush(&os_, &og) : ogg_stream_pageout(&os_, &og)) {
      out_.write(og.header, static_cast<std::size_t>(og.header_len));
      out_.write(og.body, static_cast<std::size_t>(og.body_len));
    }
  }

 private:
  StagedFile& out_;
  ogg_stream_state os_{};
  std::int64_t packetno_ = 0;
};

}  // namespace

std::vector<std::pair<std::string, std::string>> opus_comments(const AudioTags& tags,
                                                               const std::filesystem::path& path) {
  std::vector<std::pair<std::string, std::string>> out;
  const auto add = [&](std::string key, const std::string& value) {
    if (!value.empty()) out.emplace_back(std::move(key), value);
  };
  add("TITLE", tags.title);
  add("ARTIST", tags.artist);
  add("ALBUM", tags.album);
  add("DATE", tags.date);
  add("COMMENT", tags.comment);
  if (tags.chapters.size() > 999) {
    throw InvalidInput(fmt::format("{}: {} chapters, over the 999 Ogg allows", path.string(),
                                   tags.chapters.size()));
  }
  for (std::size_t i = 0; i < tags.chapters.size(); ++i) {
    const std::string key = fmt::format("CHAPTER{:03}", i + 1);
    add(key, clock_time(tags.chapters[i].start));
    add(key + "NAME", tags.chapters[i].title);
  }
  return out;
}

std::string encode_opus_unit(const float* samples, std::size_t n) {
  if (n == 0 || n % kOpusPacketSamples != 0) {
    throw InvalidInput(fmt::format("opus unit: {} samples is not a whole number of packets", n));
  }
  int err = OPUS_OK;
  std::unique_ptr<OpusEncoder, EncoderDeleter> enc(
      opus_encoder_create(kRenderRate, 1, OPUS_APPLICATION_AUDIO, &err));
  if (!enc || err != OPUS_OK) throw Internal("opus unit: libopus could not be initialised");
  opus_int32 lookahead = 0;
  if (opus_encoder_ctl(enc.get(), OPUS_SET_BITRATE(kOpusBitrate)) != OPUS_OK ||
      opus_encoder_ctl(enc.get(), OPUS_SET_COMPLEXITY(kOpusComplexity)) != OPUS_OK ||
      opus_encoder_ctl(enc.get(), OPUS_GET_LOOKAHEAD(&lookahead)) != OPUS_OK ||
      lookahead != kOpusPreSkip) {
    throw Internal("opus unit: libopus rejected the settings");
  }
  std::string out;
  unsigned char packet[kMaxPacketBytes];
  for (std::size_t at = 0; at < n; at += kOpusPacketSamples) {
    const opus_int32 bytes =
        opus_encode_float(enc.get(), samples + at, kOpusPacketSamples, packet, kMaxPacketBytes);
    if (bytes < 0) throw Internal(fmt::format("opus unit: {}", opus_strerror(bytes)));
    put_le(out, static_cast<std::uint64_t>(bytes), 4);
    out.append(reinterpret_cast<const char*>(packet), static_cast<std::size_t>(bytes));
  }
  return out;
}

void write_opus_units(const std::vector<const std::string*>& units, std::size_t samples,
                      const AudioTags& tags, const std::filesystem::path& path) {
  std::vector<std::pair<const std::string*, std::size_t>> packets;  // (unit, offset)
  for (const std::string* u : units) {
    for (std::size_t at = 0; at < u->size();) {
      if (at + 4 > u->size() || at + 4 + get_le32(*u, at) > u->size()) {
        throw InvalidInput(fmt::format("{}: a unit is not Opus packets", path.string()));
      }
      packets.emplace_back(u, at);
      at += 4 + get_le32(*u, at);
    }
  }
  if (samples == 0 || samples + kOpusPreSkip > packets.size() * kOpusPacketSamples) {
    throw InvalidInput(
        fmt::format("{}: {} samples in {} packets", path.string(), samples, packets.size()));
  }
  StagedFile out(path);
  OggWriter ogg(out);
  ogg.packet(head_packet(), 0, false);
  ogg.pages(true);
  ogg.packet(tags_packet(tags, path), 0, false);
  ogg.pages(true);  // the headers end their pages, as the specification asks
  for (std::size_t i = 0; i < packets.size(); ++i) {
    const auto& [u, at] = packets[i];
    const bool last = i + 1 == packets.size();
    // Granule positions count decoded samples, the pre-skip included.
    const auto granule =
        static_cast<std::int64_t>(last ? kOpusPreSkip + samples : (i + 1) * kOpusPacketSamples);
    ogg.packet(u->substr(at + 4, get_le32(*u, at)), granule, last);
    ogg.pages(last);
  }
  out.commit();
}

}  // namespace lectio::speech
