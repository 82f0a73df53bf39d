// Accounts, sessions, CSRF and the sign-in rate limit; ratings, reviews and likes, over real
// HTTP against a server on a loopback port.
#include <gtest/gtest.h>

#include <string>

#include "web/web_fixture.h"

namespace lectio::web {
namespace {

using nlohmann::json;
using testing::body_json;
using testing::Browser;
using testing::is_json_error;
using testing::kPassword;
using testing::set_cookie_header;
using testing::unique_name;
using testing::WebTest;

using WebAccountsTest = WebTest;
using WebReviewsTest = WebTest;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// A value for an application/x-www-form-urlencoded body (the tests' values need only spaces).
std::string form_value(std::string text) {
  for (char& c : text) {
    if (c == ' ') c = '+';
  }
  return text;
}

TEST_F(WebAccountsTest, FirstVisitGetsACsrfCookie) {
  const auto page = browser_->get("/");
  ASSERT_TRUE(page);
  const std::string set = set_cookie_header(page, "lectio_csrf");
  ASSERT_FALSE(set.empty());
  EXPECT_TRUE(contains(set, "HttpOnly"));
  EXPECT_TRUE(contains(set, "SameSite=Strict"));
  EXPECT_TRUE(contains(set, "Path=/"));
  const std::string token = browser_->cookie("lectio_csrf");
  EXPECT_GE(token.size(), 20u);
  // Pages carry it for their scripts and forms.
  EXPECT_TRUE(contains(page->body, "<meta name=\"csrf-token\" content=\"" + token + "\">"));
  const auto me = browser_->get("/api/me");
  ASSERT_TRUE(me);
  EXPECT_EQ(me->status, 200);
  const json j = body_json(me);
  EXPECT_TRUE(j.at("user").is_null());
  EXPECT_EQ(j.value("csrf", ""), token);
  EXPECT_TRUE(set_cookie_header(me, "lectio_csrf").empty());  // kept, not replaced
  // Files carry no cookie, so that caches may keep them.
  auto fresh = new_browser();
  const auto css = fresh->get("/static/app.css");
  ASSERT_TRUE(css);
  EXPECT_EQ(css->status, 200);
  EXPECT_FALSE(css->has_header("Set-Cookie"));
}

TEST_F(WebAccountsTest, SignUpStartsASession) {
  const std::string before = browser_->csrf();
  const std::string name = unique_name("alice");
  const auto r = browser_->post_json(
      "/api/signup", {{"name", name}, {"password", kPassword}, {"display_name", "Alice A."}});
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 201) << r->body;
  const json user = body_json(r).at("user");
  EXPECT_EQ(user.value("name", ""), name);
  EXPECT_EQ(user.value("display_name", ""), "Alice A.");
  EXPECT_FALSE(user.value("id", "").empty());
  EXPECT_FALSE(r->body.find(kPassword) != std::string::npos);
  const std::string session = set_cookie_header(r, "lectio_session");
  ASSERT_FALSE(session.empty());
  EXPECT_TRUE(contains(session, "HttpOnly"));
  EXPECT_TRUE(contains(session, "SameSite=Lax"));
  EXPECT_TRUE(contains(session, "Path=/"));
  EXPECT_FALSE(contains(session, "Secure"));  // secure_cookies is off for plain HTTP
  // A new CSRF token comes with the session.
  EXPECT_NE(browser_->csrf(), before);
  const auto me = browser_->get("/api/me");
  const json j = body_json(me);
  ASSERT_TRUE(j.at("user").is_object());
  EXPECT_EQ(j["user"].value("name", ""), name);
  EXPECT_EQ(j.value("csrf", ""), browser_->csrf());
  const auto page = browser_->get("/");
  ASSERT_TRUE(page);
  EXPECT_TRUE(contains(page->body, "<a href=\"/me\" class=\"me\">Alice A.</a>"));
}

TEST_F(WebAccountsTest, SecureCookiesWhenAsked) {
  ServerOptions o = options();
  o.secure_cookies = true;
  restart(o);
  const auto r = browser_->get("/");
  ASSERT_TRUE(r);
  EXPECT_TRUE(contains(set_cookie_header(r, "lectio_csrf"), "; Secure"));
}

TEST_F(WebAccountsTest, StateChangesWithoutTheCsrfTokenAre403) {
  browser_->csrf();  // holds the cookie, but does not send the header
  const json body = {{"name", unique_name("bob")}, {"password", kPassword}};
  auto r = browser_->post_json("/api/signup", body, /*with_csrf=*/false);
  ASSERT_TRUE(is_json_error(r, 403));
  EXPECT_EQ(body_json(r)["error"].value("code", ""), "csrf");
  EXPECT_TRUE(set_cookie_header(r, "lectio_session").empty());
  // A token that is not this browser's cookie is refused too.
  auto other = new_browser();
  const std::string foreign = other->csrf();
  httplib::Client raw("127.0.0.1", port());
  r = raw.Post("/api/signup", {{"X-CSRF-Token", foreign}}, body.dump(), "application/json");
  EXPECT_TRUE(is_json_error(r, 403));  // the header alone, without the matching cookie
  // Signed in, a request without the token still cannot change anything.
  auto carol = signed_up("carol");
  r = carol->post_json("/api/lessons/" + lib_->lesson_id + "/reviews",
                       {{"rating", 5}, {"text", "forged"}}, false);
  EXPECT_TRUE(is_json_error(r, 403));
  r = carol->post_json("/api/signout", json::object(), false);
  EXPECT_TRUE(is_json_error(r, 403));
  EXPECT_TRUE(body_json(carol->get("/api/me")).at("user").is_object());
  // The form version.
  r = carol->post_body("/lessons/" + lib_->lesson_slug + "/reviews", "rating=5&text=forged",
                       "application/x-www-form-urlencoded", false);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 403);
}

