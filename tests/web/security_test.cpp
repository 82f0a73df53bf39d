// The security matrix over real HTTP: hostile text in every field a user or a source controls
// is escaped on every page and in the feed; a draft is invisible to everyone but its creator
// on pages, the API, feeds, media and search; only the owner publishes or deletes; and every
// state-changing request without the CSRF token is refused and changes nothing.
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "web/web_fixture.h"

namespace lectio::web {
namespace {

using nlohmann::json;
using testing::body_json;
using testing::Browser;
using testing::is_json_error;
using testing::WebTest;

// Markup that would run or inject if a page wrote it unescaped. Each field gets its own tag
// so that a failure names the field.
std::string hostile(const std::string& field) {
  return "\"><script>alert('" + field + "')</script><img src=x>";
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

class WebSecurityTest : public WebTest {
 protected:
  // A creator with a source (hostile file name and headings) and a lesson made from it
  // (hostile brief fields), still a draft; returns the lesson's API JSON.
  json make_draft(Browser& creator) {
    const std::string notes =
        "# " + hostile("heading") +
        "\n\nSourdough starter is flour and water that wild yeast and "
        "lactic acid bacteria ferment.\n\n## " +
        hostile("subheading") +
        "\n\nThe dough ferments for hours and rises as the yeast makes gas.\n";
    const auto up = creator.post_files(
        "/api/sources", {{"files", notes, hostile("filename") + ".md", "text/markdown"}});
    EXPECT_TRUE(up && up->status == 201) << (up ? up->body : "no response");
    const std::string source = body_json(up)["files"][0].value("source_id", "");
    const json brief = {{"topic", "Sourdough " + hostile("topic")},
                        {"insights",
                         {"Sourdough starter flour water wild yeast lactic acid bacteria ferment " +
                          hostile("insight")}},
                        {"overview", hostile("overview")},
                        {"tags", {hostile("tag")}},
                        {"sources", {source}},
                        {"audio", false}};
    const auto submitted = creator.post_json("/api/lessons", brief);
    EXPECT_TRUE(submitted && submitted->status == 202) << (submitted ? submitted->body : "");
    const json job = testing::wait_for_job(creator, body_json(submitted)["job"].value("id", ""));
    EXPECT_EQ(job.value("state", ""), "done") << job.dump();
    source_ = source;
    return body_json(creator.get("/api/lessons/" + job.value("lesson_id", "")));
  }
  std::string source_;
};

TEST_F(WebSecurityTest, HostileTextIsEscapedOnEveryPageAndInTheFeed) {
  auto creator = signed_up("hostile", nullptr, hostile("display"));
  const json lesson = make_draft(*creator);
  const std::string id = lesson.value("id", "");
  ASSERT_FALSE(id.empty());
  ASSERT_EQ(creator->post_json("/api/lessons/" + id + "/publish", json::object())->status, 200);
  ASSERT_EQ(creator
                ->post_json("/api/lessons/" + id + "/reviews",
                            {{"rating", 3}, {"text", hostile("review")}})
                ->status,
            201);
  const std::string page = "/lessons/" + lesson.value("slug", "");
  const std::vector<std::string> pages = {
      "/",
      page,
      page + "?q=%3Cscript%3Ealert('question')%3C/script%3E",
      "/sources/" + source_,
      "/me",
      "/create",
      "/?q=%3Cscript%3Ealert('search')%3C/script%3E",
      "/feeds/lessons.xml",
  };
  for (Browser* b : {creator.get(), browser_.get()}) {
    for (const std::string& path : pages) {
      const auto r = b->get(path);
      ASSERT_TRUE(r) << path;
      if (r->status == 303) continue;  // /me and /create, signed out: to sign-in
      // The creator's upload is private (issue 29): its page is theirs alone.
      if (b == browser_.get() && path == "/sources/" + source_) {
        EXPECT_EQ(r->status, 404) << path;
        continue;
      }
      EXPECT_EQ(r->status, 200) << path;
      EXPECT_FALSE(contains(r->body, "<script>alert")) << path;
      EXPECT_FALSE(contains(r->body, "<img src=x")) << path;
    }
  }
  // The hostile text is there, escaped: shown, not dropped.
  const std::string shown = creator->get(page)->body;
  for (const char* field : {"topic", "insight", "review", "display", "heading"}) {
    EXPECT_TRUE(contains(shown, "alert(&#39;" + std::string(field) + "&#39;)") ||
                contains(shown, "alert(&apos;" + std::string(field) + "&apos;)") ||
                contains(shown, "alert('" + std::string(field) + "')</"))
        << field << " is not on the lesson page";
  }
  // The feed is well-formed XML whatever the titles hold, and a reader gets them back intact.
  const json feed = testing::check_feed(browser_->get("/feeds/lessons.xml")->body);
  ASSERT_TRUE(feed.is_object() && feed.contains("entries")) << feed.dump();
  EXPECT_EQ(feed.value("bozo", 1), 0) << feed.value("bozo_exception", "");
  for (const json& e : feed["entries"]) {
    const std::string title = e.value("title", "");
    if (contains(title, "Sourdough")) {
      EXPECT_TRUE(contains(title, hostile("topic"))) << title;
    }
  }
}

TEST_F(WebSecurityTest, ADraftIsInvisibleToAllButItsCreator) {
  auto creator = signed_up("drafter");
  auto other = signed_up("snooper");
  const json lesson = make_draft(*creator);
  const std::string id = lesson.value("id", "");
  const std::string slug = lesson.value("slug", "");
  ASSERT_FALSE(id.empty());
  EXPECT_EQ(creator->get("/lessons/" + slug)->status, 200);
  for (Browser* b : {browser_.get(), other.get()}) {
    EXPECT_EQ(b->get("/lessons/" + slug)->status, 404);
    EXPECT_EQ(b->get("/lessons/" + id)->status, 404);
    EXPECT_TRUE(is_json_error(b->get("/api/lessons/" + id), 404));
    EXPECT_TRUE(is_json_error(b->get("/api/lessons/" + id + "/reviews"), 404));
    for (const char* kind : {".mp3", ".opus", ".vtt", ".chapters.json"}) {
      EXPECT_EQ(b->get("/media/" + id + kind)->status, 404) << kind;
    }
    for (const std::string& path :
         {std::string("/"), std::string("/api/lessons"), std::string("/feeds/lessons.xml"),
          std::string("/api/search?q=sourdough"), std::string("/?q=sourdough")}) {
      const auto r = b->get(path);
      ASSERT_TRUE(r) << path;
      EXPECT_FALSE(contains(r->body, id)) << path;
      EXPECT_FALSE(contains(r->body, "/lessons/" + slug)) << path;
    }
    EXPECT_TRUE(
        is_json_error(b->post_json("/api/lessons/" + id + "/ask", {{"question", "Why?"}}), 404));
    EXPECT_TRUE(
        is_json_error(
            b->post_json("/api/lessons/" + id + "/reviews", {{"rating", 5}, {"text", "x"}}), 404) ||
        is_json_error(
            b->post_json("/api/lessons/" + id + "/reviews", {{"rating", 5}, {"text", "x"}}), 401));
  }
  // Drafts stay out of the feed even for their creator: a feed is public.
  EXPECT_FALSE(contains(creator->get("/feeds/lessons.xml")->body, id));
}

TEST_F(WebSecurityTest, OnlyTheOwnerPublishesOrDeletesOnTheApiAndTheForms) {
  auto creator = signed_up("owner");
  auto other = signed_up("intruder");
  const json lesson = make_draft(*creator);
  const std::string id = lesson.value("id", "");
  ASSERT_EQ(creator->post_json("/api/lessons/" + id + "/publish", json::object())->status, 200);
  const std::string form = "application/x-www-form-urlencoded";
  for (Browser* b : {other.get(), browser_.get()}) {
    const auto del = b->del("/api/lessons/" + id);
    ASSERT_TRUE(del);
    EXPECT_TRUE(del->status == 403 || del->status == 401) << del->status;
    const auto form_del = b->post_body("/lessons/" + id + "/delete", "", form);
    ASSERT_TRUE(form_del);
    EXPECT_TRUE(form_del->status == 403 || form_del->status == 401) << form_del->status;
    const auto unpublish = b->post_body("/lessons/" + id + "/publish", "published=0", form);
    ASSERT_TRUE(unpublish);
    EXPECT_TRUE(unpublish->status == 403 || unpublish->status == 401) << unpublish->status;
  }
  // The library's own lesson belongs to no signed-in user: nobody deletes it over the web.
  EXPECT_TRUE(is_json_error(other->del("/api/lessons/" + lib_->lesson_id), 403));
  EXPECT_EQ(browser_->get("/api/lessons/" + id)->status, 200);
  EXPECT_EQ(browser_->get("/api/lessons/" + lib_->lesson_id)->status, 200);
  const auto gone = creator->post_body("/lessons/" + id + "/delete", "", form);
  ASSERT_TRUE(gone);
  EXPECT_EQ(gone->status, 303);
  EXPECT_TRUE(is_json_error(browser_->get("/api/lessons/" + id), 404));
}

TEST_F(WebSecurityTest, EveryStateChangeWithoutTheCsrfTokenIsRefusedAndChangesNothing) {
  auto creator = signed_up("forgery");
  const json lesson = make_draft(*creator);
  const std::string id = lesson.value("id", "");
  ASSERT_EQ(creator->post_json("/api/lessons/" + id + "/reviews", {{"rating", 4}, {"text", "ok"}})
                ->status,
            201);
  const json reviews = body_json(creator->get("/api/lessons/" + id + "/reviews"));
  ASSERT_FALSE(reviews["reviews"].empty()) << reviews.dump();
  const json& first = reviews["reviews"][0]["id"];
  const std::string review = first.is_string() ? first.get<std::string>() : first.dump();
  const std::string form = "application/x-www-form-urlencoded";
  const json brief = {{"topic", "t"}, {"insights", {"i"}}, {"audio", false}};
  struct Change {
    std::string what;
    std::function<httplib::Result()> send;
  };
  Browser& b = *creator;
  const std::vector<Change> changes = {
      {"POST /api/lessons", [&] { return b.post_json("/api/lessons", brief, false); }},
      {"POST /api/sources",
       [&] {
         return b.post_files("/api/sources", {{"files", "# x\n\ny.", "x.md", "text/markdown"}},
                             false);
       }},
      {"POST publish", [&] { return b.post_json("/api/lessons/" + id + "/publish", {}, false); }},
      {"DELETE lesson", [&] { return b.del("/api/lessons/" + id, false); }},
      {"POST review",
       [&] {
         return b.post_json("/api/lessons/" + id + "/reviews", {{"rating", 1}, {"text", "x"}},
                            false);
       }},
      {"DELETE review", [&] { return b.del("/api/reviews/" + review, false); }},
      {"PUT like", [&] { return b.put("/api/reviews/" + review + "/like", false); }},
      {"DELETE like", [&] { return b.del("/api/reviews/" + review + "/like", false); }},
      {"POST /api/signout", [&] { return b.post_json("/api/signout", json::object(), false); }},
      {"form review",
       [&] { return b.post_body("/lessons/" + id + "/reviews", "rating=1&text=x", form, false); }},
      {"form publish",
       [&] { return b.post_body("/lessons/" + id + "/publish", "published=1", form, false); }},
      {"form delete", [&] { return b.post_body("/lessons/" + id + "/delete", "", form, false); }},
      {"form create lesson",
       [&] { return b.post_body("/create/lesson", "topic=t&insights=i", form, false); }},
      {"form upload",
       [&] {
         return b.post_files("/create/sources", {{"files", "# x\n\ny.", "x.md", "text/markdown"}},
                             false);
       }},
      {"form signout", [&] { return b.post_body("/signout", "", form, false); }},
      {"POST /api/signup",
       [&] {
         return b.post_json("/api/signup", {{"name", "newname"}, {"password", "long-enough-1"}},
                            false);
       }},
      {"POST /api/signin",
       [&] {
         return b.post_json("/api/signin", {{"name", "forgery1"}, {"password", "x"}}, false);
       }},
  };
  const std::size_t sources = body_json(b.get("/api/sources"))["sources"].size();
  for (const Change& c : changes) {
    const auto r = c.send();
    ASSERT_TRUE(r) << c.what;
    EXPECT_EQ(r->status, 403) << c.what << ": " << r->body.substr(0, 200);
  }
  // Nothing changed: still signed in, the lesson a draft with its one review, no new source.
  EXPECT_TRUE(body_json(b.get("/api/me")).at("user").is_object());
  const json after = body_json(b.get("/api/lessons/" + id));
  EXPECT_FALSE(after.value("published", true));
  EXPECT_EQ(body_json(b.get("/api/lessons/" + id + "/reviews"))["reviews"].size(), 1u);
  EXPECT_EQ(body_json(b.get("/api/sources"))["sources"].size(), sources);
}

}  // namespace
}  // namespace lectio::web
