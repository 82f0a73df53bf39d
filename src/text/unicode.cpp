#include "lectio/text/unicode.h"

#include <unicode/uscript.h>
#include <unicode/utf8.h>

#include <algorithm>

namespace lectio::text {

namespace {

const uint8_t* bytes(std::string_view s) {
  return reinterpret_cast<const uint8_t*>(s.data());
}

}  // namespace

CodePoint next_code_point(std::string_view s, std::size_t& i) {
  auto at = static_cast<int32_t>(i);
  UChar32 c;
  U8_NEXT(bytes(s), at, static_cast<int32_t>(s.size()), c);
  i = static_cast<std::size_t>(at);
  return c < 0 ? kNoCodePoint : c;
}

CodePoint code_point_before(std::string_view s, std::size_t i) {
  if (i == 0 || i > s.size()) return kNoCodePoint;
  auto at = static_cast<int32_t>(i);
  UChar32 c;
  U8_PREV(bytes(s), 0, at, c);
  return c < 0 ? kNoCodePoint : c;
}

CodePoint code_point_at(std::string_view s, std::size_t i) {
  if (i >= s.size()) return kNoCodePoint;
  return next_code_point(s, i);
}

CodePoint first_code_point(std::string_view s) {
  return code_point_at(s, 0);
}

CodePoint last_code_point(std::string_view s) {
  return code_point_before(s, s.size());
}

bool is_han(CodePoint c) {
  if (c < 0x2E80) return false;  // everything below is Latin, Greek, Cyrillic, ...: no ICU call
  UErrorCode status = U_ZERO_ERROR;
  return uscript_getScript(c, &status) == USCRIPT_HAN;
}

bool is_cjk_letter(CodePoint c) {
  if (c < 0x2E80) return false;
  UErrorCode status = U_ZERO_ERROR;
  const UScriptCode script = uscript_getScript(c, &status);
  return script == USCRIPT_HAN || script == USCRIPT_HIRAGANA || script == USCRIPT_KATAKANA;
}

bool is_cjk(CodePoint c) {
  // CJK radicals to the unified ideographs (kana, bopomofo, CJK punctuation and strokes on the
  // way), compatibility ideographs, half- and full-width forms, and the supplementary
  // ideographic planes.
  return (c >= 0x2E80 && c <= 0x9FFF) || (c >= 0xF900 && c <= 0xFAFF) ||
         (c >= 0xFF00 && c <= 0xFFEF) || (c >= 0x20000 && c <= 0x3FFFF);
}

bool is_ascii(std::string_view s) {
  return std::all_of(s.begin(), s.end(),
                     [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

bool holds_han(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    if (is_han(next_code_point(s, i))) return true;
  }
  return false;
}

std::size_t character_count(std::string_view s) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < s.size();) {
    next_code_point(s, i);
    ++n;
  }
  return n;
}

std::string without_bidi_controls(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t start = i;
    const CodePoint c = next_code_point(s, i);
    if ((c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069)) continue;
    out.append(s.substr(start, i - start));
  }
  return out;
}

}  // namespace lectio::text
