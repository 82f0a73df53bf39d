// The list pages: every lesson, plan and source the viewer may open, kListPageSize items a
// page (said on the page), ?page=N from 1.
#include <fmt/format.h>

#include "app.h"
#include "lectio/core/error.h"
#include "list_page.h"
#include "page_views.h"
#include "plan_places.h"
#include "routes.h"
#include "views.h"

namespace lectio::web {

using kainjow::mustache::data;

namespace {

// ?page=N: a whole number from 1 (400 naming `page` otherwise); a page past the end is a 404.
int page_number(Context& ctx) {
  return query_number(ctx, "page", 1, 1, kMaxOffset);
}

// Sends page `page` of `all` under `heading`, each item made into view data by `card`.
template <class T, class Card>
void send_list(Context& ctx, std::string_view kind, std::string_view path, std::vector<T> all,
               int page, const std::string& heading, Card card) {
  const std::size_t total = all.size();
  const std::size_t pages = std::max<std::size_t>(1, (total + kListPageSize - 1) / kListPageSize);
  if (static_cast<std::size_t>(page) > pages) {
    throw HttpError(404, "not_found",
                    fmt::format("page: {} is past the last page, {}", page, pages));
  }
  const ListPage slice{static_cast<int>((page - 1) * kListPageSize),
                       static_cast<int>(kListPageSize)};
  data items = data::type::list;
  for (const T& item : page_of(std::move(all), slice)) items.push_back(card(item));
  data d = list_view(kind, items, page, total, std::string(path));
  d.set("heading", heading);
  ctx.app.send_page(ctx, "list", std::move(d), heading);
}

}  // namespace

void lessons_list_page(Context& ctx) {
  const int page = page_number(ctx);
  send_list(ctx, "lessons", "/lessons", recent_lessons(ctx), page, ctx.app.t(ctx, "list_lessons"),
            [&](const lesson::Lesson& l) { return lesson_card(l, ctx.lang); });
}

void plans_list_page(Context& ctx) {
  const int page = page_number(ctx);
  send_list(ctx, "plans", "/plans", all_plans(ctx), page, ctx.app.t(ctx, "list_plans"),
            [&](const plan::Plan& p) { return plan_card(p, ctx.lang); });
}

void sources_list_page(Context& ctx) {
  const int page = page_number(ctx);
  send_list(ctx, "sources", "/sources", visible_sources(ctx), page, ctx.app.t(ctx, "list_sources"),
            source_item);
}

}  // namespace lectio::web
