// Lesson media (Range requests, ETags) and the podcast feeds over real HTTP, with audio
// rendered by the real renderer. Labelled "audio": rendering takes a while the first time
// (the files are then reused from the build tree's cache).
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>

#include "lectio/compose/composer.h"
#include "lectio/pipeline/lesson_records.h"
#include "lectio/store/store.h"
#include "web/web_fixture.h"

namespace lectio::web {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using testing::body_json;
using testing::is_json_error;
using testing::read_bytes;

class WebMediaTest : public testing::WebTest {
 protected:
  bool audio() const override { return true; }
  std::string media(const std::string& ext) const { return "/media/" + lib_->lesson_id + ext; }
};

using WebFeedTest = WebMediaTest;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST_F(WebMediaTest, Mp3IsServedWholeWithCachingHeaders) {
  const std::string bytes = read_bytes(lib_->mp3);
  ASSERT_GT(bytes.size(), 1000u);
  const auto r = browser_->get(media(".mp3"));
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 200);
  EXPECT_EQ(r->get_header_value("Content-Type"), "audio/mpeg");
  EXPECT_EQ(r->get_header_value("Accept-Ranges"), "bytes");
  EXPECT_EQ(r->get_header_value("Content-Length"), std::to_string(bytes.size()));
  EXPECT_FALSE(r->get_header_value("ETag").empty());
  EXPECT_EQ(r->get_header_value("Cache-Control"), "public, max-age=300");
  EXPECT_EQ(r->get_header_value("X-Content-Type-Options"), "nosniff");
  EXPECT_FALSE(r->has_header("Set-Cookie"));
  EXPECT_TRUE(r->body == bytes);
}

TEST_F(WebMediaTest, RangeRequestsGetPartialContent) {
  const std::string bytes = read_bytes(lib_->mp3);
  const std::string size = std::to_string(bytes.size());
  auto r = browser_->get(media(".mp3"), {{"Range", "bytes=0-99"}});
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 206);
  EXPECT_EQ(r->get_header_value("Content-Range"), "bytes 0-99/" + size);
  ASSERT_EQ(r->body.size(), 100u);
  EXPECT_TRUE(r->body == bytes.substr(0, 100));

  r = browser_->get(media(".mp3"), {{"Range", "bytes=1000-1499"}});
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 206);
  EXPECT_EQ(r->get_header_value("Content-Range"), "bytes 1000-1499/" + size);
  EXPECT_TRUE(r->body == bytes.substr(1000, 500));

  // An open-ended range, as players ask when seeking.
  const std::size_t from = bytes.size() - 10;
  r = browser_->get(media(".mp3"), {{"Range", "bytes=" + std::to_string(from) + "-"}});
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 206);
  EXPECT_EQ(r->get_header_value("Content-Range"),
            "bytes " + std::to_string(from) + "-" + std::to_string(bytes.size() - 1) + "/" + size);
  EXPECT_TRUE(r->body == bytes.substr(from));
}

// A range that starts past the end cannot be satisfied: 416 with "bytes */<size>" (RFC 9110
// 15.5.17), not a dropped connection.
TEST_F(WebMediaTest, RangePastTheEndIs416) {
  const std::string size = std::to_string(fs::file_size(lib_->mp3));
  const auto r = browser_->get(media(".mp3"), {{"Range", "bytes=" + size + "-"}});
  ASSERT_TRUE(r) << "no response: " << httplib::to_string(r.error());
  EXPECT_EQ(r->status, 416);
  EXPECT_EQ(r->get_header_value("Content-Range"), "bytes */" + size);
  const auto beyond = browser_->get(media(".mp3"), {{"Range", "bytes=" + size + "0-"}});
  ASSERT_TRUE(beyond) << "no response: " << httplib::to_string(beyond.error());
  EXPECT_EQ(beyond->status, 416);
  // The server still answers afterwards.
  EXPECT_EQ(browser_->get(media(".mp3"), {{"Range", "bytes=0-9"}})->status, 206);
}

