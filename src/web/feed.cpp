// RSS 2.0 podcast feeds. The document is built with pugixml so that XML escaping is the
// library's job; this file only decides what goes in, and cleans text pugixml would copy
// through verbatim (control characters, malformed UTF-8) into a document no parser accepts.
#include "lectio/web/feed.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <pugixml.hpp>
#include <set>
#include <sstream>
#include <string_view>

#include "lectio/core/error.h"
#include "lectio/text/duration.h"
#include "lectio/text/strings.h"

namespace lectio::web {

namespace {

constexpr const char* kItunesNs = "http://www.itunes.com/dtds/podcast-1.0.dtd";
constexpr const char* kPodcastNs = "https://podcastindex.org/namespace/1.0";
constexpr const char* kAtomNs = "http://www.w3.org/2005/Atom";
constexpr const char* kContentNs = "http://purl.org/rss/1.0/modules/content/";

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

void append_code_point(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

// Keeps only what XML 1.0 allows (tab, LF, CR, U+0020–U+D7FF, U+E000–U+FFFD, U+10000 and
// up): pugixml would write a control character as "&#1;", which is itself forbidden, and
// copy malformed UTF-8 through, which makes every parser reject the whole feed. Forbidden
// characters are dropped; each malformed byte becomes U+FFFD.
std::string xml_safe(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  std::size_t i = 0;
  while (i < s.size()) {
    const auto lead = static_cast<unsigned char>(s[i]);
    if (lead < 0x80) {
      if (lead >= 0x20 || lead == '\t' || lead == '\n' || lead == '\r') out += s[i];
      ++i;
      continue;
    }
    std::size_t len = 0;
    char32_t cp = 0;
    char32_t min = 0;
    if (lead >= 0xC2 && lead <= 0xDF) {
      len = 2, cp = lead & 0x1F, min = 0x80;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
      len = 3, cp = lead & 0x0F, min = 0x800;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
      len = 4, cp = lead & 0x07, min = 0x10000;
    }
    bool valid = len > 0 && i + len <= s.size();
    for (std::size_t k = 1; valid && k < len; ++k) {
      const auto next = static_cast<unsigned char>(s[i + k]);
      valid = (next & 0xC0) == 0x80;
      cp = (cp << 6) | (next & 0x3F);
    }
    valid = valid && cp >= min && cp <= 0x10FFFF && !(cp >= 0xD800 && cp <= 0xDFFF);
    if (!valid) {
      out += kReplacement;
      ++i;
      continue;
    }
    if (cp != 0xFFFE && cp != 0xFFFF) append_code_point(out, cp);
    i += len;
  }
  return out;
}

// RSS 2.0 readers (feedparser, podcast apps) take <description> as entity-encoded HTML, so
// plain text is HTML-escaped before pugixml XML-escapes it. Without this a "<script>" in a
// lesson summary would be read as markup and stripped, and "a < b" could vanish.
using text::html_escape;

// The description as HTML paragraphs for content:encoded, where apps keep the layout that
// <description> loses: a blank line starts a paragraph, a single line break is a <br>.
std::string html_paragraphs(std::string_view text) {
  std::string out;
  std::string paragraph;
  auto flush = [&] {
    while (!paragraph.empty() && paragraph.back() == ' ') paragraph.pop_back();
    if (!paragraph.empty()) out += fmt::format("<p>{}</p>", paragraph);
    paragraph.clear();
  };
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.find_first_not_of(" \t") == std::string_view::npos) {
      flush();
    } else {
      if (!paragraph.empty()) paragraph += "<br>";
      paragraph += html_escape(line);
    }
    start = end + 1;
  }
  flush();
  return out;
}

// "YYYY-MM-DD" as that day at 00:00 UTC in RFC 822 form ("Wed, 22 Apr 2026 00:00:00 +0000"),
// or "YYYY-MM-DDTHH:MM:SSZ" at that time. Throws InvalidInput naming `where` and the field
// unless the text is a real calendar date (and time).
std::string rfc822_date(const std::string& date, std::string_view where, std::string_view field) {
  const auto digit = [&](std::size_t i) { return date[i] >= '0' && date[i] <= '9'; };
  const bool timed = date.size() == 20;
  bool shape = (date.size() == 10 || timed) && date[4] == '-' && date[7] == '-';
  for (const std::size_t i : {0, 1, 2, 3, 5, 6, 8, 9}) shape = shape && digit(i);
  if (timed) {
    shape = shape && date[10] == 'T' && date[13] == ':' && date[16] == ':' && date[19] == 'Z';
    for (const std::size_t i : {11, 12, 14, 15, 17, 18}) shape = shape && digit(i);
  }
  const auto number = [&](std::size_t pos, std::size_t len) {
    return std::stoi(date.substr(pos, len));
  };
  namespace chr = std::chrono;
  const chr::year_month_day ymd =
      shape ? chr::year_month_day{chr::year{number(0, 4)}, chr::month(number(5, 2)),
                                  chr::day(number(8, 2))}
            : chr::year_month_day{};
  const int h = shape && timed ? number(11, 2) : 0;
  const int m = shape && timed ? number(14, 2) : 0;
  const int sec = shape && timed ? number(17, 2) : 0;
  if (!shape || !ymd.ok() || ymd.year() < chr::year{1900} || h > 23 || m > 59 || sec > 59) {
    throw InvalidInput(fmt::format("{}: field '{}': must be a date YYYY-MM-DD, not '{}'", where,
                                   field, xml_safe(date)));
  }
  static constexpr const char* kDays[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
  static constexpr const char* kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                            "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  const chr::weekday weekday{chr::sys_days{ymd}};
  return fmt::format("{}, {:02} {} {} {:02}:{:02}:{:02} +0000", kDays[weekday.c_encoding()],
                     static_cast<unsigned>(ymd.day()),
                     kMonths[static_cast<unsigned>(ymd.month()) - 1], static_cast<int>(ymd.year()),
                     h, m, sec);
}

// Keywords are one comma-separated list, so a comma inside a keyword would split it.
std::string keyword_list(const std::vector<std::string>& keywords) {
  std::string out;
  for (const auto& raw : keywords) {
    std::string keyword = xml_safe(raw);
    std::replace(keyword.begin(), keyword.end(), ',', ' ');
    keyword = text::collapse_whitespace(keyword);
    if (keyword.empty()) continue;
    if (!out.empty()) out += ',';
    out += keyword;
  }
  return out;
}

// Appends <name>text</name>; the text is cleaned by xml_safe and escaped by pugixml.
pugi::xml_node add_text(pugi::xml_node parent, const char* name, std::string_view text) {
  pugi::xml_node node = parent.append_child(name);
  node.text().set(xml_safe(text).c_str());
  return node;
}

void add_attribute(pugi::xml_node node, const char* name, std::string_view value) {
  node.append_attribute(name).set_value(xml_safe(value).c_str());
}

// The cleaned value of a required field; throws InvalidInput naming it when nothing is left.
std::string required(std::string_view value, std::string_view where, std::string_view field) {
  std::string clean = xml_safe(value);
  if (clean.find_first_not_of(" \t\r\n") == std::string::npos) {
    throw InvalidInput(fmt::format("{}: field '{}': is empty", where, field));
  }
  return clean;
}

void add_item(pugi::xml_node channel, const FeedItem& item, std::size_t number,
              const std::string& language) {
  const std::string guid = required(item.guid, fmt::format("feed item {}", number), "guid");
  const std::string where = fmt::format("feed item {} ('{}')", number, guid);
  const std::string title = required(item.title, where, "title");
  const std::string enclosure_url = required(item.enclosure_url, where, "enclosure_url");
  const std::string enclosure_type = required(item.enclosure_type, where, "enclosure_type");
  if (item.enclosure_length < 0) {
    throw InvalidInput(fmt::format("{}: field 'enclosure_length': must be 0 or more, not {}", where,
                                   item.enclosure_length));
  }
  if (!std::isfinite(item.seconds) || item.seconds < 0) {
    throw InvalidInput(
        fmt::format("{}: field 'seconds': must be 0 or more, not {}", where, item.seconds));
  }
  const std::string pub_date = item.date.empty() ? "" : rfc822_date(item.date, where, "date");

  pugi::xml_node node = channel.append_child("item");
  add_text(node, "title", title);
  if (!item.link.empty()) add_text(node, "link", item.link);
  const std::string description = xml_safe(item.description);
  add_text(node, "description", html_escape(description));
  if (!description.empty()) add_text(node, "content:encoded", html_paragraphs(description));
  pugi::xml_node guid_node = add_text(node, "guid", guid);
  add_attribute(guid_node, "isPermaLink", "false");
  if (!pub_date.empty()) add_text(node, "pubDate", pub_date);
  pugi::xml_node enclosure = node.append_child("enclosure");
  add_attribute(enclosure, "url", enclosure_url);
  add_attribute(enclosure, "length", std::to_string(item.enclosure_length));
  add_attribute(enclosure, "type", enclosure_type);
  if (item.seconds > 0) add_text(node, "itunes:duration", text::format_clock(item.seconds));
  if (!item.author.empty()) add_text(node, "itunes:author", item.author);
  const std::string keywords = keyword_list(item.keywords);
  if (!keywords.empty()) add_text(node, "itunes:keywords", keywords);
  if (item.episode > 0) add_text(node, "itunes:episode", std::to_string(item.episode));
  if (!item.image_url.empty())
    add_attribute(node.append_child("itunes:image"), "href", item.image_url);
  add_text(node, "itunes:explicit", "false");
  // No rel="captions": the namespace's own WebVTT example omits it, and a VTT file already
  // carries time codes. The language is the channel's, said explicitly for apps that need it.
  if (!item.transcript_url.empty()) {
    pugi::xml_node transcript = node.append_child("podcast:transcript");
    add_attribute(transcript, "url", item.transcript_url);
    add_attribute(transcript, "type", "text/vtt");
    if (!language.empty()) add_attribute(transcript, "language", language);
  }
  if (!item.chapters_url.empty()) {
    pugi::xml_node chapters = node.append_child("podcast:chapters");
    add_attribute(chapters, "url", item.chapters_url);
    add_attribute(chapters, "type", "application/json+chapters");
  }
}

}  // namespace

std::string rss_feed(const FeedChannel& channel) {
  const std::string title = required(channel.title, "feed", "title");
  const std::string link = required(channel.link, "feed", "link");
  const std::string feed_url = required(channel.feed_url, "feed", "feed_url");
  const std::string language = xml_safe(channel.language);

  // Dates are checked before any is used for the channel, so that a bad one is reported
  // against its item. Duplicate guids make apps merge or drop episodes: an input error too.
  std::set<std::string> guids;
  std::string newest;  // valid YYYY-MM-DD dates compare as text
  for (std::size_t i = 0; i < channel.items.size(); ++i) {
    const FeedItem& item = channel.items[i];
    const std::string guid = required(item.guid, fmt::format("feed item {}", i + 1), "guid");
    const std::string where = fmt::format("feed item {} ('{}')", i + 1, guid);
    if (!guids.insert(guid).second) {
      throw InvalidInput(fmt::format("{}: field 'guid': repeats an earlier item", where));
    }
    if (item.date.empty()) continue;
    rfc822_date(item.date, where, "date");
    if (item.date > newest) newest = item.date;
  }
  const std::string build_date = channel.last_build_date.empty() ? newest : channel.last_build_date;

  pugi::xml_document doc;
  pugi::xml_node declaration = doc.append_child(pugi::node_declaration);
  declaration.append_attribute("version").set_value("1.0");
  declaration.append_attribute("encoding").set_value("UTF-8");
  pugi::xml_node rss = doc.append_child("rss");
  rss.append_attribute("version").set_value("2.0");
  rss.append_attribute("xmlns:itunes").set_value(kItunesNs);
  rss.append_attribute("xmlns:podcast").set_value(kPodcastNs);
  rss.append_attribute("xmlns:atom").set_value(kAtomNs);
  rss.append_attribute("xmlns:content").set_value(kContentNs);

  pugi::xml_node ch = rss.append_child("channel");
  add_text(ch, "title", title);
  add_text(ch, "link", link);
  add_text(ch, "description", html_escape(xml_safe(channel.description)));
  if (!language.empty()) add_text(ch, "language", language);
  pugi::xml_node self = ch.append_child("atom:link");
  add_attribute(self, "href", feed_url);
  add_attribute(self, "rel", "self");
  add_attribute(self, "type", "application/rss+xml");
  if (!build_date.empty()) {
    add_text(ch, "lastBuildDate", rfc822_date(build_date, "feed", "last_build_date"));
  }
  if (!newest.empty()) add_text(ch, "pubDate", rfc822_date(newest, "feed", "date"));
  add_text(ch, "generator", "Lectio");
  if (!channel.author.empty()) add_text(ch, "itunes:author", channel.author);
  if (!channel.image_url.empty()) {
    add_attribute(ch.append_child("itunes:image"), "href", channel.image_url);
    pugi::xml_node image = ch.append_child("image");
    add_text(image, "url", channel.image_url);
    add_text(image, "title", title);
    add_text(image, "link", link);
  }
  if (!channel.category.empty()) {
    add_attribute(ch.append_child("itunes:category"), "text", channel.category);
  }
  add_text(ch, "itunes:explicit", "false");
  add_text(ch, "itunes:type", channel.serial ? "serial" : "episodic");

  for (std::size_t i = 0; i < channel.items.size(); ++i) {
    add_item(ch, channel.items[i], i + 1, language);
  }

  std::ostringstream out;
  doc.save(out, "  ", pugi::format_default, pugi::encoding_utf8);
  return out.str();
}

}  // namespace lectio::web
