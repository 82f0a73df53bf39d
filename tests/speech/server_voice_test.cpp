// Speech-server voices against a server of our own on a loopback port (speech_server.h) that
// answers real flite speech in the format asked: decoding, retries, refusals, a down server,
// the cap on requests in flight, the sentence cache, cue times and cleanup after a failure.
// Labelled "audio": needs the flite, espeak-ng, ffmpeg and ffprobe commands.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <stdlib.h>

#include <chrono>
#include <nlohmann/json.hpp>

#include "lectio/core/error.h"
#include "lectio/speech/normalize.h"
#include "lectio/speech/render.h"
#include "lectio/speech/synthesizer.h"
#include "lectio/voices/voice_registry.h"
#include "speech/audio_support.h"
#include "speech/server_voice_support.h"
#include "speech/speech_server.h"

namespace lectio::speech {
namespace {

namespace fs = std::filesystem;
using testing::FakeSpeechServer;
using testing::Registered;
using testing::server_lesson;
using testing::server_voice;
using testing::TempDir;

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

TEST(ServerVoiceTest, DecodesEveryFormatTheServerSends) {
  FakeSpeechServer server;
  const std::string text = "Tensor cores multiply small matrices.";
  // flite speaks at 16 kHz; the server converts pcm to 24 kHz; Opus is decoded at the rate
  // its header names as the input's.
  const std::vector<std::pair<std::string, int>> formats = {
      {"wav", 16000}, {"pcm", 24000}, {"flac", 16000}, {"mp3", 16000}, {"opus", 16000}};
  for (const auto& [format, rate] : formats) {
    const Pcm pcm = make_synthesizer(server_voice(server.base_url(), "Nova", format))->speak(text);
    EXPECT_EQ(pcm.sample_rate, rate) << format;
    // Lossy codecs add at most a few tens of milliseconds of padding.
    EXPECT_NEAR(pcm.seconds(), server.seconds_sent(text), 0.08) << format;
    float peak = 0;
    for (float s : pcm.samples) peak = std::max(peak, std::fabs(s));
    EXPECT_GT(peak, 0.05f) << format << ": speech, not silence";
  }
  server.set_streamed_wav(true);
  const Pcm streamed = make_synthesizer(server_voice(server.base_url()))->speak(text);
  EXPECT_NEAR(streamed.seconds(), server.seconds_sent(text), 0.001) << "a streamed WAV header";

  const auto log = server.request_log();
  ASSERT_EQ(log.size(), formats.size() + 1);
  EXPECT_EQ(log[0].body["model"], "kokoro");
  EXPECT_EQ(log[0].body["voice"], "slt");
  EXPECT_EQ(log[0].body["input"], text);
  EXPECT_EQ(log[0].body["response_format"], "wav");
  EXPECT_DOUBLE_EQ(log[0].body["speed"].get<double>(), 1.0);
  EXPECT_EQ(log[0].authorization, "") << "no key configured, none sent";
}

TEST(ServerVoiceTest, RetriesAfterWhatRetryAfterAsks) {
  FakeSpeechServer server;
  server.fail_next(2, 429, "1");
  const Pcm pcm = make_synthesizer(server_voice(server.base_url()))->speak("Hello there.");
  EXPECT_GT(pcm.samples.size(), 1000u);
  const auto log = server.request_log();
  ASSERT_EQ(log.size(), 3u);
  for (std::size_t i = 1; i < log.size(); ++i) {
    const double gap = std::chrono::duration<double>(log[i].arrived - log[i - 1].arrived).count();
    EXPECT_GE(gap, 0.95) << "retry " << i << " came before Retry-After: 1";
  }
}

TEST(ServerVoiceTest, GivesUpOnA500AfterFourAttemptsNamingTheServer) {
  FakeSpeechServer server;
  server.fail_next(100, 500);
  try {
    make_synthesizer(server_voice(server.base_url()))->speak("Hello there.");
    FAIL() << "no error";
  } catch (const Io& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("voice 'Nova'"), std::string::npos) << m;
    EXPECT_NE(m.find(server.base_url()), std::string::npos) << m;
    EXPECT_NE(m.find("HTTP 500"), std::string::npos) << m;
    EXPECT_NE(m.find("try again later"), std::string::npos) << m;
    EXPECT_EQ(m.find('\n'), std::string::npos) << m;
  }
  EXPECT_EQ(server.requests(), 4);
}

TEST(ServerVoiceTest, ARefusalIsNotRetriedAndTheKeyIsSentButNeverShown) {
  FakeSpeechServer server;
  ::setenv("LECTIO_TTS_API_KEY", "sk-secret-123", 1);
  server.refuse_inputs_with("forbidden");
  try {
    make_synthesizer(server_voice(server.base_url()))->speak("A forbidden sentence.");
    FAIL() << "no error";
  } catch (const InvalidInput& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("HTTP 400: input refused"), std::string::npos) << m;
    EXPECT_EQ(m.find("sk-secret"), std::string::npos) << m;
  }
  ::unsetenv("LECTIO_TTS_API_KEY");
  const auto log = server.request_log();
  ASSERT_EQ(log.size(), 1u);
  EXPECT_EQ(log[0].authorization, "Bearer sk-secret-123");
}

