#pragma once
// Podcast feeds: RSS 2.0 with the iTunes and Podcasting 2.0 namespaces, so that any podcast
// app can subscribe to a plan or to every lesson. Plain data in, XML text out.
#include <cstdint>
#include <string>
#include <vector>

namespace lectio::web {

struct FeedItem {
  std::string guid;  // stable id (the lesson id); isPermaLink="false"
  std::string title;
  std::string description;  // plain text; escaped on output
  std::string link;         // absolute URL of the lesson page
  std::string date;         // YYYY-MM-DD (that day at 00:00 UTC) or YYYY-MM-DDTHH:MM:SSZ: pubDate
  double seconds = 0;       // itunes:duration
  std::string author;       // the host(s)
  std::vector<std::string> keywords;
  std::string enclosure_url;          // absolute URL of the audio
  std::int64_t enclosure_length = 0;  // bytes
  std::string enclosure_type;         // "audio/mpeg" or "audio/ogg"
  std::string transcript_url;         // WebVTT; empty = none
  std::string chapters_url;           // Podcasting 2.0 chapters JSON; empty = none
  int episode = 0;                    // itunes:episode when > 0
  std::string image_url;              // the episode's own artwork (itunes:image); empty = none
};

struct FeedChannel {
  std::string title;
  std::string description;
  std::string link;      // absolute URL of the page the feed belongs to
  std::string feed_url;  // absolute URL of the feed itself (atom:link rel="self")
  std::string language;  // "en" or "zh-cn"
  std::string author;
  std::string image_url;        // square artwork, absolute URL
  std::string category;         // an Apple Podcasts category, e.g. "Education"
  std::string last_build_date;  // YYYY-MM-DD; empty = newest item's date
  std::vector<FeedItem> items;  // newest first; for a serial channel, in the order to listen
  bool serial = false;          // itunes:type serial (a plan: episodes meant in order)
};

// The feed as UTF-8 XML. Every text is escaped; characters XML 1.0 forbids are dropped and
// malformed UTF-8 becomes U+FFFD. Descriptions are plain text: they are HTML-escaped as well,
// because RSS readers take <description> as HTML, and also given as <p> paragraphs in
// content:encoded. Empty optional fields are left out (seconds == 0: no itunes:duration).
// Throws InvalidInput naming the field when a required field (channel title, link, feed_url;
// item guid, title, enclosure_url, enclosure_type) is empty, a date is not a calendar day
// YYYY-MM-DD (optionally with THH:MM:SSZ), two items share a guid, or enclosure_length or seconds
// is negative.
std::string rss_feed(const FeedChannel& channel);

}  // namespace lectio::web
