#include "list_page.h"

#include <fmt/format.h>

#include <charconv>
#include <string>

namespace lectio::web {

namespace {

int number_field(Context& ctx, const char* name, int fallback, int lo, int hi) {
  const std::string v = ctx.field(name);
  if (v.empty()) return fallback;
  int n = 0;
  const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
  if (ec != std::errc() || end != v.data() + v.size() || n < lo || n > hi) {
    throw HttpError(400, "invalid_input",
                    fmt::format("{}: must be a whole number from {} to {}", name, lo, hi));
  }
  return n;
}

}  // namespace

ListPage list_page(Context& ctx) {
  ListPage page;
  page.offset = number_field(ctx, "offset", 0, 0, 100000000);
  page.limit = number_field(ctx, "limit", kDefaultPageSize, 1, kMaxPageSize);
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