// Issue 29: a last byte past the end is clamped (never a Content-Length past the file);
// overlapping ranges are one part; a 416 carries one Content-Range and one Cache-Control.
TEST_F(WebMediaTest, RangesAreClampedCoalescedAndAnsweredOnce) {
  const auto size = fs::file_size(lib_->mp3);
  const std::string total = "/" + std::to_string(size);
  const auto past =
      browser_->get(media(".mp3"), {{"Range", "bytes=0-" + std::to_string(size * 10)}});
  ASSERT_TRUE(past);
  EXPECT_EQ(past->status, 206);
  EXPECT_EQ(past->get_header_value("Content-Length"), std::to_string(size));
  EXPECT_EQ(past->get_header_value("Content-Range"), "bytes 0-" + std::to_string(size - 1) + total);
  EXPECT_EQ(past->body.size(), size);
  const auto overlap = browser_->get(media(".mp3"), {{"Range", "bytes=0-,0-,0-"}});
  ASSERT_TRUE(overlap);
  EXPECT_EQ(overlap->status, 206);
  EXPECT_EQ(overlap->body.size(), size);
  EXPECT_EQ(overlap->get_header_value("Content-Range").find("18446744073709551615"),
            std::string::npos);
  const auto joined = browser_->get(media(".mp3"), {{"Range", "bytes=100-199,150-299"}});
  ASSERT_TRUE(joined);
  EXPECT_EQ(joined->get_header_value("Content-Range"), "bytes 100-299" + total);
  EXPECT_EQ(joined->body, read_bytes(lib_->mp3).substr(100, 200));
  const auto beyond =
      browser_->get(media(".mp3"), {{"Range", "bytes=" + std::to_string(size) + "-"}});
  ASSERT_TRUE(beyond);
  EXPECT_EQ(beyond->status, 416);
  EXPECT_EQ(beyond->get_header_value_count("Content-Range"), 1u);
  EXPECT_EQ(beyond->get_header_value_count("Cache-Control"), 1u);
}

TEST_F(WebMediaTest, MatchingETagIs304) {
  const auto first = browser_->get(media(".mp3"));
  ASSERT_TRUE(first);
  const std::string etag = first->get_header_value("ETag");
  ASSERT_FALSE(etag.empty());
  const auto again = browser_->get(media(".mp3"), {{"If-None-Match", etag}});
  ASSERT_TRUE(again);
  EXPECT_EQ(again->status, 304);
  EXPECT_TRUE(again->body.empty());
  EXPECT_EQ(again->get_header_value("ETag"), etag);
  const auto other = browser_->get(media(".mp3"), {{"If-None-Match", "\"something-else\""}});
  ASSERT_TRUE(other);
  EXPECT_EQ(other->status, 200);
}

TEST_F(WebMediaTest, OpusTranscriptAndChaptersAreServed) {
  auto r = browser_->get(media(".opus"));
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 200);
  EXPECT_EQ(r->get_header_value("Content-Type").rfind("audio/ogg", 0), 0u);
  EXPECT_EQ(r->body.substr(0, 4), "OggS");
  EXPECT_TRUE(r->body == read_bytes(lib_->opus));

  r = browser_->get(media(".vtt"));
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 200);
  EXPECT_EQ(r->get_header_value("Content-Type").rfind("text/vtt", 0), 0u);
  EXPECT_EQ(r->body.rfind("WEBVTT", 0), 0u);
  EXPECT_TRUE(r->body == read_bytes(lib_->vtt));

  r = browser_->get(media(".chapters.json"));
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 200);
  EXPECT_TRUE(contains(r->get_header_value("Content-Type"), "json"));
  const json chapters = body_json(r);
  ASSERT_TRUE(chapters.contains("chapters")) << r->body.substr(0, 300);
  EXPECT_FALSE(chapters["chapters"].empty());

  EXPECT_EQ(browser_->get("/media/" + lib_->lesson_id + ".wav")->status, 404);
  EXPECT_TRUE(is_json_error(browser_->get("/media/no_such_lesson.mp3"), 404));
}

