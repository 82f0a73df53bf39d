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

// MP3 (LAME, mono, VBR) with ID3v2.4 tags and one CHAP frame per chapter under a CTOC.
void write_mp3(const Pcm& pcm, const AudioTags& tags, const std::filesystem::path& path);

// Ogg Opus (libopusenc) with Vorbis comments, including CHAPTERxxx comments.
void write_opus(const Pcm& pcm, const AudioTags& tags, const std::filesystem::path& path);

// WebVTT with one cue per sentence and <v Speaker> voice spans.
std::string webvtt(const std::vector<Cue>& cues);

// Podcasting 2.0 chapters JSON ({"version":"1.2.0","chapters":[{"startTime":..,"title":..}]}).
std::string chapters_json(const std::vector<Chapter>& chapters);

}  // namespace lectio::speech
