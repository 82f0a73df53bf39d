// The study tools' routes on a real server: a learner's quiz score and the lessons they heard,
// and the plan page's progress built from them (signed-in learners only).
#include <gtest/gtest.h>

#include "web_fixture.h"

namespace lectio::web::testing {
namespace {

class WebStudyTest : public WebTest {};

TEST_F(WebStudyTest, APlansProgressSaysWhichLessonsTheLearnerHeardAndTheirQuizScore) {
  auto learner = signed_up("heard");
  const std::string plan = "/plans/" + lib_->plan_slug;
  auto page = learner->get(plan);
  ASSERT_EQ(page->status, 200);
  EXPECT_NE(page->body.find("<span class=\"lessons-heard\">0</span> / 1"), std::string::npos)
      << page->body;

  const std::string lesson = "/api/lessons/" + lib_->lesson_slug;
  auto heard = learner->post_json(lesson + "/heard", nlohmann::json::object());
  ASSERT_EQ(heard->status, 200) << heard->body;
  EXPECT_EQ(body_json(heard)["lesson_id"], lib_->lesson_id);
  // Heard again: still one lesson heard.
  ASSERT_EQ(learner->post_json(lesson + "/heard", nlohmann::json::object())->status, 200);
  ASSERT_EQ(learner->post_json(lesson + "/quiz-score", {{"correct", 1}, {"total", 2}})->status,
            200);

  page = learner->get(plan);
  ASSERT_EQ(page->status, 200);
  EXPECT_NE(page->body.find("<span class=\"lessons-heard\">1</span> / 1"), std::string::npos);
  EXPECT_NE(page->body.find("<span class=\"heard\">"), std::string::npos);
  EXPECT_NE(page->body.find("<span class=\"quiz-score\">1/2</span>"), std::string::npos);

  // Another learner's progress is their own.
  auto other = signed_up("other");
  page = other->get(plan);
  EXPECT_NE(page->body.find("<span class=\"lessons-heard\">0</span> / 1"), std::string::npos);
  // Visitors see no progress.
  page = browser_->get(plan);
  EXPECT_EQ(page->body.find("lessons-heard"), std::string::npos);
}

TEST_F(WebStudyTest, HearingNeedsASignedInLearnerTheTokenAndALesson) {
  const std::string heard = "/api/lessons/" + lib_->lesson_slug + "/heard";
  EXPECT_TRUE(is_json_error(browser_->post_json(heard, nlohmann::json::object()), 401));
  auto learner = signed_up("heard");
  EXPECT_TRUE(is_json_error(learner->post_json(heard, nlohmann::json::object(), false), 403));
  EXPECT_TRUE(is_json_error(
      learner->post_json("/api/lessons/no_such_lesson/heard", nlohmann::json::object()), 404));
}

}  // namespace
}  // namespace lectio::web::testing
