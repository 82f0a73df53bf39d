#pragma once
// What a rendered lesson is published as: MP3 (LAME, mono, CBR 96 kbit/s, 48 kHz, with
// ID3v2.4 tags and one CHAP frame per chapter under a CTOC) and Ogg Opus (mono, 48 kbit/s VBR,
// Vorbis comments with the Xiph chapter extension), which render_lesson writes by units
// (render.h), a WebVTT transcript and a Podcasting 2.0 chapters file. Every file goes through
// a temporary file and a rename, so a final name never holds a half-written file.
#include <string>
#include <vector>

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

// WebVTT with one numbered cue per sentence and <v Speaker>…</v> voice spans; &, < and > are
// escaped and line breaks folded into spaces. Throws InvalidInput for a cue whose end is
// before its start (or a negative time).
std::string webvtt(const std::vector<Cue>& cues);

// Podcasting 2.0 chapters JSON ({"version":"1.2.0","chapters":[{"startTime":..,"endTime":..,
// "title":..}]}), times in seconds to the millisecond. Throws InvalidInput like webvtt().
std::string chapters_json(const std::vector<Chapter>& chapters);

}  // namespace lectio::speech