TEST_F(WebAccountsTest, NamesAreUniqueWhateverTheirCase) {
  const std::string name = unique_name("Dora");
  browser_->sign_up(name);
  auto other = new_browser();
  std::string upper = name;
  for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  const auto r = other->post_json("/api/signup", {{"name", upper}, {"password", kPassword}});
  ASSERT_TRUE(is_json_error(r, 409));
  EXPECT_EQ(body_json(r)["error"].value("code", ""), "name_taken");
  EXPECT_TRUE(other->cookie("lectio_session").empty());
}

TEST_F(WebAccountsTest, BadAccountDetailsAre400) {
  auto r =
      browser_->post_json("/api/signup", {{"name", unique_name("eve")}, {"password", "short"}});
  ASSERT_TRUE(is_json_error(r, 400));
  EXPECT_EQ(body_json(r)["error"].value("code", ""), "invalid_password");
  r = browser_->post_json("/api/signup", {{"name", "a b/c"}, {"password", kPassword}});
  ASSERT_TRUE(is_json_error(r, 400));
  EXPECT_EQ(body_json(r)["error"].value("code", ""), "invalid_name");
  r = browser_->post_json("/api/signup", {{"name", "ab"}, {"password", kPassword}});
  EXPECT_TRUE(is_json_error(r, 400));
  r = browser_->post_json("/api/signup", {{"name", unique_name("frank")},
                                          {"password", kPassword},
                                          {"display_name", std::string(61, 'x')}});
  EXPECT_TRUE(is_json_error(r, 400));
  EXPECT_TRUE(browser_->cookie("lectio_session").empty());
}

TEST_F(WebAccountsTest, SignInChecksThePassword) {
  const std::string name = unique_name("grace");
  {
    auto first = new_browser();
    first->sign_up(name);
  }
  auto r = browser_->post_json("/api/signin", {{"name", name}, {"password", "wrong password"}});
  ASSERT_TRUE(is_json_error(r, 401));
  EXPECT_EQ(body_json(r)["error"].value("code", ""), "wrong_credentials");
  EXPECT_TRUE(browser_->cookie("lectio_session").empty());
  // An unknown name gets the same answer.
  const auto unknown = browser_->post_json(
      "/api/signin", {{"name", unique_name("nobody")}, {"password", kPassword}});
  ASSERT_TRUE(is_json_error(unknown, 401));
  EXPECT_EQ(body_json(unknown)["error"].value("message", ""),
            body_json(r)["error"].value("message", ""));
  // The name in another case signs in too.
  std::string upper = name;
  upper[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(upper[0])));
  r = browser_->post_json("/api/signin", {{"name", upper}, {"password", kPassword}});
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 200) << r->body;
  EXPECT_EQ(body_json(r)["user"].value("name", ""), name);
  EXPECT_FALSE(browser_->cookie("lectio_session").empty());
  const json me = body_json(browser_->get("/api/me"));
  ASSERT_TRUE(me.at("user").is_object());
  EXPECT_EQ(me["user"].value("name", ""), name);
}

