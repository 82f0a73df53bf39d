// Podcast feeds: every published lesson, and one per plan. Absolute URLs come from the
// server's base URL.
#include <fmt/format.h>

#include <filesystem>

#include "app.h"
#include "cover_art.h"
#include "lectio/core/data_dir.h"
#include "lectio/web/feed.h"
#include "plan_places.h"
#include "routes.h"
#include "views.h"

namespace lectio::web {

namespace fs = std::filesystem;

namespace {

// An item for a lesson with audio; std::nullopt for one without (a feed needs an enclosure).
std::optional<FeedItem> feed_item(Context& ctx, const lesson::Lesson& l, int episode) {
  if (!l.audio) return std::nullopt;
  std::error_code ec;
  const auto bytes =
      fs::file_size(resolve_in_data_dir(l.audio->mp3, ctx.app.options().data_dir), ec);
  if (ec) return std::nullopt;
  const std::string& base = ctx.app.base_url();
  FeedItem item;
  item.guid = l.id;
  item.title = l.title;
  item.description = lesson_description(l);
  item.link = base + lesson_path(l);
  item.date = l.date;
  item.seconds = lesson_seconds(l);
  item.author = l.cohost.empty() ? l.host : l.host + " & " + l.cohost;
  item.keywords = l.tags;
  item.enclosure_url = base + "/media/" + l.id + ".mp3";
  item.enclosure_length = static_cast<std::int64_t>(bytes);
  item.enclosure_type = "audio/mpeg";
  item.transcript_url = base + "/media/" + l.id + ".vtt";
  item.chapters_url = base + "/media/" + l.id + ".chapters.json";
  item.episode = episode;
  item.image_url = base + cover_path("lessons", l.slug);
  return item;
}

void send_feed(Context& ctx, const FeedChannel& channel) {
  ctx.res.set_header("Cache-Control", "public, max-age=300");
  ctx.res.set_content(rss_feed(channel), "application/rss+xml; charset=utf-8");
}

FeedChannel channel_base(Context& ctx) {
  FeedChannel c;
  c.author = "Lectio";
  c.image_url = ctx.app.base_url() + "/artwork.png";
  c.category = "Education";
  return c;
}

}  // namespace

void lessons_feed(Context& ctx) {
  FeedChannel c = channel_base(ctx);
  c.title = ctx.app.t(ctx, "feed_all_title");
  c.description = ctx.app.t(ctx, "feed_all_description");
  c.link = ctx.app.base_url() + "/";
  c.feed_url = ctx.app.base_url() + "/feeds/lessons.xml";
  c.language = ctx.lang == "zh" ? "zh-cn" : "en";
  for (const lesson::Lesson& l : visible_lessons(ctx)) {
    if (!l.published) continue;  // a creator's drafts never reach a feed
    if (auto item = feed_item(ctx, l, 0)) c.items.push_back(std::move(*item));
  }
  send_feed(ctx, c);
}

// A plan is listened to in order: itunes:type serial, items in plan order, each with its own
// pubDate (plan_places.h, episode_dates) and its number in the plan.
void plan_feed(Context& ctx) {
  const std::optional<plan::Plan> p = find_plan(ctx, ctx.req.matches[1].str());
  if (!p) throw HttpError(404, "not_found", ctx.app.t(ctx, "error_no_plan"));
  FeedChannel c = channel_base(ctx);
  c.title = p->title;
  c.description = p->description.empty() ? p->title : p->description;
  c.link = ctx.app.base_url() + plan_path(*p);
  c.feed_url = c.link + "/feed.xml";
  c.language = p->language == "zh" ? "zh-cn" : "en";
  c.author = p->host.empty() ? "Lectio" : p->host;
  c.serial = true;
  c.image_url = ctx.app.base_url() + cover_path("plans", p->slug);
  std::vector<LessonEntry> lessons = plan_lessons(ctx, *p);
  std::vector<std::string> created;
  for (const LessonEntry& e : lessons) created.push_back(e.record.created_at);
  const std::vector<std::string> dates = episode_dates(created);
  for (std::size_t i = 0; i < lessons.size(); ++i) {
    if (!lessons[i].lesson.published) continue;  // a creator's drafts never reach a feed
    if (auto item = feed_item(ctx, lessons[i].lesson, static_cast<int>(i) + 1)) {
      item->date = dates[i];
      c.items.push_back(std::move(*item));
    }
  }
  send_feed(ctx, c);
}

}  // namespace lectio::web
