// The podcast feed is checked by a real parser: Debian's feedparser, through check_feed.py,
// which prints what it understood as JSON. A missing feedparser fails these tests.
#include "lectio/web/feed.h"

#include <gtest/gtest.h>

#include <cstring>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "lectio/core/error.h"
#include "support/run.h"
#include "support/temp_dir.h"

namespace lectio::web {
namespace {

using nlohmann::json;

// Debian's interpreter, where python3-feedparser is installed; a python3 earlier on PATH
// (pyenv) would not have it.
constexpr const char* kPython = "/usr/bin/python3";

// Runs check_feed.py on the feed text (no shell) and captures its output.
testing::RunResult run_check_feed(const std::string& xml) {
  const testing::TempDir dir;
  const std::string feed = dir.write("feed.xml", xml).string();
  return testing::run_program({kPython, LECTIO_FEED_CHECK, feed});
}

// What feedparser made of the feed; fails the test (not skips) when it could not run.
json parse_feed(const std::string& xml) {
  const testing::RunResult checked = run_check_feed(xml);
  EXPECT_EQ(checked.exit_code, 0) << "check_feed.py failed: " << checked.err;
  if (checked.exit_code != 0) return json::object();
  return json::parse(checked.out);
}

const std::string kScriptDescription =
    "Why <script>alert(\"x\")</script> & 'quotes' stay text.\x01\n\nA < b > c.";

FeedChannel sample_channel() {
  FeedChannel channel;
  channel.title = "Lectio: 中文 & \"English\"";
  channel.description = "Lessons from your own sources.";
  channel.link = "https://lectio.example/plans/zh";
  channel.feed_url = "https://lectio.example/plans/zh/feed.xml";
  channel.language = "zh-cn";
  channel.author = "Ada & Lin";
  channel.image_url = "https://lectio.example/artwork.png";
  channel.category = "Education";

  FeedItem newest;
  newest.guid = "lesson-2";
  newest.title = "第二课：“学习”与 <RSS> & more";
  newest.description = kScriptDescription;
  newest.link = "https://lectio.example/lessons/2?a=1&b=2";
  newest.date = "2026-04-22";
  newest.seconds = 725.4;
  newest.author = "Ada";
  newest.keywords = {"中文", "rss, feeds", " podcasts "};
  newest.enclosure_url = "https://lectio.example/audio/2.mp3?x=1&y=2";
  newest.enclosure_length = 5802400;
  newest.enclosure_type = "audio/mpeg";
  newest.transcript_url = "https://lectio.example/audio/2.vtt";
  newest.chapters_url = "https://lectio.example/audio/2.chapters.json";
  newest.episode = 2;

  FeedItem older;
  older.guid = "lesson-1";
  older.title = "First lesson";
  older.description = "Plain.";
  older.link = "https://lectio.example/lessons/1";
  older.date = "2024-02-29";
  older.seconds = 3725;
  older.author = "Lin";
  older.enclosure_url = "https://lectio.example/audio/1.ogg";
  older.enclosure_length = 1234;
  older.enclosure_type = "audio/ogg";

  channel.items = {newest, older};
  return channel;
}

// The message names the field, so a caller can tell which input to fix.
void expect_invalid(const FeedChannel& channel, const std::string& needle) {
  try {
    rss_feed(channel);
    ADD_FAILURE() << "no InvalidInput; expected one naming " << needle;
  } catch (const InvalidInput& e) {
    EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
  }
}

TEST(Feed, FeedparserReadsItWithoutErrors) {
  const json parsed = parse_feed(rss_feed(sample_channel()));
  ASSERT_FALSE(parsed.empty());
  EXPECT_EQ(parsed["bozo"], 0) << parsed["bozo_exception"];
  EXPECT_EQ(parsed["version"], "rss20");
  EXPECT_EQ(parsed["encoding"], "utf-8");
}

TEST(Feed, ChannelFieldsRoundTrip) {
  const json parsed = parse_feed(rss_feed(sample_channel()));
  ASSERT_FALSE(parsed.empty());
  const json& feed = parsed["feed"];
  EXPECT_EQ(feed["title"], "Lectio: 中文 & \"English\"");
  EXPECT_EQ(feed["link"], "https://lectio.example/plans/zh");
  EXPECT_EQ(feed["language"], "zh-cn");
  EXPECT_EQ(feed["subtitle_text"], "Lessons from your own sources.");
  EXPECT_EQ(feed["author"], "Ada & Lin");
  EXPECT_EQ(feed["generator"], "Lectio");
  EXPECT_EQ(feed["image_href"], "https://lectio.example/artwork.png");
  EXPECT_EQ(feed["categories"], json::array({"Education"}));
  EXPECT_EQ(feed["itunes_explicit"], "false");
  // Both default to the newest item's date.
  EXPECT_EQ(feed["updated"], "2026-04-22T00:00:00Z");
  EXPECT_EQ(feed["published"], "2026-04-22T00:00:00Z");
  EXPECT_EQ(feed["self"]["href"], "https://lectio.example/plans/zh/feed.xml");
  EXPECT_EQ(feed["self"]["rel"], "self");
  EXPECT_EQ(feed["self"]["type"], "application/rss+xml");
}

TEST(Feed, ItemFieldsRoundTrip) {
  const json parsed = parse_feed(rss_feed(sample_channel()));
  ASSERT_FALSE(parsed.empty());
  ASSERT_EQ(parsed["entries"].size(), 2u);
  const json& first = parsed["entries"][0];
  EXPECT_EQ(first["id"], "lesson-2");
  EXPECT_EQ(first["guidislink"], false);
  EXPECT_EQ(first["title"], "第二课：“学习”与 <RSS> & more");
  EXPECT_EQ(first["title_type"], "text/plain");
  EXPECT_EQ(first["link"], "https://lectio.example/lessons/2?a=1&b=2");
  EXPECT_EQ(first["published"], "2026-04-22T00:00:00Z");
  EXPECT_EQ(first["author"], "Ada");
  EXPECT_EQ(first["enclosures"],
            json::parse(R"([{"href": "https://lectio.example/audio/2.mp3?x=1&y=2",
                             "length": "5802400", "type": "audio/mpeg"}])"));
  EXPECT_EQ(first["itunes_duration"], "12:05");  // text::format_clock, as cards say
  EXPECT_EQ(first["itunes_episode"], "2");
  EXPECT_EQ(first["itunes_explicit"], "false");
  EXPECT_EQ(first["keywords"], json::array({"中文", "rss feeds", "podcasts"}));
  EXPECT_EQ(first["transcript"], json::parse(R"({"url": "https://lectio.example/audio/2.vtt",
                                                 "type": "text/vtt", "language": "zh-cn"})"));
  EXPECT_EQ(first["chapters"],
            json::parse(R"({"url": "https://lectio.example/audio/2.chapters.json",
                            "type": "application/json+chapters"})"));

