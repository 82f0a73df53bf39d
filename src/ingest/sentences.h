#pragma once
// Sentence segmentation with ICU, private to the ingest module.
#include <string>
#include <string_view>
#include <vector>

namespace lectio::ingest {

struct Span {
  std::size_t begin = 0;  // byte offsets into the segmented text
  std::size_t end = 0;
};

// Replaces `out` with the sentence spans of `text`, surrounding white space trimmed and empty
// spans dropped. English uses ICU's abbreviation suppressions ("Dr.", "e.g.") so they do not
// end sentences. Each thread keeps its own iterators and buffers; `out` is a parameter so that
// the caller can reuse its storage from block to block.
void split_sentences(std::string_view text, const std::string& language, std::vector<Span>& out);

// Word count that takes a fast path for ASCII and ICU word boundaries otherwise.
int word_count(std::string_view text);

}  // namespace lectio::ingest
