#pragma once
// Small string utilities shared by every module: UTF-8 validity, slugs, white space, the
// language of a text, HTML escaping. All strings are UTF-8.
#include <string>
#include <string_view>
#include <vector>

namespace lectio::text {

// True when `s` is well-formed UTF-8 (no overlongs, surrogates or values past U+10FFFF).
bool is_valid_utf8(std::string_view s);

// Lower-case ASCII slug of letters, digits and single underscores; non-ASCII letters are
// transliterated by ICU when possible and dropped otherwise. Never empty: falls back to "doc".
std::string slugify(std::string_view s, std::size_t max_len = 40);

// Collapses runs of Unicode white space to one ASCII space and trims both ends.
std::string collapse_whitespace(std::string_view s);

// The pieces of `s` between runs of ASCII white space, as written (punctuation kept): "-A NUM,
// --after" -> {"-A", "NUM,", "--after"}.
std::vector<std::string> split_whitespace(std::string_view s);

// "en" or "zh": zh when Han characters make up a large share of the letters.
std::string detect_language(std::string_view s);

// `s` with the ASCII letters A-Z lower-cased; every other byte (UTF-8 included) unchanged.
std::string ascii_lower(std::string_view s);

// Escapes & < > " and ' for HTML text and attribute values.
std::string html_escape(std::string_view s);

}  // namespace lectio::text
