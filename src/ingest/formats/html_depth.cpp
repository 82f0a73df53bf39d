#include "formats/html_depth.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>

namespace lectio::ingest {
namespace {

// Elements that never hold children, and elements a parser closes without an end tag (or that
// it never nests), so neither opens a level that an honest document would close.
constexpr std::array<std::string_view, 39> kNotCounted = {
    "area",  "base",     "basefont", "bgsound",  "br",      "col",   "embed", "frame",
    "hr",    "img",      "input",    "keygen",   "link",    "meta",  "param", "source",
    "track", "wbr",      "command",  "p",        "li",      "dt",    "dd",    "rt",
    "rp",    "optgroup", "option",   "colgroup", "caption", "thead", "tbody", "tfoot",
    "tr",    "td",       "th",       "html",     "head",    "body",  "image"};

// Elements whose content is skipped up to their own end tag: raw text, and the foreign SVG and
// MathML trees, where "<x/>" really closes (the walker reads none of them).
constexpr std::array<std::string_view, 11> kSkipped = {"script",   "style",  "textarea", "title",
                                                       "xmp",      "iframe", "noembed",  "noframes",
                                                       "noscript", "svg",    "math"};

bool contains(const auto& set, std::string_view name) {
  return std::find(set.begin(), set.end(), name) != set.end();
}

// Reads a tag name starting at `i`, lower-cased; stops at the first byte that cannot be in one.
std::string tag_name(std::string_view html, std::size_t& i) {
  std::string name;
  while (i < html.size()) {
    const unsigned char c = static_cast<unsigned char>(html[i]);
    if (!std::isalnum(c) && c != '-' && c != ':' && c != '_') break;
    if (name.size() < 32) name += static_cast<char>(std::tolower(c));
    ++i;
  }
  return name;
}

// Moves `i` past the '>' that ends the tag, skipping quoted attribute values; returns whether
// the tag ended in "/>".
bool skip_tag(std::string_view html, std::size_t& i) {
  char quote = 0;
  char previous = 0;
  for (; i < html.size(); ++i) {
    const char c = html[i];
    if (quote) {
      if (c == quote) quote = 0;
    } else if (c == '"' || c == '\'') {
      quote = c;
    } else if (c == '>') {
      ++i;
      return previous == '/';
    }
    previous = c;
  }
  return false;
}

// Moves `i` past "</name" (any case) or to the end.
void skip_to_end_tag(std::string_view html, std::size_t& i, std::string_view name) {
  while ((i = html.find("</", i)) != std::string_view::npos) {
    std::size_t j = i + 2;
    if (tag_name(html, j) == name) {
      i = j;
      skip_tag(html, i);
      return;
    }
    i += 2;
  }
  i = html.size();
}

}  // namespace

bool html_nests_deeper_than(std::string_view html, int limit) {
  int depth = 0;
  std::size_t i = 0;
  while ((i = html.find('<', i)) != std::string_view::npos) {
    if (html.compare(i, 4, "<!--") == 0) {
      const std::size_t end = html.find("-->", i + 4);
      i = end == std::string_view::npos ? html.size() : end + 3;
      continue;
    }
    ++i;
    if (i >= html.size()) break;
    if (html[i] == '!' || html[i] == '?') {
      skip_tag(html, i);
      continue;
    }
    const bool closing = html[i] == '/';
    if (closing) ++i;
    if (i >= html.size() || !std::isalpha(static_cast<unsigned char>(html[i]))) continue;
    const std::string name = tag_name(html, i);
    const bool self_closing = skip_tag(html, i);
    if (closing) {
      if (!contains(kNotCounted, name)) depth = std::max(0, depth - 1);
      continue;
    }
    if (contains(kSkipped, name)) {
      if (!self_closing) skip_to_end_tag(html, i, name);
      continue;
    }
    // An HTML parser ignores "/>" on other elements: <div/> opens a div.
    if (contains(kNotCounted, name)) continue;
    if (++depth > limit) return true;
  }
  return false;
}

}  // namespace lectio::ingest
