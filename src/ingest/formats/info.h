#pragma once
// GNU Info files (what makeinfo writes from Texinfo: the manuals under /usr/share/info) read
// as the plain text they are, without what only an Info reader uses: node headers, menus,
// tag tables, the directory entry. Their markup is written as a printed manual says it: a
// cross-reference "*note Label: Node." as "see section Label." (one in brackets left out), emphasis
// "_word_" as "word", a definition header " -- Action: -exec command ;" as the term over its
// description.
#include <string>
#include <string_view>

namespace lectio::ingest {

// Whether `bytes` is an Info file: it opens as makeinfo writes one, or holds a node header
// after Info's node separator (0x1f).
[[nodiscard]] bool is_info(std::string_view bytes);

// The text of an Info file for the plain-text reader (text.cpp), as described above. Form feeds
// and headings' underlines are kept; so is every line of a node's own text.
[[nodiscard]] std::string info_to_text(std::string_view bytes);

}  // namespace lectio::ingest