TEST_F(WebAccountsTest, SignOutEndsTheSession) {
  auto b = signed_up("heidi");
  const std::string session = b->cookie("lectio_session");
  ASSERT_FALSE(session.empty());
  const auto r = b->post_json("/api/signout", json::object());
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 200) << r->body;
  const std::string cleared = set_cookie_header(r, "lectio_session");
  EXPECT_TRUE(contains(cleared, "Max-Age=0")) << cleared;
  EXPECT_TRUE(b->cookie("lectio_session").empty());
  EXPECT_TRUE(body_json(b->get("/api/me")).at("user").is_null());
  // The old token is dead on the server, not only forgotten by the browser.
  b->set_cookie("lectio_session", session);
  EXPECT_TRUE(body_json(b->get("/api/me")).at("user").is_null());
  const auto review = b->post_json("/api/lessons/" + lib_->lesson_id + "/reviews",
                                   {{"rating", 5}, {"text", "after sign-out"}});
  EXPECT_TRUE(is_json_error(review, 401));
}

TEST_F(WebAccountsTest, FormSignInRedirectsOnlyToLocalPaths) {
  const std::string name = unique_name("ivan");
  new_browser()->sign_up(name);
  const std::string csrf = browser_->csrf();
  auto r = browser_->post_body("/signin",
                               "name=" + name + "&password=" + form_value(kPassword) +
                                   "&csrf=" + csrf + "&next=%2F%2Fevil.com",
                               "application/x-www-form-urlencoded", false);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 303);
  EXPECT_EQ(r->get_header_value("Location"), "/");
  EXPECT_FALSE(browser_->cookie("lectio_session").empty());
}

// A failed sign-in shows the form again with the name, but the password and the CSRF token
// must not be echoed anywhere in the page: the layout's "next" links (sign in, sign up,
// language switch) are built from the request's parameters, which for a POST include the
// form body.
TEST_F(WebAccountsTest, FailedSignInPageDoesNotEchoThePassword) {
  const std::string name = unique_name("ivy");
  new_browser()->sign_up(name);
  const auto r = browser_->post_body(
      "/signin", "name=" + name + "&password=hunter2hunter2&csrf=" + browser_->csrf(),
      "application/x-www-form-urlencoded", false);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 401);
  EXPECT_TRUE(contains(r->body, "value=\"" + name + "\""));
  const std::size_t leak = r->body.find("hunter2hunter2");
  EXPECT_EQ(leak, std::string::npos)
      << "the password is in the page: "
      << r->body.substr(leak == std::string::npos ? 0 : (leak < 150 ? 0 : leak - 150), 250);
  EXPECT_FALSE(contains(r->body, "csrf%3D")) << "the CSRF token is in a link";
}

TEST_F(WebAccountsTest, TooManySignInsAre429WithRetryAfter) {
  ServerOptions o = options();
  o.sign_in_per_minute = 3;
  restart(o);
  const std::string name = unique_name("judy");
  browser_->sign_up(name);  // one attempt of the three
  auto b = new_browser();
  for (int i = 0; i < 2; ++i) {
    const auto r = b->post_json("/api/signin", {{"name", name}, {"password", "wrong password"}});
    ASSERT_TRUE(is_json_error(r, 401)) << "attempt " << i;
  }
  auto r = b->post_json("/api/signin", {{"name", name}, {"password", kPassword}});
  ASSERT_TRUE(is_json_error(r, 429));
  EXPECT_EQ(body_json(r)["error"].value("code", ""), "rate_limited");
  const std::string retry = r->get_header_value("Retry-After");
  ASSERT_FALSE(retry.empty());
  EXPECT_GE(std::stoi(retry), 1);
  EXPECT_LE(std::stoi(retry), 60);
  EXPECT_TRUE(b->cookie("lectio_session").empty());
  // Sign-up counts against the same budget.
  r = b->post_json("/api/signup", {{"name", unique_name("kim")}, {"password", kPassword}});
  EXPECT_TRUE(is_json_error(r, 429));
  // The form answers 429 too.
  r = b->post_body("/signin", "name=" + name + "&password=x&csrf=" + b->csrf(),
                   "application/x-www-form-urlencoded", false);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 429);
  EXPECT_FALSE(r->get_header_value("Retry-After").empty());
}

// --- ratings, reviews, likes ---

std::string reviews_path(const testing::ExampleLibrary& lib) {
  return "/api/lessons/" + lib.lesson_id + "/reviews";
}

