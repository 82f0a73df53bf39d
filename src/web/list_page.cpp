#include "list_page.h"

#include <fmt/format.h>

#include <charconv>
#include <string>

#include "lectio/core/error.h"

namespace lectio::web {

int query_number(Context& ctx, const char* name, int fallback, int lo, int hi) {
  const std::string v = ctx.field(name);
  if (v.empty()) return fallback;
  int n = 0;
  const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
  if (ec != std::errc() || end != v.data() + v.size() || n < lo || n > hi) {
    throw InvalidField(
        name, fmt::format("{}: must be a whole number from {} to {}, not '{}'", name, lo, hi, v));
  }
  return n;
}

ListPage list_page(Context& ctx) {
  ListPage page;
  page.offset = query_number(ctx, "offset", 0, 0, kMaxOffset);
  page.limit = query_number(ctx, "limit", kDefaultPageSize, 1, kMaxPageSize);
  return page;
}

nlohmann::json page_json(const ListPage& page, std::size_t total) {
  return {{"offset", page.offset},
          {"limit", page.limit},
          {"total", total},
          {"more",
           static_cast<std::size_t>(page.offset) + static_cast<std::size_t>(page.limit) < total}};
}

}  // namespace lectio::web