TEST_F(WebMediaTest, LessonPageAndApiLinkTheMedia) {
  const auto page = browser_->get("/lessons/" + lib_->lesson_slug);
  ASSERT_TRUE(page);
  ASSERT_EQ(page->status, 200);
  EXPECT_TRUE(contains(page->body, "<source src=\"" + media(".opus") + "\""));
  EXPECT_TRUE(contains(page->body, "<source src=\"" + media(".mp3") + "\" type=\"audio/mpeg\">"));
  EXPECT_TRUE(contains(page->body, "<track kind=\"captions\" src=\"" + media(".vtt") + "\""));
  const json lesson = body_json(browser_->get("/api/lessons/" + lib_->lesson_id));
  EXPECT_EQ(lesson["media"].value("mp3", ""), media(".mp3"));
  EXPECT_GT(lesson["duration"].value("measured_seconds", 0.0), 0.0);
  EXPECT_FALSE(lesson.contains("audio"));
}

TEST_F(WebMediaTest, DraftMediaIsForItsCreatorOnly) {
  const std::string draft = "/media/" + lib_->draft_id + ".mp3";
  EXPECT_TRUE(is_json_error(browser_->get(draft), 404));
  EXPECT_EQ(browser_->get("/lessons/draft_copy")->status, 404);
  // A draft of a signed-in creator plays for them, and no shared cache may keep it.
  json user;
  auto creator = signed_up("dina", &user);
  {
    auto store = store::open_content_store(data_);
    lesson::Lesson mine = testing::stored_lesson(data_, lib_->draft_id);
    mine.id = "lesson_dina_draft_0000abcd";
    mine.slug = "dina_draft";
    pipeline::save_lesson(*store, mine, user.value("id", ""));
  }
  const auto r = creator->get("/media/lesson_dina_draft_0000abcd.mp3", {{"Range", "bytes=0-9"}});
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 206);
  EXPECT_EQ(r->get_header_value("Cache-Control"), "private, max-age=300");
  EXPECT_TRUE(is_json_error(browser_->get("/media/lesson_dina_draft_0000abcd.mp3"), 404));
}

// --- feeds ---

// The feed entry with this guid; null when absent.
json entry(const json& feed, const std::string& guid) {
  for (const json& e : feed["entries"]) {
    if (e.value("id", "") == guid) return e;
  }
  return nullptr;
}

TEST_F(WebFeedTest, AllLessonsFeedParsesAndPointsAtTheMp3) {
  const auto r = browser_->get("/feeds/lessons.xml");
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 200);
  EXPECT_EQ(r->get_header_value("Content-Type"), "application/rss+xml; charset=utf-8");
  EXPECT_FALSE(r->has_header("Set-Cookie"));
  const json feed = testing::check_feed(r->body);
  ASSERT_TRUE(feed.is_object() && feed.contains("entries")) << feed.dump();
  EXPECT_EQ(feed.value("bozo", 1), 0) << feed.value("bozo_exception", "");
  EXPECT_EQ(feed["feed"].value("link", ""), server_->base_url() + "/");
  const json e = entry(feed, lib_->lesson_id);
  ASSERT_TRUE(e.is_object()) << feed.dump(1);
  EXPECT_EQ(e.value("title", ""), lib_->lesson_title);
  EXPECT_EQ(e.value("link", ""), server_->base_url() + "/lessons/" + lib_->lesson_slug);
  ASSERT_EQ(e["enclosures"].size(), 1u);
  const json& enclosure = e["enclosures"][0];
  const std::string url = server_->base_url() + media(".mp3");
  EXPECT_EQ(enclosure.value("href", ""), url);
  EXPECT_EQ(enclosure.value("type", ""), "audio/mpeg");
  EXPECT_EQ(enclosure.value("length", ""), std::to_string(fs::file_size(lib_->mp3)));
  EXPECT_EQ(e["transcript"].value("url", ""), server_->base_url() + media(".vtt"));
  // The enclosure is served from that URL, with that length.
  ASSERT_EQ(url.rfind(server_->base_url(), 0), 0u);
  const auto mp3 = browser_->get(url.substr(server_->base_url().size()));
  ASSERT_TRUE(mp3);
  EXPECT_EQ(mp3->status, 200);
  EXPECT_EQ(std::to_string(mp3->body.size()), enclosure.value("length", ""));
  // Drafts never appear.
  EXPECT_TRUE(entry(feed, lib_->draft_id).is_null());
  EXPECT_FALSE(contains(r->body, lib_->draft_id));
}

