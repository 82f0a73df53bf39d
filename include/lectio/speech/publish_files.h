#pragma once
// What a rendered lesson is published as: MP3 and Opus with tags and chapters, a WebVTT
// transcript and a Podcasting 2.0 chapters file. Every writer goes through a temporary file
// and a rename, so a final name never holds a half-written file. All throw Io on failure.
#include <filesystem>
#include <string>
#include <vector>

#include "lectio/speech/pcm.h"

namespace lectio::speech {

struct Chapter {
  std::string title;
  double start = 0;  // seconds
  double end = 0;
};

struct Cue {
  double start = 0;  // seconds
  double end = 0;
  std::string speaker;  // voice span: <v Speaker>
  std::string text;     // the sentence as written (not the normalised form)
};

struct AudioTags {
  std::string title;
  std::string artist;  // the host (and co-host)
  std::string album;   // the plan
  std::string date;    // YYYY-MM-DD
  std::string comment;
  std::vector<Chapter> chapters;
};

// MP3 (LAME, mono, CBR 96 kbit/s: exact time-to-byte seeking for chapters in every player)
// with ID3v2.4 tags and one CHAP frame per chapter under a CTOC. Takes any MPEG rate (8 to
// 48 kHz) and encodes at that rate (LAME caps 8–12 kHz at 64 kbit/s). Throws InvalidInput
// for another rate or no samples.
void write_mp3(const Pcm& pcm, const AudioTags& tags, const std::filesystem::path& path);

// Ogg Opus (libopusenc, mono, 48 kbit/s VBR) with Vorbis comments, including the Xiph
// chapter extension (CHAPTER001=HH:MM:SS.mmm, CHAPTER001NAME=title). Throws InvalidInput for
// no samples, a rate outside 8..192 kHz or over 999 chapters.
void write_opus(const Pcm& pcm, const AudioTags& tags, const std::filesystem::path& path);

// WebVTT with one numbered cue per sentence and <v Speaker>…</v> voice spans; &, < and > are
// escaped and line breaks folded into spaces. Throws InvalidInput for a cue whose end is
// before its start (or a negative time).
std::string webvtt(const std::vector<Cue>& cues);

// Podcasting 2.0 chapters JSON ({"version":"1.2.0","chapters":[{"startTime":..,"endTime":..,
// "title":..}]}), times in seconds to the millisecond. Throws InvalidInput like webvtt().
std::string chapters_json(const std::vector<Chapter>& chapters);

}  // namespace lectio::speech
