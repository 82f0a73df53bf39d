// Ogg Opus encoding with libopusenc, through a staged file.
//
// Settings: mono, 48 kbit/s VBR, complexity 5, no signal hint, 60 ms packets. Opus at
// 48 kbit/s is transparent for a single voice (32 kbit/s already sounds clean, 48 leaves room
// for the limiter's dense peaks); a one-hour lesson is about 22 MB. Tags are Vorbis comments,
// with chapters in the Xiph chapter extension (CHAPTER001=HH:MM:SS.mmm, CHAPTER001NAME=…),
// which ffmpeg and most Ogg players read.
//
// Speed (docs/benchmarks.md, "Speech and audio"; libopus 1.3.1, the example's 10 minutes):
// complexity 7 and up run libopus's signal analysis, and the speech hint moves 48 kbit/s from
// CELT into the SILK/CELT hybrid mode. Complexity 10 with the hint took 11.6 s of CPU,
// complexity 5 with it 7.8 s, complexity 5 without it 4.4 s. Without the hint libopus codes
// CELT, full band, as it does for any signal at this rate; the lower complexity drops the
// analysis and some search depth, not the bandwidth or the pitch pre-filter. Of the 4.4 s,
// over half was a CPUID instruction (perf): libopusenc makes three calls into libopus's
// multistream layer per packet, these reach libopus's run-time CPU detection, and in a
// virtual machine CPUID traps to the hypervisor. 60 ms packets (three 20 ms CELT frames
// each) make a third as many calls: 2.6 s, the coding unchanged; players seek to 60 ms.
#include <fmt/format.h>
#include <opus/opusenc.h>

#include <algorithm>
#include <exception>
#include <memory>

#include "lectio/core/error.h"
#include "lectio/core/file.h"
#include "lectio/speech/publish_files.h"
#include "timestamp.h"

namespace lectio::speech {

namespace {

constexpr int kOpusBitrate = 48000;
constexpr int kOpusComplexity = 5;  // 0 fastest … 10 best
constexpr int kBlock = 4800;        // samples per write call

struct CommentsDeleter {
  void operator()(OggOpusComments* c) const { ope_comments_destroy(c); }
};
struct EncoderDeleter {
  void operator()(OggOpusEnc* e) const { ope_encoder_destroy(e); }
};
using CommentsPtr = std::unique_ptr<OggOpusComments, CommentsDeleter>;
using EncoderPtr = std::unique_ptr<OggOpusEnc, EncoderDeleter>;

// Pages go through the staged file rather than ope_encoder_create_file's own FILE*, so a
// failed write (disk full) is seen and reported instead of lost in an unchecked fclose.
struct Sink {
  StagedFile* out;
  std::exception_ptr failure;
};

int sink_write(void* user, const unsigned char* data, opus_int32 len) {
  auto* sink = static_cast<Sink*>(user);
  try {
    sink->out->write(data, static_cast<std::size_t>(len));
    return 0;
  } catch (...) {
    sink->failure = std::current_exception();
    return 1;
  }
}

int sink_close(void*) {
  return 0;
}  // StagedFile owns the descriptor

CommentsPtr make_comments(const AudioTags& tags, const std::filesystem::path& path) {
  CommentsPtr c(ope_comments_create());
  if (!c) throw Internal(fmt::format("{}: libopusenc could not allocate comments", path.string()));
  auto add = [&](const std::string& key, const std::string& value) {
    if (value.empty()) return;
    if (ope_comments_add(c.get(), key.c_str(), value.c_str()) != OPE_OK) {
      throw InvalidInput(fmt::format("{}: cannot store the {} comment", path.string(), key));
    }
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
  return c;
}

void check(int rc, const Sink& sink, const std::filesystem::path& path, const char* step) {
  if (sink.failure) std::rethrow_exception(sink.failure);
  if (rc != OPE_OK) {
    throw Internal(
        fmt::format("{}: libopusenc failed to {}: {}", path.string(), step, ope_strerror(rc)));
  }
}

}  // namespace

void write_opus(const Pcm& pcm, const AudioTags& tags, const std::filesystem::path& path) {
  if (pcm.sample_rate < 8000 || pcm.sample_rate > 192000) {
    throw InvalidInput(
        fmt::format("{}: {} Hz is not a supported sample rate", path.string(), pcm.sample_rate));
  }
  if (pcm.samples.empty()) throw InvalidInput(fmt::format("{}: no audio to encode", path.string()));

  CommentsPtr comments = make_comments(tags, path);
  StagedFile out(path);
  Sink sink{&out, nullptr};
  const OpusEncCallbacks callbacks{sink_write, sink_close};
  int err = OPE_OK;
  // Family 0: mono/stereo without a mapping table. Other rates are resampled by libopusenc.
  EncoderPtr enc(
      ope_encoder_create_callbacks(&callbacks, &sink, comments.get(), pcm.sample_rate, 1, 0, &err));
  if (!enc) check(err == OPE_OK ? OPE_INTERNAL_ERROR : err, sink, path, "start");
  check(ope_encoder_ctl(enc.get(), OPUS_SET_BITRATE(kOpusBitrate)), sink, path, "set the bitrate");
  check(ope_encoder_ctl(enc.get(), OPUS_SET_COMPLEXITY(kOpusComplexity)), sink, path,
        "set the complexity");
  check(ope_encoder_ctl(enc.get(), OPUS_SET_EXPERT_FRAME_DURATION(OPUS_FRAMESIZE_60_MS)), sink,
        path, "set the packet duration");

  const float* p = pcm.samples.data();
  std::size_t left = pcm.samples.size();
  while (left > 0) {
    const int n = static_cast<int>(std::min<std::size_t>(left, kBlock));
    check(ope_encoder_write_float(enc.get(), p, n), sink, path, "encode");
    p += n;
    left -= static_cast<std::size_t>(n);
  }
  check(ope_encoder_drain(enc.get()), sink, path, "finish");
  enc.reset();
  out.commit();
}

}  // namespace lectio::speech
