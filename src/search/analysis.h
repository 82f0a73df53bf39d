#pragma once
// How text becomes index terms, shared by indexing, querying and snippets so that the three
// always agree. Private to the search module.
#include <string>
#include <string_view>
#include <vector>

namespace lectio::search {

// True when the text has Han, Hiragana or Katakana characters, which are written without
// spaces between words.
bool has_cjk(std::string_view text);

// Puts an ASCII space between the words of every run of CJK characters (ICU's dictionary-based
// word breaks) and around such runs, so that Xapian sees one term per word. Text without CJK is
// returned unchanged.
std::string segment_cjk(std::string_view text);

// Undoes segment_cjk on a snippet: drops a space whose neighbours, ignoring the highlight
// markers [[ and ]], are both CJK characters, and joins marks that then touch.
std::string unsegment_cjk(std::string_view text);

// Xapian ends a snippet with the omission mark "…" unless it stops at a sentence end it knows,
// and it knows no CJK full stop. When the snippet reaches the end of the text but for
// punctuation, this puts that punctuation back in place of the mark.
std::string restore_tail(std::string_view snippet, std::string_view text);

// The Snowball stemmer for text in a source language ("en", "zh"). Chinese words have no
// inflections, so Chinese sources use the English stemmer too: it leaves Han words alone and
// stems the English words that Chinese technical writing is full of, exactly as a query would.
std::string_view snowball_language(std::string_view language);

// Words dropped from plain queries: the Snowball English stop list and common Chinese function
// and question words. Documents keep them, so that phrases with stop words still match.
const std::vector<std::string>& query_stop_words();

// The index terms ("Z" + stem) of the query stop words.
bool is_stop_term(const std::string& term);

}  // namespace lectio::search
