#pragma once
// Code points of UTF-8 text, and the script tests every module shares. Ill-formed bytes decode
// to kNoCodePoint, which no test below accepts.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace lectio::text {

// A Unicode code point, or kNoCodePoint (ICU's UChar32 convention, without ICU's header).
using CodePoint = std::int32_t;
inline constexpr CodePoint kNoCodePoint = -1;

// The code point that starts at byte `i` of `s`; advances `i` past it (by one byte at least).
CodePoint next_code_point(std::string_view s, std::size_t& i);

// The code point that ends just before byte `i`, or kNoCodePoint at the start.
CodePoint code_point_before(std::string_view s, std::size_t i);

// The code point that starts at byte `i`, or kNoCodePoint at or past the end.
CodePoint code_point_at(std::string_view s, std::size_t i);

// The first and the last code point of `s` (kNoCodePoint when empty).
CodePoint first_code_point(std::string_view s);
CodePoint last_code_point(std::string_view s);

// A Han character (ideographs, radicals, 々 and 〇: Unicode's Han script).
bool is_han(CodePoint c);

// A character of the CJK blocks: ideographs, kana, bopomofo, CJK punctuation and symbols, and
// full-width forms, which are written without spaces between them.
bool is_cjk(CodePoint c);

// A letter of the scripts written without spaces between words that a word segmenter splits:
// Han, Hiragana and Katakana (not CJK punctuation or full-width Latin, unlike is_cjk).
bool is_cjk_letter(CodePoint c);

// True when every byte is ASCII.
bool is_ascii(std::string_view s);

// True when the text holds a Han character: Chinese words, not only Latin letters or symbols.
bool holds_han(std::string_view s);

// The number of code points (characters as users count them, near enough) of UTF-8 text.
std::size_t character_count(std::string_view s);

// `s` without the bidirectional embedding, override and isolate controls (U+202A to U+202E,
// U+2066 to U+2069), with which a title or name shown in a list could reorder the text
// around it ("gnp.exe" shown for "exe.png").
std::string without_bidi_controls(std::string_view s);

}  // namespace lectio::text
