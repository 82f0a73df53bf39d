// libsndfile reads from memory through its virtual I/O callbacks. It was chosen over FFmpeg's
// libraries because one small, stable call (sf_open_virtual + sf_readf_float) covers every
// format the speech servers send (WAV, raw PCM, FLAC, Ogg Opus and, since 1.1, MP3 through
// mpg123) and returns floats at the source rate; libavformat/libavcodec would need a demuxer,
// a decoder, a resampler context and a frame loop for the same result, and pull in every
// video codec with them.
#include "decode.h"

#include <fmt/format.h>
#include <sndfile.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>

#include "lectio/core/error.h"

namespace lectio::speech {

namespace {

// A read-only cursor over the bytes, for SF_VIRTUAL_IO.
struct Memory {
  std::string_view bytes;
  sf_count_t at = 0;
};

sf_count_t mem_length(void* user) {
  return static_cast<Memory*>(user)->bytes.size();
}

sf_count_t mem_seek(sf_count_t offset, int whence, void* user) {
  auto* m = static_cast<Memory*>(user);
  const auto size = static_cast<sf_count_t>(m->bytes.size());
  sf_count_t to = offset;
  if (whence == SEEK_CUR) to = m->at + offset;
  if (whence == SEEK_END) to = size + offset;
  m->at = std::clamp<sf_count_t>(to, 0, size);
  return m->at;
}

sf_count_t mem_read(void* out, sf_count_t count, void* user) {
  auto* m = static_cast<Memory*>(user);
  const sf_count_t n =
      std::clamp<sf_count_t>(static_cast<sf_count_t>(m->bytes.size()) - m->at, 0, count);
  std::memcpy(out, m->bytes.data() + m->at, static_cast<std::size_t>(n));
  m->at += n;
  return n;
}

sf_count_t mem_write(const void*, sf_count_t, void*) {
  return 0;
}

sf_count_t mem_tell(void* user) {
  return static_cast<Memory*>(user)->at;
}

struct SndfileCloser {
  void operator()(SNDFILE* f) const { sf_close(f); }
};

std::uint32_t get_u32(std::string_view b, std::size_t at) {
  std::uint32_t v = 0;
  std::memcpy(&v, b.data() + at, 4);
  return v;  // RIFF is little-endian, as is every machine Lectio is built for
}

void put_u32(std::string& b, std::size_t at, std::uint32_t v) {
  std::memcpy(b.data() + at, &v, 4);
}

// Streaming servers cannot know the length when they send a WAV header, and write 0 or about
// 4 GiB as the sizes (Kokoro-FastAPI and others). The sizes are set to what arrived, so that
// the whole answer is read and nothing beyond it is expected.
std::string with_wav_sizes_fixed(std::string_view bytes) {
  std::string b(bytes);
  for (std::size_t at = 12; at + 8 <= b.size();) {
    const std::uint32_t size = get_u32(b, at + 4);
    const std::size_t body = at + 8;
    if (b.compare(at, 4, "data") == 0) {
      const std::size_t left = b.size() - body;
      if (size == 0 || size > left) put_u32(b, at + 4, static_cast<std::uint32_t>(left & ~1u));
      put_u32(b, 4, static_cast<std::uint32_t>(b.size() - 8));
      return b;
    }
    at = body + size + (size & 1);
  }
  return b;
}

}  // namespace

std::string sniff_audio(std::string_view b) {
  const auto starts = [&](std::string_view magic) { return b.substr(0, magic.size()) == magic; };
  if (starts("RIFF") && b.size() >= 12 && b.substr(8, 4) == "WAVE") return "wav";
  if (starts("fLaC")) return "flac";
  if (starts("OggS")) return "ogg";
  if (starts("ID3")) return "mp3";
  if (b.size() >= 2 && static_cast<unsigned char>(b[0]) == 0xFF &&
      (static_cast<unsigned char>(b[1]) & 0xE0) == 0xE0) {
    return "mp3";  // an MPEG audio frame sync
  }
  return "";
}

Pcm decode_audio(std::string_view bytes, std::string_view asked, int pcm_rate,
                 std::string_view what) {
  const std::string kind = sniff_audio(bytes);
  if (kind.empty() && asked != "pcm") {
    throw InvalidInput(
        fmt::format("{}: answered {} bytes that are not {} audio", what, bytes.size(), asked));
  }
  const std::string fixed = kind == "wav" ? with_wav_sizes_fixed(bytes) : std::string();
  if (kind == "wav") bytes = fixed;
  SF_INFO info{};
  if (kind.empty()) {  // raw PCM: the format is what the OpenAI API documents for "pcm"
    info.format = SF_FORMAT_RAW | SF_FORMAT_PCM_16 | SF_ENDIAN_LITTLE;
    info.samplerate = pcm_rate;
    info.channels = 1;
  }
  Memory memory{bytes, 0};
  SF_VIRTUAL_IO io{mem_length, mem_seek, mem_read, mem_write, mem_tell};
  const std::unique_ptr<SNDFILE, SndfileCloser> file(
      sf_open_virtual(&io, SFM_READ, &info, &memory));
  if (!file) {
    throw InvalidInput(fmt::format("{}: cannot decode its {} answer ({} bytes): {}", what,
                                   kind.empty() ? "pcm" : kind, bytes.size(),
                                   sf_strerror(nullptr)));
  }
  if (info.samplerate < 8000 || info.samplerate > 192000 || info.channels < 1) {
    throw InvalidInput(fmt::format("{}: answered audio at {} Hz with {} channels", what,
                                   info.samplerate, info.channels));
  }
  Pcm pcm{info.samplerate, {}};
  const auto channels = static_cast<std::size_t>(info.channels);
  std::vector<float> block(4096 * channels);
  for (;;) {
    const sf_count_t got = sf_readf_float(file.get(), block.data(), 4096);
    if (got <= 0) break;
    for (sf_count_t f = 0; f < got; ++f) {
      float sum = 0;
      for (std::size_t c = 0; c < channels; ++c) sum += block[f * channels + c];
      pcm.samples.push_back(sum / static_cast<float>(channels));
    }
  }
  return pcm;
}

}  // namespace lectio::speech