TEST_F(WebFeedTest, DraftsStayOutOfTheFeedEvenForTheirCreator) {
  json user;
  auto creator = signed_up("ezra", &user);
  {
    auto store = store::open_content_store(data_);
    lesson::Lesson mine = testing::stored_lesson(data_, lib_->draft_id);
    mine.id = "lesson_ezra_draft_0000abcd";
    mine.slug = "ezra_draft";
    pipeline::save_lesson(*store, mine, user.value("id", ""));
  }
  ASSERT_EQ(creator->get("/lessons/ezra_draft")->status, 200);  // the creator sees it
  const auto r = creator->get("/feeds/lessons.xml");
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 200);
  EXPECT_FALSE(contains(r->body, "lesson_ezra_draft_0000abcd"));
  EXPECT_TRUE(contains(r->body, lib_->lesson_id));
}

TEST_F(WebFeedTest, PlanFeedParsesAndHoldsThePlansPublishedLessons) {
  const auto r = browser_->get("/plans/" + lib_->plan_slug + "/feed.xml");
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 200);
  EXPECT_EQ(r->get_header_value("Content-Type"), "application/rss+xml; charset=utf-8");
  const json feed = testing::check_feed(r->body);
  ASSERT_TRUE(feed.is_object() && feed.contains("entries")) << feed.dump();
  EXPECT_EQ(feed.value("bozo", 1), 0) << feed.value("bozo_exception", "");
  EXPECT_EQ(feed["feed"].value("title", ""), "AI hardware fundamentals");
  EXPECT_EQ(feed["feed"].value("link", ""), server_->base_url() + "/plans/" + lib_->plan_slug);
  ASSERT_EQ(feed["entries"].size(), 1u) << feed.dump(1);  // the draft of the plan is left out
  const json& e = feed["entries"][0];
  EXPECT_EQ(e.value("id", ""), lib_->lesson_id);
  ASSERT_EQ(e["enclosures"].size(), 1u);
  EXPECT_EQ(e["enclosures"][0].value("href", ""), server_->base_url() + media(".mp3"));
  EXPECT_EQ(e["enclosures"][0].value("length", ""), std::to_string(fs::file_size(lib_->mp3)));
  EXPECT_EQ(e.value("itunes_episode", ""), "1");
  EXPECT_FALSE(contains(r->body, lib_->draft_id));
  // By id too; an unknown plan is 404.
  EXPECT_EQ(browser_->get("/plans/" + lib_->plan_id + "/feed.xml")->status, 200);
  EXPECT_TRUE(is_json_error(browser_->get("/plans/no_such_plan/feed.xml"), 404));
}

TEST_F(WebFeedTest, FeedUsesTheConfiguredBaseUrl) {
  ServerOptions o = options();
  o.base_url = "https://lessons.example.org/";
  restart(o);
  const auto r = browser_->get("/feeds/lessons.xml");
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 200);
  const json feed = testing::check_feed(r->body);
  const json e = entry(feed, lib_->lesson_id);
  ASSERT_TRUE(e.is_object());
  EXPECT_EQ(e["enclosures"][0].value("href", ""),
            "https://lessons.example.org/media/" + lib_->lesson_id + ".mp3");
  EXPECT_FALSE(contains(r->body, "127.0.0.1"));
}

}  // namespace
}  // namespace lectio::web
