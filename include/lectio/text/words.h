#pragma once
// Words by ICU's word boundaries (letters, digits, ideographs; Chinese split by ICU's
// dictionary), and the one word count every module uses.
#include <string>
#include <string_view>
#include <vector>

#include "lectio/text/sentences.h"

namespace lectio::text {

// Byte spans of the words of `text`, in order: spaces and punctuation are not words.
std::vector<Span> word_spans(std::string_view text);

// The words of `text`, lower-cased, in order, nothing removed. Curly apostrophes become ASCII
// ones, and an all-capitals plural loses its s ("GPUs" -> "gpu"), which a stemmer would keep.
std::vector<std::string> words(std::string_view text);

// The number of words, as stored with each chunk. ASCII text is counted eight bytes at a time
// by a rule that agrees with ICU on ordinary prose: a word is a run of letters, digits, '\''
// and '_' that carries on over '-' and '.' ("3.5", "e.g" and, unlike ICU, "well-known" count
// once). Text with any non-ASCII byte is counted by ICU's word boundaries.
int count_words(std::string_view text);

// Where each word that count_words() counts begins, in bytes: its ASCII rule for ASCII text,
// ICU's word boundaries otherwise. A text cut at these offsets every n words gives pieces of
// at most n words each, by count_words().
std::vector<std::size_t> counted_word_starts(std::string_view text);

// Whether a lower-cased English word names a number ("three", "twelve", "hundred", "dozen").
[[nodiscard]] bool is_number_word(std::string_view lower);

}  // namespace lectio::text
