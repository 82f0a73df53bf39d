#include "lectio/text/pointing.h"

#include <algorithm>
#include <array>

namespace lectio::text {

namespace {

constexpr std::array<std::string_view, 6> kPointers = {"这", "那", "此", "它", "该", "其"};
constexpr std::array<std::string_view, 8> kNotPointers = {"应该", "其他", "其它", "尤其",
                                                          "极其", "与其", "其实", "彼此"};

// Whether the pointer `p` found at byte `at` of `text` is part of a word that does not point.
bool excused(std::string_view text, std::size_t at, std::string_view p) {
  return std::any_of(kNotPointers.begin(), kNotPointers.end(), [&](std::string_view w) {
    const std::size_t k = w.find(p);
    return k != std::string_view::npos && at >= k && text.substr(at - k, w.size()) == w;
  });
}

}  // namespace

bool holds_pointer_zh(std::string_view text) {
  for (std::string_view p : kPointers) {
    for (auto at = text.find(p); at != std::string_view::npos; at = text.find(p, at + p.size())) {
      if (!excused(text, at, p)) return true;
    }
  }
  return false;
}

bool opens_with_pointer_zh(std::string_view text) {
  return std::any_of(kPointers.begin(), kPointers.end(), [&](std::string_view p) {
    return text.starts_with(p) && !excused(text, 0, p);
  });
}

}  // namespace lectio::text
