// The bound on a speech server's answers kept under <out_dir>/sentences
// (CacheLimits::sentence_bytes), against a server of our own on a loopback port
// (speech_server.h): what the last render used stays, the rest goes, and what went is asked
// for again. Labelled "audio": needs the flite, ffmpeg and ffprobe commands.
#include <gtest/gtest.h>

#include <filesystem>

#include "lectio/speech/render.h"
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

// The answers kept, and their bytes.
struct Answers {
  int count = 0;
  std::uintmax_t bytes = 0;
};

Answers answers_in(const fs::path& out) {
  Answers a;
  if (!fs::exists(out / "sentences")) return a;
  for (const auto& e : fs::recursive_directory_iterator(out / "sentences")) {
    if (!e.is_regular_file()) continue;
    ++a.count;
    a.bytes += e.file_size();
  }
  return a;
}

// The same lesson's sentences reworded: five answers none of which `server_lesson` asks for.
lesson::Lesson other_lesson() {
  lesson::Lesson l = server_lesson("Nova", 5);
  for (auto& section : l.script) {
    for (auto& s : section.sentences) s.text.insert(0, "Meanwhile, ");
  }
  return l;
}

// The rendered files and every clip gone, so that the next render needs the answers again.
void forget_clips(const fs::path& out) {
  for (const auto& e : fs::directory_iterator(out)) {
    if (e.is_regular_file()) fs::remove(e.path());
  }
  fs::remove_all(out / "clips");
}

TEST(ServerVoiceCacheTest, AnswersStayWithinTheirBoundKeepingWhatTheRenderUsed) {
  FakeSpeechServer server;
  const Registered registered(server_voice(server.base_url()));
  TempDir out;
  RenderOptions options;
  options.out_dir = out.path();
  render_lesson(server_lesson("Nova", 5), options);
  const Answers first = answers_in(out.path());
  ASSERT_EQ(first.count, 5) << "within the default bound every answer stays";

  options.cache.sentence_bytes = 1;  // smaller than any answer
  server.reset_counts();
  render_lesson(other_lesson(), options);
  EXPECT_EQ(server.requests(), 5);
  const Answers second = answers_in(out.path());
  EXPECT_EQ(second.count, 5) << "the other lesson's answers went, this render's stayed";
  EXPECT_GT(second.bytes, options.cache.sentence_bytes) << "over the bound by those alone";

  // Answers read from the cache (their clips gone) are used too: they stay.
  forget_clips(out.path());
  server.reset_counts();
  render_lesson(other_lesson(), options);
  EXPECT_EQ(server.requests(), 0) << "every answer came from the cache";
  EXPECT_EQ(answers_in(out.path()).count, 5);

  // The evicted ones are asked for again, to the same bytes.
  forget_clips(out.path());
  server.reset_counts();
  render_lesson(server_lesson("Nova", 5), options);
  EXPECT_EQ(server.requests(), 5) << "the first lesson's answers were evicted";
  const Answers again = answers_in(out.path());
  EXPECT_EQ(again.count, 5);
  EXPECT_EQ(again.bytes, first.bytes);
}

TEST(ServerVoiceCacheTest, ARenderThatAsksNoServerLeavesTheAnswersAlone) {
  FakeSpeechServer server;
  const Registered registered(server_voice(server.base_url()));
  TempDir out;
  RenderOptions options;
  options.out_dir = out.path();
  render_lesson(server_lesson("Nova", 5), options);
  render_lesson(other_lesson(), options);
  ASSERT_EQ(answers_in(out.path()).count, 10);

  // Every clip cached: nothing is asked, so nothing is trimmed, however small the bound.
  for (const auto& e : fs::directory_iterator(out.path())) {
    if (e.is_regular_file()) fs::remove(e.path());
  }
  options.cache.sentence_bytes = 1;
  server.reset_counts();
  render_lesson(other_lesson(), options);
  EXPECT_EQ(server.requests(), 0);
  EXPECT_EQ(answers_in(out.path()).count, 10);
}

}  // namespace
}  // namespace lectio::speech
