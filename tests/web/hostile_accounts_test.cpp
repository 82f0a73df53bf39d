// Issue 29's lesser items over real HTTP: the CSRF token is the session's; the shared lesson
// page is cached on its path and the parameters it reads; password and name limits are the
// ones the messages state, in characters; bidi controls leave display names; nobody likes
// their own review; error messages do not show the server's paths; one account cannot fill
// the queue of waiting lessons (see WebLlmTest for the last, which needs a slow model).
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "lectio/lesson/lesson.h"
#include "lectio/store/store.h"
#include "web/web_fixture.h"

namespace lectio::web {
namespace {

using nlohmann::json;
using testing::body_json;
using testing::is_json_error;
using testing::WebTest;

class WebHostileAccountsTest : public WebTest {};

TEST_F(WebHostileAccountsTest, TheCsrfTokenIsTheSessions) {
  auto b = signed_up("csrf");
  const std::string path = "/api/lessons/" + lib_->lesson_id + "/reviews";
  // A token planted in the cookie (a sibling domain can set one) and sent back: refused.
  const std::string planted(32, 'p');
  b->set_cookie("lectio_csrf", planted);
  const auto refused = b->post_json(path, {{"rating", 4}});
  EXPECT_TRUE(is_json_error(refused, 403)) << refused->body;
  // The session's own token still works; a page hands it back to the browser.
  b->get("/api/me");
  EXPECT_NE(b->cookie("lectio_csrf"), planted);
  EXPECT_EQ(b->post_json(path, {{"rating", 4}})->status, 201);
}

TEST_F(WebHostileAccountsTest, TheSharedPageIsCachedOnItsPathWhateverTheQuery) {
  const std::string page = "/lessons/" + lib_->lesson_slug;
  ASSERT_EQ(browser_->get(page)->status, 200);  // cached now
  // Another process changes the title behind the server's back.
  {
    auto store = store::open_content_store(data_);
    std::optional<store::Record> record =
        store->record(store::RecordKind::kLesson, lib_->lesson_id);
    ASSERT_TRUE(record);
    lesson::Lesson changed = lesson::lesson_from_json(record->body);
    changed.title = "Retitled behind the cache";
    record->body = lesson::lesson_to_json(changed, -1);
    store->put_record(store::RecordKind::kLesson, *record);
  }
  // Parameters the page does not read do not bypass the cache (nor fill it).
  for (const char* query : {"?x=1", "?utm_source=abc", "?q2=z&y=2"}) {
    const auto r = browser_->get(page + query);
    ASSERT_EQ(r->status, 200);
    EXPECT_EQ(r->body.find("Retitled behind the cache"), std::string::npos)
        << query << ": rendered again rather than served from the cache";
  }
}

TEST_F(WebHostileAccountsTest, PasswordAndNameLimitsAreTheOnesStatedInCharacters) {
  auto b = new_browser();
  const auto sign_up = [&](const std::string& password, const std::string& display) {
    json body = {{"name", testing::unique_name("limits")}, {"password", password}};
    if (!display.empty()) body["display_name"] = display;
    return b->post_json("/api/signup", body);
  };
  const auto long_one = sign_up(std::string(1025, 'a'), "");
  EXPECT_TRUE(is_json_error(long_one, 400));
  EXPECT_NE(long_one->body.find("at most 1024 bytes"), std::string::npos) << long_one->body;
  // Seven characters are too few, however many bytes they take.
  const auto seven = sign_up("密码密码密码密", "");
  EXPECT_TRUE(is_json_error(seven, 400)) << seven->body;
  EXPECT_NE(seven->body.find("at least 8 characters"), std::string::npos) << seven->body;
  // Sixty characters of a name are allowed, though they take 180 bytes.
  std::string sixty;
  for (int i = 0; i < 60; ++i) sixty += "名";
  const auto fine = sign_up("密码密码密码密码", sixty);
  ASSERT_TRUE(fine);
  EXPECT_EQ(fine->status, 201) << fine->body;
  EXPECT_TRUE(is_json_error(
      new_browser()->post_json("/api/signup", {{"name", testing::unique_name("limits")},
                                               {"password", testing::kPassword},
                                               {"display_name", sixty + "名"}}),
      400));
}

TEST_F(WebHostileAccountsTest, BidiControlsLeaveDisplayNames) {
  json user;
  auto b = signed_up("bidi", &user, "abc\u202Egnp.exe\u2066x\u2069");
  const json me = body_json(b->get("/api/me"));
  EXPECT_EQ(me["user"].value("display_name", me.value("display_name", "")), "abcgnp.exex")
      << me.dump();
}

TEST_F(WebHostileAccountsTest, NobodyLikesTheirOwnReview) {
  auto author = signed_up("author");
  const auto posted =
      author->post_json("/api/lessons/" + lib_->lesson_id + "/reviews", {{"rating", 5}});
  ASSERT_EQ(posted->status, 201) << posted->body;
  const std::string id = body_json(posted)["review"].value("id", "");
  ASSERT_FALSE(id.empty()) << posted->body;
  const auto own = author->put("/api/reviews/" + id + "/like");
  EXPECT_TRUE(is_json_error(own, 403));
  // The refusal names why (the lesson page shows the same words on the disabled button).
  const json error = body_json(own)["error"];
  EXPECT_EQ(error.value("code", ""), "own_review") << own->body;
  EXPECT_EQ(error.value("message", ""), "You cannot like your own review.") << own->body;
  auto reader = signed_up("reader");
  EXPECT_EQ(reader->put("/api/reviews/" + id + "/like")->status, 200);
}

TEST_F(WebHostileAccountsTest, ErrorsDoNotShowTheServersPaths) {
  {
    std::ofstream lexicon(data_ / "lexicon.yaml");
    lexicon << "[not: a mapping\n";
  }
  auto b = signed_up("paths");
  const json brief = {{"topic", "Choosing between GPUs and TPUs"},
                      {"insights", {"Why GPUs became the default accelerator"}},
                      {"sources", {testing::kSourceId}},
                      {"audio", true}};
  const auto r = b->post_json("/api/lessons", brief);
  ASSERT_TRUE(r && r->status == 202) << (r ? r->body : "");
  const json job = testing::wait_for_job(*b, body_json(r)["job"].value("id", ""));
  ASSERT_EQ(job.value("state", ""), "failed") << job.dump();
  const std::string error = job.value("error", "");
  EXPECT_NE(error.find("lexicon.yaml"), std::string::npos) << error;
  EXPECT_EQ(error.find(data_.string()), std::string::npos) << error;
}

}  // namespace
}  // namespace lectio::web
