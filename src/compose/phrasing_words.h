#pragma once
// Word-level helpers shared by the spoken frame's parts (phrasing.cpp, phrasing_words.cpp).
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace lectio::compose {

// Two capitals or more ("GPU", "TCL").
bool is_acronym(const std::string& w);
// Not a CJK (or other non-ASCII) word.
bool ascii_word(const std::string& w);
// Without trailing ".", "?", "!" or ":".
std::string strip_end_punct(std::string s);
bool one_of(const std::string& w, std::initializer_list<std::string_view> list);
// The topic up to a word that starts a long qualifier ("for practical ...", "when many ..."),
// never leaving a word that needs more after it ("and", "of") at the end.
std::string short_topic(const std::string& topic);
// Joins items as "a, b, and c" (or "a、b和c").
std::string join_list(const std::vector<std::string>& items, bool zh);
// A heading as a phrase to say: without its section number, and only when it reads as a
// short name ("The Rollback Journal" -> "the rollback journal"); empty otherwise.
std::string spoken_heading(const std::string& heading);

}  // namespace lectio::compose
