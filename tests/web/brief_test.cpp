// Briefs through the web API and form get the command line's defaults and refusals (one
// validator), and a failed job names no lesson.
#include <gtest/gtest.h>

#include "lectio/core/clock.h"
#include "web/web_fixture.h"

namespace lectio::web {
namespace {

using nlohmann::json;
using testing::body_json;
using testing::Browser;
using testing::is_json_error;
using testing::wait_for_job;
using testing::WebTest;

using WebBriefTest = WebTest;

json brief(json extra = json::object()) {
  json b = {{"topic", "TPUs in practice"},
            {"insights", {"Where TPUs are strongest"}},
            {"sources", {testing::kSourceId}},
            {"audio", false}};
  b.update(extra);
  return b;
}

std::string script_text(const lesson::Lesson& lesson) {
  std::string out;
  for (const auto& section : lesson.script) {
    for (const auto& s : section.sentences) out += s.text + "\n";
  }
  return out;
}

// Submits a brief and waits for its job; the finished job's JSON.
json run_job(Browser& b, const json& body) {
  const auto r = b.post_json("/api/lessons", body);
  EXPECT_TRUE(r && r->status == 202) << (r ? r->body : std::string("no answer"));
  if (!r || r->status != 202) return json::object();
  return wait_for_job(b, body_json(r)["job"].value("id", ""));
}

TEST_F(WebBriefTest, TheDefaultHostIntroducesTheLessonAndTheLessonIsDated) {
  auto b = signed_up("hana");
  const json job = run_job(*b, brief());
  ASSERT_EQ(job.value("state", ""), "done") << job.dump();
  const lesson::Lesson lesson = testing::stored_lesson(data_, job.value("lesson_id", ""));
  EXPECT_EQ(lesson.host, "Lena");
  EXPECT_EQ(lesson.date, utc_date()) << "a web lesson gets today's date, as on the command line";
  const std::string script = script_text(lesson);
  EXPECT_EQ(script.find("this is ."), std::string::npos) << script;
  EXPECT_NE(script.find("Lena"), std::string::npos) << script;
}

TEST_F(WebBriefTest, ADialogueGetsACohostAndKeepsTheOneSent) {
  auto b = signed_up("ivan");
  const json chosen = run_job(*b, brief({{"format", "dialogue"}, {"cohost", "Kai"}}));
  ASSERT_EQ(chosen.value("state", ""), "done") << chosen.dump();
  EXPECT_EQ(testing::stored_lesson(data_, chosen.value("lesson_id", "")).cohost, "Kai");
  const json defaulted = run_job(*b, brief({{"format", "dialogue"}, {"topic", "TPU pods"}}));
  ASSERT_EQ(defaulted.value("state", ""), "done") << defaulted.dump();
  const lesson::Lesson lesson = testing::stored_lesson(data_, defaulted.value("lesson_id", ""));
  EXPECT_EQ(lesson.cohost, "Marcus");
  const std::string script = script_text(lesson);
  EXPECT_EQ(script.find("And I'm ,"), std::string::npos) << script;
}

TEST_F(WebBriefTest, TheWebRefusesWhatTheCommandLineRefusesNamingTheField) {
  auto b = signed_up("jude");
  const std::vector<std::pair<json, std::string>> cases = {
      {{{"colour", "red"}}, "colour"},
      {{{"style", "long"}}, "style"},
      {{{"language", "zh"}, {"host", "Lena"}}, "host"},
      {{{"date", "2026-13-45"}}, "date"},
      {{{"audio", "yes"}}, "audio"},
      {{{"insights", "one plain string"}}, "insights"},
      {{{"insights", json::array()}}, "insights"},
      {{{"minutes", 500}}, "minutes"},
  };
  for (const auto& [extra, field] : cases) {
    const auto r = b->post_json("/api/lessons", brief(extra));
    ASSERT_TRUE(r);
    EXPECT_TRUE(is_json_error(r, 400)) << extra.dump() << ": " << r->body;
    const json error = body_json(r)["error"];
    EXPECT_EQ(error.value("code", ""), "invalid_input") << r->body;
    EXPECT_EQ(error.value("field", ""), field) << extra.dump() << ": " << r->body;
  }
}

TEST_F(WebBriefTest, TheFormRefusesABadBriefOnThePageWithTheFieldsMessage) {
  auto b = signed_up("kira");
  const auto r = b->post_body("/create/lesson", "topic=T&insights=One&style=long&csrf=" + b->csrf(),
                              "application/x-www-form-urlencoded");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 400);
  EXPECT_NE(r->body.find(testing::escaped("field 'style'")), std::string::npos);
}

TEST_F(WebBriefTest, AFailedJobReportsItsErrorAndNoLesson) {
  auto first = signed_up("lars");
  const json made = run_job(*first, brief());
  ASSERT_EQ(made.value("state", ""), "done") << made.dump();
  // The same brief by someone else is the same lesson, which is not theirs to overwrite.
  auto second = signed_up("mona");
  const json failed = run_job(*second, brief());
  EXPECT_EQ(failed.value("state", ""), "failed") << failed.dump();
  EXPECT_NE(failed.value("error", "").find("already exists"), std::string::npos) << failed.dump();
  EXPECT_FALSE(failed.contains("lesson_id")) << failed.dump();
  EXPECT_EQ(testing::stored_lesson(data_, made.value("lesson_id", "")).id,
            made.value("lesson_id", ""));
}

TEST_F(WebBriefTest, ARequestForALessonAlreadyPublishedEndsDonePointingAtIt) {
  auto first = signed_up("nora");
  const json made = run_job(*first, brief());
  ASSERT_EQ(made.value("state", ""), "done") << made.dump();
  const std::string id = made.value("lesson_id", "");
  ASSERT_EQ(first->post_json("/api/lessons/" + id + "/publish", json::object())->status, 200);
  // Someone else asks for the same lesson: it is there to listen to, not a failure.
  auto second = signed_up("otto");
  const json again = run_job(*second, brief());
  EXPECT_EQ(again.value("state", ""), "done") << again.dump();
  EXPECT_EQ(again.value("lesson_id", ""), id) << again.dump();
  EXPECT_TRUE(again.value("existing", false)) << again.dump();
  EXPECT_EQ(second->get("/api/lessons/" + id)->status, 200);
  // It is still the first creator's: the second cannot delete it.
  EXPECT_NE(second->del("/api/lessons/" + id)->status, 200);
  EXPECT_EQ(first->get("/api/lessons/" + id)->status, 200);
}

}  // namespace
}  // namespace lectio::web
