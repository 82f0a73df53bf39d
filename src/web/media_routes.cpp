// Files: lesson media (MP3, Opus, WebVTT, chapters JSON) with Range requests, ETags and
// caching headers; the built-in static files; and the language switch.
#include <fmt/format.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <memory>

#include "app.h"
#include "assets.h"
#include "lectio/core/data_dir.h"
#include "routes.h"
#include "views.h"

namespace lectio::web {

namespace fs = std::filesystem;

namespace {

struct FileCloser {
  void operator()(std::FILE* f) const noexcept { std::fclose(f); }
};
using File = std::unique_ptr<std::FILE, FileCloser>;

bool etag_matches(const httplib::Request& req, const std::string& etag) {
  const std::string sent = req.get_header_value("If-None-Match");
  return !sent.empty() && (sent == etag || sent == "*" || sent.find(etag) != std::string::npos);
}

// Streams a file; the HTTP library answers Range requests (206, Content-Range, 416) from the
// length and this provider.
void send_file(Context& ctx, const fs::path& path, const std::string& type, bool shared) {
  std::error_code ec;
  const auto size = fs::file_size(path, ec);
  if (ec) throw HttpError(404, "not_found", ctx.app.t(ctx, "error_no_media"));
  const auto mtime =
      static_cast<std::uint64_t>(fs::last_write_time(path, ec).time_since_epoch().count());
  const std::string etag = fmt::format("\"{:x}-{:x}\"", size, mtime);
  ctx.res.set_header("ETag", etag);
  ctx.res.set_header("Accept-Ranges", "bytes");
  // A draft's media is for its creator only: no shared cache may keep it.
  ctx.res.set_header("Cache-Control", shared ? "public, max-age=300" : "private, max-age=300");
  if (etag_matches(ctx.req, etag)) {
    ctx.res.status = 304;
    return;
  }
  // The library does not check that ranges start inside the file: a range past the end is
  // 416 with the length, as RFC 9110 asks.
  for (const auto& [first, last] : ctx.req.ranges) {
    const bool suffix = first < 0;
    if ((!suffix && static_cast<std::uintmax_t>(first) >= size) || (suffix && last == 0) ||
        size == 0) {
      ctx.res.status = 416;
      ctx.res.set_header("Content-Range", fmt::format("bytes */{}", size));
      ctx.res.set_content("", "text/plain");
      return;
    }
  }
  auto file = std::make_shared<File>(std::fopen(path.c_str(), "rb"));
  if (!*file) throw HttpError(404, "not_found", ctx.app.t(ctx, "error_no_media"));
  // The status stays unset: the library makes it 206 when the request has a Range.
  ctx.res.set_content_provider(
      size, type, [file](std::size_t offset, std::size_t length, httplib::DataSink& sink) {
        char buf[64 * 1024];
        if (std::fseek(file->get(), static_cast<long>(offset), SEEK_SET) != 0) return false;
        while (length > 0) {
          const std::size_t n = std::fread(buf, 1, std::min(length, sizeof buf), file->get());
          if (n == 0) return false;
          if (!sink.write(buf, n)) return false;
          length -= n;
        }
        return true;
      });
}

void media(Context& ctx, const std::string& id, const std::string& kind) {
  const LessonEntry entry = require_lesson(ctx, id);
  if (!entry.lesson.audio) throw HttpError(404, "not_found", ctx.app.t(ctx, "error_no_media"));
  const lesson::LessonAudio& a = *entry.lesson.audio;
  const fs::path& data = ctx.app.options().data_dir;
  const bool shared = entry.lesson.published;
  if (kind == "mp3") return send_file(ctx, resolve_in_data_dir(a.mp3, data), "audio/mpeg", shared);
  if (kind == "opus") {
    return send_file(ctx, resolve_in_data_dir(a.opus, data), "audio/ogg; codecs=opus", shared);
  }
  if (kind == "vtt") {
    return send_file(ctx, resolve_in_data_dir(a.vtt, data), "text/vtt; charset=utf-8", shared);
  }
  return send_file(ctx, resolve_in_data_dir(a.chapters, data), "application/json+chapters", shared);
}

void static_file(Context& ctx, const std::string& name) {
  const Asset* asset = find_asset("static/" + name);
  if (asset == nullptr) throw HttpError(404, "not_found", ctx.app.t(ctx, "error_not_found"));
  ctx.res.set_header("ETag", asset->etag);
  // Pages link static files with ?v=<content hash>, so a linked URL never changes content.
  ctx.res.set_header("Cache-Control", ctx.req.has_param("v") ? "public, max-age=31536000, immutable"
                                                             : "public, max-age=3600");
  if (etag_matches(ctx.req, asset->etag)) {
    ctx.res.status = 304;
    return;
  }
  ctx.res.set_content(asset->bytes.data(), asset->bytes.size(), asset->content_type);
}

}  // namespace

void media_file(Context& ctx) {
  const std::string kind = ctx.req.matches[2];
  media(ctx, ctx.req.matches[1], kind == "chapters.json" ? "chapters" : kind);
}

void static_asset(Context& ctx) {
  static_file(ctx, ctx.req.matches[1]);
}

void artwork(Context& ctx) {
  static_file(ctx, "artwork.png");
}

void favicon(Context& ctx) {
  static_file(ctx, "favicon.svg");
}

// The language switch: remembered in a cookie for a year, then back to the page.
void language_switch(Context& ctx) {
  const std::string lang = ctx.req.matches[1];
  ctx.res.set_header("Set-Cookie", set_cookie("lang", lang, 365 * 24 * 3600, "Lax",
                                              ctx.app.options().secure_cookies));
  ctx.redirect(local_path_or_root(ctx.field("next")));
}

}  // namespace lectio::web
