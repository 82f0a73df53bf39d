#pragma once
// Sentence splitting by ICU's rules for the language. English (the rules for every language but
// Chinese) suppresses breaks after abbreviations: ICU's standard list ("Mr.", "e.g.") and the
// titles and reference words it lacks ("Dr.", "Prof.", "Fig.", "No.", "vs.").
// Chinese ends no sentence at an ASCII stop inside a name, pattern or quoted symbol ("“.”目录",
// "“~i!~M”"), starts one at an opening quote after "。！？" (ICU counts "“" as closing), and keeps
// a bracketed aside after a stop with the sentence before it.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace lectio::text {

struct Span {
  std::size_t begin = 0;  // byte offsets into the segmented text
  std::size_t end = 0;
};

// Replaces `out` with the sentence spans of `text`, surrounding white space trimmed and empty
// spans dropped. Each thread keeps its own iterators and buffers; `out` is a parameter so that
// the caller can reuse its storage from block to block. Throws Internal when ICU fails.
void split_sentences(std::string_view text, std::string_view language, std::vector<Span>& out);

// The sentences of running text, white space collapsed: a blank line ends a sentence, while a
// single line break is only wrapping (ICU alone would end a sentence at every line break).
std::vector<std::string> sentences(std::string_view text, std::string_view language);

}  // namespace lectio::text
