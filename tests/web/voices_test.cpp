// Registered voices on the web: offered by /api/voices and the create form, accepted as a
// brief's host, and spoken by their speech server (one of our own on a loopback port) when the
// lesson's audio is made.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "lectio/voices/voice_registry.h"
#include "speech/speech_server.h"
#include "web/web_fixture.h"

namespace lectio::web {
namespace {

using nlohmann::json;
using testing::body_json;
using testing::WebTest;

class WebVoicesTest : public WebTest {
 protected:
  void SetUp() override {
    WebTest::SetUp();
    voices::Host nova;
    nova.name = "Nova";
    nova.language = "en";
    nova.engine = "openai-speech";
    nova.voice = "slt";
    nova.description = "a server voice";
    voices::SpeechServer s;
    s.base_url = speech_server_.base_url();
    s.model = "kokoro";
    nova.server = s;
    std::shared_ptr<voices::VoiceRegistry> registry = voices::open_voice_registry(data_);
    registry->add(nova);
    voices::use_voice_registry(registry);  // as `lectio serve --data` does
  }
  void TearDown() override {
    voices::use_voice_registry(nullptr);
    WebTest::TearDown();
  }
  lectio::testing::FakeSpeechServer speech_server_;
};

TEST_F(WebVoicesTest, ARegisteredVoiceIsOfferedAndSpeaksTheLesson) {
  const auto voices = browser_->get("/api/voices");
  ASSERT_TRUE(voices && voices->status == 200);
  const json list = body_json(voices)["voices"];
  ASSERT_EQ(list.size(), voices::builtin_hosts().size() + 1);
  EXPECT_EQ(list.back()["name"], "Nova");
  EXPECT_EQ(list.back()["engine"], "openai-speech");

  auto b = signed_up("voices");
  const auto form = b->get("/create");
  ASSERT_TRUE(form && form->status == 200);
  EXPECT_NE(form->body.find("<option value=\"Nova\">Nova (en)</option>"), std::string::npos);

  b->csrf();
  const json brief = {{"topic", "GPUs and TPUs"},
                      {"insights", {"Why GPUs became the default accelerator"}},
                      {"sources", {"file_gpu001"}},
                      {"host", "Nova"}};
  const auto submitted = b->post_json("/api/lessons", brief);
  ASSERT_TRUE(submitted && submitted->status == 202) << (submitted ? submitted->body : "");
  const std::string job_id = body_json(submitted)["job"].value("id", "");
  json job = json::object();
  for (int i = 0;
       i < 1200 && job.value("state", "") != "done" && job.value("state", "") != "failed"; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    job = body_json(b->get("/api/jobs/" + job_id))["job"];
  }
  ASSERT_EQ(job.value("state", ""), "done") << job.dump();
  EXPECT_GT(speech_server_.requests(), 3) << "the lesson was spoken by the server";
  const lesson::Lesson lesson = testing::stored_lesson(data_, job.value("lesson_id", ""));
  EXPECT_EQ(lesson.host, "Nova");
  ASSERT_TRUE(lesson.audio);
}

}  // namespace
}  // namespace lectio::web
