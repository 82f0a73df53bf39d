// The list pages: every lesson, plan and source the viewer may open, kListPageSize items a
// page (said on the page), ?page=N from 1.
#include <fmt/format.h>

#include <charconv>

#include "app.h"
#include "lectio/core/error.h"
#include "page_views.h"
#include "plan_places.h"
#include "routes.h"
#include "views.h"

namespace lectio::web {

using kainjow::mustache::data;

namespace {

// ?page=N: a whole number from 1; 400 naming `page` otherwise. A page past the end is a 404.
int page_number(Context& ctx) {
  const std::string v = ctx.field("page");
  if (v.empty()) return 1;
  int n = 0;
  const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
  if (ec != std::errc() || end != v.data() + v.size() || n < 1) {
    throw InvalidField("page", fmt::format("page: must be a whole number from 1, not '{}'", v));
  }
  return n;
}

// Sends one page of `items` (already made into view data) under `heading`.
void send_list(Context& ctx, std::string_view kind, std::string_view path, data items,
               std::size_t total, int page, const std::string& heading) {
  const std::size_t pages = std::max<std::size_t>(1, (total + kListPageSize - 1) / kListPageSize);
  if (static_cast<std::size_t>(page) > pages) {
    throw HttpError(404, "not_found",
                    fmt::format("page: {} is past the last page, {}", page, pages));
  }
  data d = list_view(kind, items, page, total, std::string(path));
  d.set("heading", heading);
  ctx.app.send_page(ctx, "list", std::move(d), heading);
}

template <class T, class Card>
data cards_of(const std::vector<T>& all, int page, Card card) {
  data items = data::type::list;
  const std::size_t first = static_cast<std::size_t>(page - 1) * kListPageSize;
  for (std::size_t i = first; i < all.size() && i < first + kListPageSize; ++i) {
    items.push_back(card(all[i]));
  }
  return items;
}

}  // namespace

void lessons_list_page(Context& ctx) {
  const int page = page_number(ctx);
  const std::vector<lesson::Lesson> all = recent_lessons(ctx);
  send_list(ctx, "lessons", "/lessons",
            cards_of(all, page, [&](const lesson::Lesson& l) { return lesson_card(l, ctx.lang); }),
            all.size(), page, ctx.app.t(ctx, "list_lessons"));
}

void plans_list_page(Context& ctx) {
  const int page = page_number(ctx);
  const std::vector<plan::Plan> all = all_plans(ctx);
  send_list(ctx, "plans", "/plans",
            cards_of(all, page, [&](const plan::Plan& p) { return plan_card(p, ctx.lang); }),
            all.size(), page, ctx.app.t(ctx, "list_plans"));
}

void sources_list_page(Context& ctx) {
  const int page = page_number(ctx);
  const std::vector<Source> all = visible_sources(ctx);
  send_list(ctx, "sources", "/sources", cards_of(all, page, source_item), all.size(), page,
            ctx.app.t(ctx, "list_sources"));
}

}  // namespace lectio::web
