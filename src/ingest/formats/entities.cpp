#include "entities.h"

#include <unicode/utf8.h>

#include <array>
#include <charconv>
#include <utility>

namespace lectio::ingest {

namespace {

std::string encode_utf8(std::uint32_t cp) {
  if (cp == 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) cp = 0xFFFD;
  char buf[4];
  int32_t n = 0;
  U8_APPEND_UNSAFE(buf, n, static_cast<UChar32>(cp));  // buf holds any code point's 4 bytes
  return std::string(buf, static_cast<std::size_t>(n));
}

// The named references seen in real Markdown; the full HTML table is not needed here.
constexpr std::array<std::pair<std::string_view, std::uint32_t>, 24> kNamed = {{
    {"amp", '&'},      {"lt", '<'},       {"gt", '>'},       {"quot", '"'},      {"apos", '\''},
    {"nbsp", 0xA0},    {"mdash", 0x2014}, {"ndash", 0x2013}, {"hellip", 0x2026}, {"copy", 0xA9},
    {"reg", 0xAE},     {"trade", 0x2122}, {"lsquo", 0x2018}, {"rsquo", 0x2019},  {"ldquo", 0x201C},
    {"rdquo", 0x201D}, {"times", 0xD7},   {"divide", 0xF7},  {"deg", 0xB0},      {"middot", 0xB7},
    {"euro", 0x20AC},  {"pound", 0xA3},   {"para", 0xB6},    {"sect", 0xA7},
}};

}  // namespace

std::string decode_entity(std::string_view entity) {
  if (entity.size() < 3 || entity.front() != '&' || entity.back() != ';') {
    return std::string(entity);
  }
  std::string_view body = entity.substr(1, entity.size() - 2);
  if (body.front() == '#') {
    body.remove_prefix(1);
    int base = 10;
    if (!body.empty() && (body.front() == 'x' || body.front() == 'X')) {
      base = 16;
      body.remove_prefix(1);
    }
    std::uint32_t cp = 0;
    auto [ptr, ec] = std::from_chars(body.data(), body.data() + body.size(), cp, base);
    if (ec != std::errc() || ptr != body.data() + body.size()) return std::string(entity);
    return encode_utf8(cp);
  }
  for (const auto& [name, cp] : kNamed) {
    if (name == body) return encode_utf8(cp);
  }
  return std::string(entity);
}

}  // namespace lectio::ingest