  const json& second = parsed["entries"][1];
  EXPECT_EQ(second["id"], "lesson-1");
  EXPECT_EQ(second["published"], "2024-02-29T00:00:00Z");
  EXPECT_EQ(second["itunes_duration"], "1:02:05");
  EXPECT_EQ(second["enclosures"][0]["type"], "audio/ogg");
  EXPECT_EQ(second["enclosures"][0]["length"], "1234");
  EXPECT_TRUE(second["itunes_episode"].is_null());
  EXPECT_TRUE(second["transcript"].is_null());
  EXPECT_TRUE(second["chapters"].is_null());
}

TEST(Feed, MarkupInADescriptionComesBackAsText) {
  const json parsed = parse_feed(rss_feed(sample_channel()));
  ASSERT_FALSE(parsed.empty());
  const json& first = parsed["entries"][0];
  std::string expected = kScriptDescription;
  expected.erase(expected.find('\x01'), 1);
  // A reader shows the characters; had "<script>" been taken as markup, feedparser's
  // sanitiser would have removed it and the text would differ.
  EXPECT_EQ(first["summary_text"], expected);
  EXPECT_EQ(first["summary"].get<std::string>().find("<script"), std::string::npos);
  const std::string content = first["content_html"].get<std::string>();
  EXPECT_NE(content.find("<p>A &lt; b &gt; c.</p>"), std::string::npos) << content;
  EXPECT_EQ(content.find("<script"), std::string::npos) << content;
}

TEST(Feed, DatesAreRfc822AtMidnightUtc) {
  const std::string xml = rss_feed(sample_channel());
  EXPECT_NE(xml.find("<pubDate>Wed, 22 Apr 2026 00:00:00 +0000</pubDate>"), std::string::npos);
  EXPECT_NE(xml.find("<pubDate>Thu, 29 Feb 2024 00:00:00 +0000</pubDate>"), std::string::npos);
  EXPECT_NE(xml.find("<lastBuildDate>Wed, 22 Apr 2026 00:00:00 +0000</lastBuildDate>"),
            std::string::npos);

  FeedChannel channel = sample_channel();
  channel.last_build_date = "2026-05-01";
  EXPECT_NE(rss_feed(channel).find("<lastBuildDate>Fri, 01 May 2026 00:00:00 +0000"),
            std::string::npos);
}

TEST(Feed, DropsCharactersXmlForbids) {
  FeedChannel channel = sample_channel();
  channel.title = "A\x01\x08\x1f title\t\xEF\xBF\xBF ok";
  channel.items[1].title = std::string("nul\0here", 8);
  channel.items[1].description = "bad \xC3 byte";
  const std::string xml = rss_feed(channel);
  for (const char c : xml) {
    const auto u = static_cast<unsigned char>(c);
    EXPECT_TRUE(u >= 0x20 || c == '\n' || c == '\t' || c == '\r') << "control byte " << int(u);
  }
  EXPECT_EQ(xml.find("&#"), std::string::npos) << "pugixml wrote a character reference";
  const json parsed = parse_feed(xml);
  ASSERT_FALSE(parsed.empty());
  EXPECT_EQ(parsed["bozo"], 0) << parsed["bozo_exception"];
  EXPECT_EQ(parsed["feed"]["title"], "A title\t ok");
  EXPECT_EQ(parsed["entries"][1]["title"], "nulhere");
  EXPECT_EQ(parsed["entries"][1]["summary_text"], "bad \xEF\xBF\xBD byte");
}

TEST(Feed, RejectsMissingRequiredFields) {
  FeedChannel channel = sample_channel();
  channel.title.clear();
  expect_invalid(channel, "field 'title'");
  channel = sample_channel();
  channel.feed_url.clear();
  expect_invalid(channel, "field 'feed_url'");
  channel = sample_channel();
  channel.items[1].guid.clear();
  expect_invalid(channel, "feed item 2: field 'guid': is empty");
  channel = sample_channel();
  channel.items[0].guid = "\x01\x02";  // nothing is left once forbidden characters go
  expect_invalid(channel, "field 'guid'");
  channel = sample_channel();
  channel.items[0].enclosure_url.clear();
  expect_invalid(channel, "'lesson-2'): field 'enclosure_url'");
  channel = sample_channel();
  channel.items[1].title = " ";
  expect_invalid(channel, "field 'title'");
}

TEST(Feed, RejectsDatesThatAreNotCalendarDays) {
  for (const std::string bad : {"2026-02-30", "2025-02-29", "2026-4-22", "22/04/2026",
                                "2026-04-22T00:00", "2026-13-01", "２０２６-04-22", "tomorrow"}) {
    FeedChannel channel = sample_channel();
    channel.items[1].date = bad;
    expect_invalid(channel, "feed item 2 ('lesson-1'): field 'date'");
    channel = sample_channel();
    channel.last_build_date = bad;
    expect_invalid(channel, "feed: field 'last_build_date'");
  }
}

TEST(Feed, RejectsDuplicateGuidsAndNegativeNumbers) {
  FeedChannel channel = sample_channel();
  channel.items[1].guid = channel.items[0].guid;
  expect_invalid(channel, "field 'guid': repeats");
  channel = sample_channel();
  channel.items[0].enclosure_length = -1;
  expect_invalid(channel, "field 'enclosure_length'");
  channel = sample_channel();
  channel.items[0].seconds = -3;
  expect_invalid(channel, "field 'seconds'");
}

TEST(Feed, AnEmptyChannelIsStillAValidFeed) {
  FeedChannel channel = sample_channel();
  channel.items.clear();
  const std::string xml = rss_feed(channel);
  EXPECT_EQ(xml.find("lastBuildDate"), std::string::npos);
  const json parsed = parse_feed(xml);
  ASSERT_FALSE(parsed.empty());
  EXPECT_EQ(parsed["bozo"], 0) << parsed["bozo_exception"];
  EXPECT_TRUE(parsed["entries"].empty());
}

}  // namespace
}  // namespace lectio::web
