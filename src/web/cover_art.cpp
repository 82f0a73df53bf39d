#include "cover_art.h"

#include <fmt/format.h>

#include <cctype>
#include <cstdint>

#include "app.h"
#include "lectio/text/strings.h"
#include "lectio/text/unicode.h"
#include "plan_places.h"
#include "routes.h"
#include "views.h"

namespace lectio::web {

namespace {

constexpr std::size_t kMaxShapes = 6;

// FNV-1a: small, stable across builds and machines (std::hash is neither promised).
std::uint32_t fnv1a(std::string_view s, std::uint32_t seed = 2166136261u) {
  std::uint32_t h = seed;
  for (const char c : s) {
    h ^= static_cast<unsigned char>(c);
    h *= 16777619u;
  }
  return h;
}

// The first character of each of the first two words; the first two characters when the
// title is written without spaces (Chinese). ASCII letters in capitals.
std::string initials(std::string_view title) {
  std::string out;
  int taken = 0;
  bool word_start = true;
  std::size_t i = 0;
  while (i < title.size() && taken < 2) {
    const std::size_t start = i;
    const text::CodePoint c = text::next_code_point(title, i);
    if (c == text::kNoCodePoint) break;
    if (c == ' ' || c == '-' || c == ':' || c == ',') {
      word_start = true;
      continue;
    }
    if (word_start || text::is_cjk(c)) {
      std::string ch(title.substr(start, i - start));
      if (ch.size() == 1)
        ch[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(ch[0])));
      out += ch;
      ++taken;
    }
    word_start = false;
  }
  return out;
}

}  // namespace

std::string cover_svg(std::string_view title, const std::vector<std::string>& tags) {
  const std::uint32_t h = fnv1a(title);
  const int hue = static_cast<int>(h % 360);
  const int hue2 = (hue + 40 + static_cast<int>((h >> 9) % 80)) % 360;
  std::string svg = fmt::format(
      R"svg(<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600">)svg"
      R"svg(<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">)svg"
      R"svg(<stop offset="0" stop-color="hsl({},55%,38%)"/><stop offset="1" stop-color="hsl({},60%,24%)"/>)svg"
      R"svg(</linearGradient></defs><rect width="600" height="600" fill="url(#g)"/>)svg",
      hue, hue2);
  for (std::size_t i = 0; i < tags.size() && i < kMaxShapes; ++i) {
    const std::uint32_t t = fnv1a(tags[i], h);
    const int x = 60 + static_cast<int>(t % 480);
    const int y = 60 + static_cast<int>((t >> 9) % 300);
    const int r = 40 + static_cast<int>((t >> 18) % 90);
    const int tag_hue = static_cast<int>((t >> 4) % 360);
    if (t % 2 == 0) {
      svg += fmt::format(
          R"svg(<circle cx="{}" cy="{}" r="{}" fill="hsl({},70%,70%)" opacity=".35"/>)svg", x, y, r,
          tag_hue);
    } else {
      svg += fmt::format(
          R"svg(<rect x="{}" y="{}" width="{}" height="{}" rx="18" fill="hsl({},70%,70%)" opacity=".3" transform="rotate({} {} {})"/>)svg",
          x - r, y - r, 2 * r, 2 * r, tag_hue, static_cast<int>((t >> 12) % 90), x, y);
    }
  }
  svg += fmt::format(
      R"svg(<text x="50" y="540" font-family="sans-serif" font-size="150" font-weight="700" fill="#fff" opacity=".92">{}</text>)svg"
      R"svg(<rect x="50" y="560" width="160" height="8" rx="4" fill="#fff" opacity=".7"/></svg>)svg",
      text::html_escape(initials(title)));
  return svg;
}

std::string cover_path(std::string_view kind, std::string_view slug) {
  return fmt::format("/covers/{}/{}.svg", kind, slug);
}

void cover_image(Context& ctx) {
  const std::string kind = ctx.req.matches[1].str();
  const std::string slug = ctx.req.matches[2].str();
  std::string svg;
  bool shared = true;  // a draft's cover is its creator's, like the draft
  if (kind == "lessons") {
    const std::optional<LessonEntry> entry = find_lesson(ctx, slug);
    if (entry) {
      svg = cover_svg(entry->lesson.title, entry->lesson.tags);
      shared = entry->lesson.published;
    }
  } else if (kind != "plans") {
    // Only lessons and plans have covers.
  } else if (const std::optional<plan::Plan> p = find_plan(ctx, slug)) {
    svg = cover_svg(p->title, p->tags);
  }
  if (svg.empty()) throw HttpError(404, "not_found", ctx.app.t(ctx, "error_not_found"));
  ctx.res.set_header("Cache-Control", shared ? "public, max-age=86400" : "private, no-store");
  ctx.res.set_content(svg, "image/svg+xml");
}

}  // namespace lectio::web
