#pragma once
// What the speech-server voice tests share: a voice of a FakeSpeechServer (speech_server.h),
// a lesson it speaks and a registry that holds the voice. Header-only, like speech_server.h.
#include <fmt/format.h>

#include <string>

#include "lectio/lesson/lesson.h"
#include "lectio/voices/hosts.h"
#include "lectio/voices/voice_registry.h"
#include "support/temp_dir.h"

namespace lectio::testing {

inline voices::Host server_voice(const std::string& base_url, std::string name = "Nova",
                                 std::string format = "wav") {
  voices::Host h;
  h.name = std::move(name);
  h.language = "en";
  h.gender = "female";
  h.engine = "openai-speech";
  h.voice = "slt";
  h.description = "a test voice";
  voices::SpeechServer s;
  s.base_url = base_url;
  s.model = "kokoro";
  s.format = std::move(format);
  s.concurrency = 2;
  s.timeout = 10;
  h.server = s;
  return h;
}

// A lesson of `count` sentences spoken by `host`.
inline lesson::Lesson server_lesson(const std::string& host, int count,
                                    const std::string& extra = "") {
  lesson::Lesson l;
  l.slug = "server_voice";
  l.id = "lesson_server_voice_0000abcd";
  l.title = "Matrix engines";
  l.date = "2026-04-22";
  l.host = host;
  l.language = "en";
  lesson::ScriptSection intro{lesson::SectionKind::kIntro, "Introduction", -1, "", {}};
  lesson::ScriptSection body{lesson::SectionKind::kInsight, "Why it matters", 0, "", {}};
  for (int i = 0; i < count; ++i) {
    lesson::ScriptSentence s;
    s.text = fmt::format("Sentence {} is about systolic arrays{}.", i + 1, i == 2 ? extra : "");
    (i < 2 ? intro : body).sentences.push_back(s);
  }
  l.script = {intro, body};
  return l;
}

// A data directory whose registry holds `voice`, in use for the test's duration.
struct Registered {
  explicit Registered(const voices::Host& voice) {
    auto registry = voices::open_voice_registry(dir.path());
    registry->add(voice);
    voices::use_voice_registry(std::move(registry));
  }
  ~Registered() { voices::use_voice_registry(nullptr); }
  TempDir dir;
};

}  // namespace lectio::testing
