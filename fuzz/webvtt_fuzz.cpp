// Fuzzes the WebVTT and chapters writers with any cue text, speaker and times: the output
// must stay one cue per sentence: no text can add a timing line, a tag or a line break.
#include <cstring>

#include "fuzz_support.h"
#include "lectio/speech/publish_files.h"

namespace {

double take_time(const std::uint8_t*& data, std::size_t& size) {
  std::int32_t centis = 0;
  if (size >= sizeof centis) {
    std::memcpy(&centis, data, sizeof centis);
    data += sizeof centis;
    size -= sizeof centis;
  }
  return centis / 100.0;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using lectio::speech::Cue;
  std::vector<Cue> cues;
  std::vector<lectio::speech::Chapter> chapters;
  while (size > 0 && cues.size() < 16) {
    Cue cue;
    cue.start = take_time(data, size);
    cue.end = take_time(data, size);
    const std::string_view rest = lectio::fuzz::as_text(data, size);
    const std::size_t cut = std::min(rest.find('\x01'), rest.size());
    const std::size_t split = rest.substr(0, cut).find('\x02');
    cue.speaker = std::string(rest.substr(0, std::min(split, cut)));
    if (split != std::string_view::npos)
      cue.text = std::string(rest.substr(split + 1, cut - split - 1));
    const std::size_t used = std::min(cut + 1, size);
    data += used;
    size -= used;
    chapters.push_back({cue.text, cue.start, cue.end});
    cues.push_back(std::move(cue));
  }
  lectio::fuzz::refuse_or_parse([&] {
    const std::string vtt = lectio::speech::webvtt(cues);
    std::size_t timings = 0;
    for (std::size_t at = vtt.find("-->"); at != std::string::npos; at = vtt.find("-->", at + 3)) {
      ++timings;
    }
    if (timings != cues.size()) __builtin_trap();
    std::size_t lines = 0;
    for (const char c : vtt) lines += c == '\n';
    if (lines != 1 + 4 * cues.size()) __builtin_trap();  // blank, number, timing, payload
  });
  lectio::fuzz::refuse_or_parse([&] { lectio::speech::chapters_json(chapters); });
  return 0;
}
