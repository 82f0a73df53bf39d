// Files: lesson media (MP3, Opus, WebVTT, chapters JSON) with Range requests, ETags and
// caching headers; the built-in static files; and the language switch.
#include <fmt/format.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>

#include "app.h"
#include "assets.h"
#include "byte_range.h"
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

// The part of a representation of `size` bytes the request asks for (byte_range.h); a Range
// is ignored when If-Range names another version. An unsatisfiable one is answered 416 here
// (one Content-Range, as RFC 9110 §15.5.17 asks) and returns nullopt.
std::optional<ByteRange> requested_part(Context& ctx, std::uint64_t size, const std::string& etag) {
  const std::string if_range = ctx.req.get_header_value("If-Range");
  if (!ctx.req.has_header("Range") || (!if_range.empty() && if_range != etag)) return ByteRange{};
  const ByteRange part = byte_range(ctx.req.get_header_value("Range"), size);
  if (part.kind == ByteRange::Kind::kUnsatisfiable) {
    ctx.res.status = 416;
    ctx.res.set_header("Content-Range", fmt::format("bytes */{}", size));
    ctx.res.set_content("range not satisfiable\n", "text/plain");
    return std::nullopt;
  }
  if (part.kind == ByteRange::Kind::kPart) {
    ctx.res.status = 206;
    ctx.res.set_header("Content-Range", fmt::format("bytes {}-{}/{}", part.first, part.last, size));
  }
  return part;
}

// Streams a file, or the part of it a Range asks for.
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
  const std::optional<ByteRange> part = requested_part(ctx, size, etag);
  if (!part) return;
  const bool whole = part->kind == ByteRange::Kind::kWhole;
  const std::uint64_t start = whole ? 0 : part->first;
  const std::uint64_t length = whole ? size : part->last - part->first + 1;
  auto file = std::make_shared<File>(std::fopen(path.c_str(), "rb"));
  if (!*file) throw HttpError(404, "not_found", ctx.app.t(ctx, "error_no_media"));
  ctx.res.set_content_provider(
      length, type, [file, start](std::size_t offset, std::size_t length, httplib::DataSink& sink) {
        char buf[64 * 1024];
        if (std::fseek(file->get(), static_cast<long>(start + offset), SEEK_SET) != 0) {
          return false;
        }
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
  ctx.res.set_header("Accept-Ranges", "bytes");
  const std::optional<ByteRange> part = requested_part(ctx, asset->bytes.size(), asset->etag);
  if (!part) return;
  if (part->kind == ByteRange::Kind::kPart) {
    ctx.res.set_content(asset->bytes.data() + part->first, part->last - part->first + 1,
                        asset->content_type);
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