TEST_F(WebReviewsTest, SignedOutCannotReview) {
  browser_->csrf();
  const auto r = browser_->post_json(reviews_path(*lib_), {{"rating", 5}, {"text", "great"}});
  ASSERT_TRUE(is_json_error(r, 401));
  EXPECT_EQ(body_json(r)["error"].value("code", ""), "unauthorized");
}

TEST_F(WebReviewsTest, ReviewShowsWithItsRatingSummary) {
  auto b = signed_up("liam", nullptr, "Liam L.");
  const auto posted =
      b->post_json(reviews_path(*lib_), {{"rating", 5}, {"text", "Clear and short."}});
  ASSERT_TRUE(posted);
  ASSERT_EQ(posted->status, 201) << posted->body;
  const json review = body_json(posted).at("review");
  EXPECT_EQ(review.value("rating", 0), 5);
  EXPECT_EQ(review.value("text", ""), "Clear and short.");
  EXPECT_EQ(review.value("author", ""), "Liam L.");
  EXPECT_EQ(review.value("lesson_id", ""), lib_->lesson_id);

  const auto got = browser_->get(reviews_path(*lib_));
  ASSERT_TRUE(got);
  ASSERT_EQ(got->status, 200);
  const json j = body_json(got);
  EXPECT_EQ(j["rating"].value("count", 0), 1);
  EXPECT_DOUBLE_EQ(j["rating"].value("average", 0.0), 5.0);
  EXPECT_EQ(j["rating"]["histogram"], json({0, 0, 0, 0, 1}));
  ASSERT_EQ(j["reviews"].size(), 1u);
  EXPECT_EQ(j["reviews"][0].value("id", ""), review.value("id", ""));
  EXPECT_EQ(j["reviews"][0].value("text", ""), "Clear and short.");
  // The lesson page and the lesson JSON show it too.
  const auto page = browser_->get("/lessons/" + lib_->lesson_slug);
  ASSERT_TRUE(page);
  EXPECT_TRUE(contains(page->body, "Clear and short."));
  EXPECT_TRUE(contains(page->body, "<span id=\"rating-average\">5.0</span>"));
  const json lesson = body_json(browser_->get("/api/lessons/" + lib_->lesson_id));
  EXPECT_EQ(lesson["rating"].value("count", 0), 1);
}

TEST_F(WebReviewsTest, RatingMustBeOneToFive) {
  auto b = signed_up("mia");
  for (const json& rating : {json(0), json(6), json(-1), json("x"), json(nullptr), json(4.5)}) {
    const auto r = b->post_json(reviews_path(*lib_), {{"rating", rating}, {"text", "t"}});
    ASSERT_TRUE(is_json_error(r, 400)) << rating.dump();
    // The JSON API names the field, like every other wrong input (request.h).
    EXPECT_EQ(body_json(r)["error"].value("code", ""), "invalid_input");
    EXPECT_EQ(body_json(r)["error"].value("field", ""), "rating");
  }
  const auto none = b->post_json(reviews_path(*lib_), {{"text", "no rating"}});
  EXPECT_TRUE(is_json_error(none, 400));
  EXPECT_EQ(body_json(browser_->get(reviews_path(*lib_)))["rating"].value("count", -1), 0);
  // A review of a lesson that does not exist.
  EXPECT_TRUE(is_json_error(b->post_json("/api/lessons/nope/reviews", {{"rating", 5}}), 404));
}

TEST_F(WebReviewsTest, SecondReviewReplacesTheFirst) {
  auto b = signed_up("noah");
  ASSERT_EQ(b->post_json(reviews_path(*lib_), {{"rating", 5}, {"text", "first"}})->status, 201);
  const auto second = b->post_json(reviews_path(*lib_), {{"rating", 2}, {"text", "second"}});
  ASSERT_TRUE(second);
  ASSERT_EQ(second->status, 201) << second->body;
  const json j = body_json(browser_->get(reviews_path(*lib_)));
  EXPECT_EQ(j["rating"].value("count", 0), 1);
  EXPECT_DOUBLE_EQ(j["rating"].value("average", 0.0), 2.0);
  ASSERT_EQ(j["reviews"].size(), 1u);
  EXPECT_EQ(j["reviews"][0].value("text", ""), "second");
  EXPECT_EQ(j["reviews"][0].value("rating", 0), 2);
  // Another user's review is a second one.
  auto c = signed_up("olga");
  ASSERT_EQ(c->post_json(reviews_path(*lib_), {{"rating", 4}, {"text", "other"}})->status, 201);
  const json both = body_json(browser_->get(reviews_path(*lib_)));
  EXPECT_EQ(both["rating"].value("count", 0), 2);
  EXPECT_DOUBLE_EQ(both["rating"].value("average", 0.0), 3.0);
}