TEST(ServerVoiceTest, ADownServerIsOneLineNamingIt) {
  std::string url;
  {
    FakeSpeechServer gone;
    url = gone.base_url();
  }  // stopped: nothing listens on its port now
  const auto start = std::chrono::steady_clock::now();
  try {
    make_synthesizer(server_voice(url))->speak("Hello there.");
    FAIL() << "no error";
  } catch (const Io& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find(url + " is not answering"), std::string::npos) << m;
    EXPECT_EQ(m.find('\n'), std::string::npos) << m;
  }
  EXPECT_GE(seconds_since(start), 3.4) << "three backoffs of 0.5, 1 and 2 s";
}

TEST(ServerVoiceTest, ASlowServerTimesOutAndAFastEnoughOneIsWaitedFor) {
  FakeSpeechServer server;
  server.set_latency(1.5);
  voices::Host impatient = server_voice(server.base_url());
  impatient.server->timeout = 1;
  EXPECT_THROW(make_synthesizer(impatient)->speak("Hello there."), Io);
  EXPECT_EQ(server.requests(), 4);
  server.reset_counts();
  voices::Host patient = server_voice(server.base_url());
  patient.server->timeout = 5;
  EXPECT_GT(make_synthesizer(patient)->speak("Hello there.").samples.size(), 1000u);
  EXPECT_EQ(server.requests(), 1);
}

TEST(ServerVoiceTest, RenderKeepsTheCapOnRequestsInFlight) {
  FakeSpeechServer server;
  server.set_latency(0.3);
  voices::Host voice = server_voice(server.base_url());
  voice.server->concurrency = 3;
  const Registered registered(voice);
  TempDir out;
  RenderOptions options;
  options.out_dir = out.path();
  render_lesson(server_lesson("Nova", 9), options);
  EXPECT_EQ(server.requests(), 9);
  EXPECT_EQ(server.max_in_flight(), 3) << "more workers than cores, never more than the cap";

  server.reset_counts();
  TempDir elsewhere;  // an empty sentence cache: every sentence is asked for again
  options.out_dir = elsewhere.path();
  options.threads = 8;  // more workers than the cap: the cap still holds
  render_lesson(server_lesson("Nova", 9), options);
  EXPECT_EQ(server.requests(), 9);
  EXPECT_EQ(server.max_in_flight(), 3);
}

TEST(ServerVoiceTest, ReRenderSendsOnlyChangedSentences) {
  FakeSpeechServer server;
  const Registered registered(server_voice(server.base_url()));
  TempDir out;
  RenderOptions options;
  options.out_dir = out.path();
  const RenderResult first = render_lesson(server_lesson("Nova", 5), options);
  EXPECT_EQ(server.requests(), 5);

  server.reset_counts();
  // The lesson's files gone (a new render), its sentences cached.
  for (const auto& e : fs::directory_iterator(out.path())) {
    if (e.is_regular_file()) fs::remove(e.path());
  }
  const RenderResult again = render_lesson(server_lesson("Nova", 5), options);
  EXPECT_FALSE(again.reused);
  EXPECT_EQ(server.requests(), 0) << "every sentence came from the cache";
  EXPECT_NEAR(again.seconds, first.seconds, 1e-9);

  const RenderResult edited = render_lesson(server_lesson("Nova", 5, " and more"), options);
  EXPECT_NE(edited.mp3, first.mp3);
  const auto log = server.request_log();
  ASSERT_EQ(log.size(), 1u);
  EXPECT_EQ(log[0].body["input"], "Sentence three is about systolic arrays and more.")
      << "the normalised text is what the server reads";
}

