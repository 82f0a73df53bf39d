// One brief, four ways in: the command line, the web API (JSON), the web form and a plan make
// the same lesson (script, host, cohost, date), because all four go through one validator and
// one pipeline.
#include <gtest/gtest.h>

#include "lectio/lesson/lesson.h"
#include "support/run.h"
#include "web/web_fixture.h"

namespace lectio::web {
namespace {

using nlohmann::json;
using testing::body_json;
using testing::wait_for_job;
using testing::WebTest;

using OneBriefTest = WebTest;

// What must agree: everything heard, and who and when.
json essence(const lesson::Lesson& l) {
  json script = json::array();
  for (const auto& section : l.script) {
    for (const auto& s : section.sentences) {
      script.push_back({{"speaker", s.speaker}, {"text", s.text}, {"citations", s.citations}});
    }
  }
  return {
      {"id", l.id}, {"host", l.host}, {"cohost", l.cohost}, {"date", l.date}, {"script", script}};
}

constexpr const char* kPlan = "One brief";
constexpr const char* kTopic = "Choosing between GPUs and TPUs";
constexpr const char* kInsights[] = {"Why GPUs became the default accelerator",
                                     "Where TPUs are strongest"};

TEST_F(OneBriefTest, TheCommandLineTheWebTheFormAndAPlanMakeTheSameLesson) {
  auto b = signed_up("olga");

  // The web API.
  const json body = {{"plan", kPlan},         {"topic", kTopic},
                     {"insights", kInsights}, {"sources", {testing::kSourceId}},
                     {"format", "dialogue"},  {"audio", false}};
  const auto submitted = b->post_json("/api/lessons", body);
  ASSERT_TRUE(submitted);
  ASSERT_EQ(submitted->status, 202) << submitted->body;
  const json job = wait_for_job(*b, body_json(submitted)["job"].value("id", ""));
  ASSERT_EQ(job.value("state", ""), "done") << job.dump();
  const std::string id = job.value("lesson_id", "");
  const json from_api = essence(testing::stored_lesson(data_, id));
  EXPECT_EQ(from_api.value("host", ""), "Lena");
  EXPECT_EQ(from_api.value("cohost", ""), "Marcus");
  EXPECT_FALSE(from_api["script"].empty());

  // The form, by the same creator (the same lesson is theirs to make again).
  const std::string form = std::string("plan=One+brief&topic=Choosing+between+GPUs+and+TPUs") +
                           "&insights=Why+GPUs+became+the+default+accelerator%0AWhere+TPUs+are+" +
                           "strongest&sources=file_gpu001&format=dialogue&host=&csrf=" + b->csrf();
  const auto posted = b->post_body("/create/lesson", form, "application/x-www-form-urlencoded");
  ASSERT_TRUE(posted);
  ASSERT_EQ(posted->status, 303) << posted->body;
  const std::string location = posted->get_header_value("Location");
  ASSERT_EQ(location.rfind("/jobs/", 0), 0u) << location;
  const json form_job = wait_for_job(*b, location.substr(6));
  ASSERT_EQ(form_job.value("state", ""), "done") << form_job.dump();
  EXPECT_EQ(essence(testing::stored_lesson(data_, form_job.value("lesson_id", ""))), from_api);

  // The command line, on the same data directory.
  const std::filesystem::path brief_file =
      dir_->write("brief.yaml", std::string("plan: ") + kPlan + "\ntopic: " + kTopic +
                                    "\ninsights:\n  - " + kInsights[0] + "\n  - " + kInsights[1] +
                                    "\nsources: [" + testing::kSourceId + "]\nformat: dialogue\n");
  const auto cli = lectio::testing::run_lectio(
      {"--data", data_.string(), "lesson", brief_file.string(), "--json", "--no-audio"});
  ASSERT_EQ(cli.exit_code, 0) << cli.err;
  EXPECT_EQ(essence(lesson::lesson_from_json(cli.out)), from_api);

  // A plan of one lesson with the same brief, built on a copy of the library that has no such
  // lesson yet, so that the plan composes it rather than reusing it.
  const std::filesystem::path plan_data = dir_->path() / "plan_data";
  std::filesystem::copy(lib_->data_dir, plan_data, std::filesystem::copy_options::recursive);
  const std::filesystem::path plan_file = dir_->write(
      "plan.yaml", std::string("title: ") + kPlan + "\nchapters:\n  - title: The one\n" +
                       "    lessons:\n      - topic: " + kTopic + "\n        insights: ['" +
                       kInsights[0] + "', '" + kInsights[1] + "']\n        sources: [" +
                       testing::kSourceId + "]\n        format: dialogue\n");
  const auto plan = lectio::testing::run_lectio(
      {"--data", plan_data.string(), "plan", "build", plan_file.string(), "--no-audio"});
  ASSERT_EQ(plan.exit_code, 0) << plan.err;
  EXPECT_EQ(essence(testing::stored_lesson(plan_data, id)), from_api);
}

}  // namespace
}  // namespace lectio::web