TEST_F(WebReviewsTest, OnlyTheAuthorDeletesAReview) {
  auto author = signed_up("pia");
  const auto posted = author->post_json(reviews_path(*lib_), {{"rating", 3}, {"text", "mine"}});
  ASSERT_TRUE(posted);
  ASSERT_EQ(posted->status, 201);
  const std::string id = body_json(posted)["review"].value("id", "");
  auto other = signed_up("quinn");
  EXPECT_TRUE(is_json_error(other->del("/api/reviews/" + id), 403));
  browser_->csrf();
  EXPECT_TRUE(is_json_error(browser_->del("/api/reviews/" + id), 401));
  EXPECT_EQ(body_json(browser_->get(reviews_path(*lib_)))["reviews"].size(), 1u);
  const auto deleted = author->del("/api/reviews/" + id);
  ASSERT_TRUE(deleted);
  EXPECT_EQ(deleted->status, 200) << deleted->body;
  const json j = body_json(browser_->get(reviews_path(*lib_)));
  EXPECT_TRUE(j["reviews"].empty());
  EXPECT_EQ(j["rating"].value("count", -1), 0);
  EXPECT_TRUE(is_json_error(author->del("/api/reviews/" + id), 404));
}

TEST_F(WebReviewsTest, LikesToggleAndAreIdempotent) {
  auto author = signed_up("rosa");
  const auto posted = author->post_json(reviews_path(*lib_), {{"rating", 4}, {"text", "like me"}});
  ASSERT_TRUE(posted);
  ASSERT_EQ(posted->status, 201);
  const std::string like = "/api/reviews/" + body_json(posted)["review"].value("id", "") + "/like";
  auto fan = signed_up("sam");
  auto count = [&](Browser& b) {
    const json j = body_json(b.get(reviews_path(*lib_)));
    return j["reviews"].empty() ? -1 : j["reviews"][0].value("likes", -1);
  };
  for (int i = 0; i < 2; ++i) {
    const auto r = fan->put(like);
    ASSERT_TRUE(r);
    ASSERT_EQ(r->status, 200) << r->body;
    EXPECT_EQ(body_json(r).value("likes", -1), 1) << "PUT " << i;
    EXPECT_TRUE(body_json(r).value("liked", false));
  }
  EXPECT_EQ(count(*browser_), 1);
  EXPECT_TRUE(body_json(fan->get(reviews_path(*lib_)))["reviews"][0].value("liked", false));
  EXPECT_FALSE(body_json(browser_->get(reviews_path(*lib_)))["reviews"][0].value("liked", true));
  // Nobody likes their own review (issue 29); someone else does.
  EXPECT_TRUE(is_json_error(author->put(like), 403));
  EXPECT_EQ(count(*browser_), 1);
  ASSERT_EQ(signed_up("una")->put(like)->status, 200);
  EXPECT_EQ(count(*browser_), 2);
  for (int i = 0; i < 2; ++i) {
    const auto r = fan->del(like);
    ASSERT_TRUE(r);
    ASSERT_EQ(r->status, 200) << r->body;
    EXPECT_EQ(body_json(r).value("likes", -1), 1) << "DELETE " << i;
    EXPECT_FALSE(body_json(r).value("liked", true));
  }
  EXPECT_EQ(count(*browser_), 1);
  browser_->csrf();
  EXPECT_TRUE(is_json_error(browser_->put(like), 401));
  EXPECT_TRUE(is_json_error(fan->put("/api/reviews/no_such_review/like"), 404));
}

TEST_F(WebReviewsTest, FormReviewRedirectsToTheReviews) {
  auto b = signed_up("tess");
  const auto r = b->post_body("/lessons/" + lib_->lesson_slug + "/reviews",
                              "rating=4&text=from+a+form&csrf=" + b->csrf(),
                              "application/x-www-form-urlencoded", false);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 303);
  EXPECT_EQ(r->get_header_value("Location"), "/lessons/" + lib_->lesson_slug + "#reviews");
  const json j = body_json(browser_->get(reviews_path(*lib_)));
  ASSERT_EQ(j["reviews"].size(), 1u);
  EXPECT_EQ(j["reviews"][0].value("text", ""), "from a form");
  EXPECT_EQ(j["reviews"][0].value("rating", 0), 4);
}

}  // namespace
}  // namespace lectio::web