TEST(ServerVoiceTest, CuesFollowTheDecodedAudio) {
  FakeSpeechServer server;
  const Registered registered(server_voice(server.base_url(), "Nova", "mp3"));
  TempDir out;
  RenderOptions options;
  options.out_dir = out.path();
  const lesson::Lesson lesson = server_lesson("Nova", 4);
  const RenderResult r = render_lesson(lesson, options);
  const auto cues = testing::read_vtt(r.vtt);
  ASSERT_EQ(cues.size(), 4u);
  for (std::size_t i = 0; i < cues.size(); ++i) {
    const std::string& text =
        (i < 2 ? lesson.script[0].sentences[i] : lesson.script[1].sentences[i - 2]).text;
    EXPECT_NE(cues[i].payload.find(text), std::string::npos) << cues[i].payload;
    // The cue spans the server's audio for the line less the edge silence trimmed (flite
    // pads under 0.4 s; an MP3 decoder adds a few ms).
    const double sent = server.seconds_sent(normalize_for_speech(text, "en"));
    ASSERT_GT(sent, 0) << text;
    EXPECT_LE(cues[i].end - cues[i].start, sent + 0.06) << text;
    EXPECT_GE(cues[i].end - cues[i].start, sent - 0.4) << text;
  }
  // Pauses as asked, within the ±60 ms a join between units may move them (program_units.h).
  EXPECT_NEAR(cues[1].start - cues[0].end, options.sentence_pause, 0.061);
  EXPECT_NEAR(cues[2].start - cues[1].end, options.section_pause, 0.061);
  // The lead-in before the first cue; after the last, the tail and at most one 120 ms slot of
  // fill: the whole file, as ffprobe reads it.
  EXPECT_NEAR(cues[0].start, 0.3, 0.002);
  const auto probe = testing::run_tool({"ffprobe", "-v", "error", "-show_entries",
                                        "format=duration", "-of", "csv=p=0", r.mp3.string()});
  ASSERT_EQ(probe.exit_code, 0) << probe.err;
  const double duration = std::stod(probe.out);
  EXPECT_NEAR(duration, r.seconds, 0.03);
  EXPECT_GE(duration, cues.back().end + 0.8 - 0.03);
  EXPECT_LE(duration, cues.back().end + 0.8 + 0.12 + 0.03);
}

TEST(ServerVoiceTest, AFailedRenderLeavesNoLessonFiles) {
  FakeSpeechServer server;
  server.refuse_inputs_with("Sentence five");  // as normalised; the fifth sentence
  const Registered registered(server_voice(server.base_url()));
  TempDir out;
  RenderOptions options;
  options.out_dir = out.path();
  options.threads = 1;  // sentences in order: 1 to 4 are cached before 5 fails
  EXPECT_THROW(render_lesson(server_lesson("Nova", 5), options), InvalidInput);
  std::vector<fs::path> left;
  std::size_t clips = 0;  // the renderer's own cache of each spoken sentence (issue 32)
  for (const auto& e : fs::recursive_directory_iterator(out.path())) {
    if (!e.is_regular_file()) continue;
    if (e.path().parent_path().parent_path() == out.path() / "clips") {
      ++clips;
      continue;
    }
    left.push_back(e.path());
  }
  EXPECT_EQ(clips, 4u) << "the clips of the sentences that were spoken are kept";
  for (const fs::path& p : left) {
    EXPECT_EQ(p.parent_path().parent_path(), out.path() / "sentences") << "left behind: " << p;
    EXPECT_EQ(p.extension(), ".wav") << p;
    EXPECT_NE(p.filename().string().front(), '.') << "a temporary file: " << p;
  }
  EXPECT_EQ(left.size(), 4u) << "the sentences that were spoken are kept";

  // Once the server accepts the sentence, only what was missing is asked for.
  const int before = server.requests();
  server.refuse_inputs_with("");
  render_lesson(server_lesson("Nova", 5), options);
  EXPECT_EQ(server.requests() - before, 5 - static_cast<int>(left.size()));
}

TEST(ServerVoiceTest, ALineInAnotherLanguageIsReadByAVoiceOfThatLanguage) {
  // An English lesson by a server voice quotes one Chinese sentence: a voice that speaks
  // Chinese reads it (the server never hears it), and the transcript still names the host.
  FakeSpeechServer server;
  const Registered registered(server_voice(server.base_url()));
  lesson::Lesson lesson = server_lesson("Nova", 3);
  lesson::ScriptSentence quote;
  quote.text = "张量核心在一个时钟周期内完成一次小矩阵乘法。";
  lesson.script[1].sentences.insert(lesson.script[1].sentences.begin(), quote);
  TempDir out;
  RenderOptions options;
  options.out_dir = out.path();
  const RenderResult r = render_lesson(lesson, options);

  const auto log = server.request_log();
  ASSERT_EQ(log.size(), 3u) << "the three English sentences only";
  for (const auto& request : log) {
    EXPECT_EQ(request.body["input"].get<std::string>().find("张量"), std::string::npos);
  }
  const auto cues = testing::read_vtt(r.vtt);
  ASSERT_EQ(cues.size(), 4u);
  EXPECT_NE(cues[2].payload.find("<v Nova>"), std::string::npos) << cues[2].payload;
  EXPECT_NE(cues[2].payload.find("张量核心"), std::string::npos) << cues[2].payload;
  EXPECT_GT(cues[2].end - cues[2].start, 1.0) << "the Chinese sentence is spoken, not skipped";

  // A line of figures alone stays with the host's own voice.
  lesson::ScriptSentence figures;
  figures.text = "2026, 42.";
  lesson.script[1].sentences.push_back(figures);
  server.reset_counts();
  render_lesson(lesson, options);
  EXPECT_EQ(server.requests(), 1) << "only the new line, in the host's voice";
}

}  // namespace
}  // namespace lectio::speech
