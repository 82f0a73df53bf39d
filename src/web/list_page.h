#pragma once
// Pages of the API's lists (docs/api.md, "Pages"): every list endpoint answers at most
// kMaxPageSize items, chosen by ?offset= (from 0) and ?limit= (1 to kMaxPageSize, default
// kDefaultPageSize), and says where it is: {"offset", "limit", "total", "more"}.
#include <algorithm>
#include <cstddef>
#include <nlohmann/json.hpp>
#include <vector>

#include "http.h"

namespace lectio::web {

inline constexpr int kDefaultPageSize = 50;
inline constexpr int kMaxPageSize = 200;
inline constexpr int kMaxOffset = 100000000;

struct ListPage {
  int offset = 0;
  int limit = kDefaultPageSize;
};

// The query field `name` as a whole number from lo to hi; `fallback` when it is absent.
// Throws InvalidField naming it (a 400) otherwise.
int query_number(Context& ctx, const char* name, int fallback, int lo, int hi);

// The page a request asks for; throws 400 naming offset or limit when out of range.
ListPage list_page(Context& ctx);

// Where a page of `total` items is.
nlohmann::json page_json(const ListPage& page, std::size_t total);

// The items of the page, from a list held whole.
template <class T>
std::vector<T> page_of(std::vector<T> items, const ListPage& page) {
  const std::size_t first = std::min(items.size(), static_cast<std::size_t>(page.offset));
  const std::size_t last = std::min(items.size(), first + static_cast<std::size_t>(page.limit));
  items.erase(items.begin() + static_cast<std::ptrdiff_t>(last), items.end());
  items.erase(items.begin(), items.begin() + static_cast<std::ptrdiff_t>(first));
  return items;
}

}  // namespace lectio::web
