#pragma once
// What a short line standing alone is, in the formats that mark no headings (plain text, PDF):
// their readers guess a heading from layout, and an example line of code stands alone too.
#include <string_view>

namespace lectio::ingest {

// True when `line` holds what code holds and a title does not: a backslash, a straight
// double quote, a straight single quote opening a word ('hello'), a shell variable or glob
// ($pattern, *.c), an option (-i, --), or a name_with_underscores. Curly quotes, apostrophes
// inside a word and hyphens inside a word ("Pre-processing") are a title's.
[[nodiscard]] bool reads_as_code(std::string_view line);

}  // namespace lectio::ingest
