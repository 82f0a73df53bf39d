// The file-backed voice registry with a real data directory: validation, persistence, changes
// seen across registry objects (as across processes), concurrent additions under the lock,
// and the host lookups that briefs, plans and the renderer use.
#include "lectio/voices/voice_registry.h"

#include <gtest/gtest.h>

#include <thread>

#include "lectio/core/error.h"
#include "support/temp_dir.h"

namespace lectio::voices {
namespace {

namespace fs = std::filesystem;
using testing::TempDir;

Host voice(std::string name, std::string language = "en") {
  Host h;
  h.name = std::move(name);
  h.language = std::move(language);
  h.engine = "openai-speech";
  h.voice = "af_bella";
  SpeechServer s;
  s.base_url = "http://127.0.0.1:8880/v1";
  s.model = "kokoro";
  h.server = s;
  return h;
}

TEST(VoiceRegistryTest, StoresVoicesAndSeesOtherWritersChanges) {
  TempDir dir;
  const auto reader = open_voice_registry(dir.path());
  EXPECT_TRUE(reader->voices().empty()) << "no file: an empty registry";
  EXPECT_FALSE(fs::exists(dir.path() / "voices.json"));

  Host nova = voice("Nova");
  nova.gender = "female";
  nova.rate = 1.2;
  nova.server->format = "pcm";
  nova.server->sample_rate = 22050;
  nova.server->concurrency = 4;
  nova.server->timeout = 30;
  open_voice_registry(dir.path())->add(nova);
  open_voice_registry(dir.path())->add(voice("Ling", "zh"));

  const std::vector<Host> seen = reader->voices();
  ASSERT_EQ(seen.size(), 2u);
  EXPECT_EQ(seen[0].name, "Nova");
  EXPECT_EQ(seen[0].gender, "female");
  EXPECT_DOUBLE_EQ(seen[0].rate, 1.2);
  ASSERT_TRUE(seen[0].server);
  EXPECT_EQ(seen[0].server->format, "pcm");
  EXPECT_EQ(seen[0].server->sample_rate, 22050);
  EXPECT_EQ(seen[0].server->concurrency, 4);
  EXPECT_DOUBLE_EQ(seen[0].server->timeout, 30);
  EXPECT_EQ(seen[1].language, "zh");

  EXPECT_TRUE(open_voice_registry(dir.path())->remove("NOVA"));
  ASSERT_EQ(reader->voices().size(), 1u);
  EXPECT_EQ(reader->voices()[0].name, "Ling");
  EXPECT_FALSE(reader->remove("Nova"));
  for (const auto& e : fs::directory_iterator(dir.path())) {
    EXPECT_EQ(e.path().filename().string().find(".tmp"), std::string::npos) << e.path();
  }
}

TEST(VoiceRegistryTest, RefusesBadAndTakenNames) {
  TempDir dir;
  const auto registry = open_voice_registry(dir.path());
  EXPECT_THROW(registry->add(voice("Lena")), InvalidInput);
  EXPECT_THROW(registry->add(voice("two words")), InvalidInput);
  EXPECT_THROW(registry->remove("Marcus"), InvalidInput);
  Host no_model = voice("Nova");
  no_model.server->model.clear();
  try {
    registry->add(no_model);
    FAIL();
  } catch (const InvalidInput& e) {
    EXPECT_STREQ(e.what(), "voice 'Nova': model: must be 1-200 characters");
  }
  Host no_server = voice("Nova");
  no_server.server.reset();
  EXPECT_THROW(registry->add(no_server), InvalidInput);
  EXPECT_FALSE(fs::exists(dir.path() / "voices.json")) << "nothing stored for a refusal";
  registry->add(voice("Nova"));
  EXPECT_THROW(registry->add(voice("nova")), InvalidInput);
  EXPECT_EQ(registry->voices().size(), 1u);
}

TEST(VoiceRegistryTest, ConcurrentWritersAllLand) {
  TempDir dir;
  std::vector<std::jthread> writers;
  for (int i = 0; i < 8; ++i) {
    // One registry object each: like separate processes, only the file lock orders them.
    writers.emplace_back(
        [&, i] { open_voice_registry(dir.path())->add(voice("V" + std::to_string(i))); });
  }
  writers.clear();
  EXPECT_EQ(open_voice_registry(dir.path())->voices().size(), 8u);
}

TEST(VoiceRegistryTest, ACorruptFileIsAnErrorNamingIt) {
  TempDir dir;
  dir.write("voices.json", R"({"version": 1, "voices": [{"name": "Nova"}]})");
  try {
    open_voice_registry(dir.path())->voices();
    FAIL();
  } catch (const InvalidInput& e) {
    EXPECT_NE(std::string(e.what()).find("voices.json: not a voice registry"), std::string::npos)
        << e.what();
  }
  dir.write("voices.json", R"({"version": 1, "voices": [)"
                           R"({"name": "Nova", "language": "fr", "engine": "openai-speech",)"
                           R"( "voice": "v", "base_url": "http://x", "model": "m"}]})");
  EXPECT_THROW(open_voice_registry(dir.path())->voices(), InvalidInput);
}

TEST(VoiceRegistryTest, HostLookupsIncludeTheRegistryInUse) {
  TempDir dir;
  std::shared_ptr<VoiceRegistry> registry = open_voice_registry(dir.path());
  registry->add(voice("Nova"));
  EXPECT_FALSE(find_host("nova"));
  use_voice_registry(registry);
  const auto nova = find_host("nova");
  ASSERT_TRUE(nova);
  EXPECT_EQ(nova->name, "Nova");
  EXPECT_EQ(nova->engine, "openai-speech");
  EXPECT_EQ(hosts().size(), builtin_hosts().size() + 1);
  EXPECT_EQ(hosts().back().name, "Nova");
  EXPECT_EQ(default_host("en").name, "Lena") << "the built-in voices come first";
  EXPECT_EQ(default_host("en", "Lena").name, "Marcus");
  use_voice_registry(nullptr);
  EXPECT_FALSE(find_host("Nova"));
}

}  // namespace
}  // namespace lectio::voices
