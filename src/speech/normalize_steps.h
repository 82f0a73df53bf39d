#pragma once
// The stages of normalize_for_speech, in the order it runs them. Each is pure and thread-safe.
#include <string>
#include <string_view>
#include <vector>

#include "lectio/speech/normalize.h"

namespace lectio::speech::detail {

enum class Lang { kEn, kZh };

// markup.cpp: removes what is never read aloud (citation markers, markdown, HTML tags, emoji,
// symbols with no spoken form) and speaks links: a short URL as its domain ("example dot com"),
// a long or odd one as "a link"; e-mail addresses as "name at example dot com".
std::string strip_markup(std::string_view text);
std::string speak_links(std::string_view text, Lang lang);
// Command-line options ("--amend" -> "dash dash amend"), file paths ("/etc/hosts" -> "slash etc
// slash hosts") and section numbers ("2.1.3" -> "2 point 1 point 3"), run after the links.
std::string speak_code(std::string_view text, Lang lang);

// Spoken forms that later rules must not touch (lexicon entries) are swapped for private-use
// characters and swapped back at the end.
class Shelter {
 public:
  std::string hold(std::string spoken);  // returns the placeholder
  std::string restore(std::string_view text) const;

 private:
  std::vector<std::string> held_;
};

// lexicon.cpp: whole-word replacement; all-caps entries match case-sensitively, others ignore
// ASCII case. An entry beside Han text needs no word boundary on that side.
std::string apply_lexicon(std::string_view text, const Lexicon& lexicon, Shelter& shelter);

// The pronunciations Lectio knows without a user lexicon ("NVIDIA", "C++", "bfloat16"),
// applied right after the user's, so a user entry for the same word wins.
const Lexicon& builtin_lexicon(Lang lang);

// words_en.cpp: abbreviations ("e.g."), run before numbers; then identifiers, camel case,
// letter-digit tokens ("H100"), acronyms ("GPU" -> "G P U") and symbols ("&" -> "and").
std::string expand_abbreviations_en(std::string_view text);
std::string expand_words_en(std::string_view text);

// words_zh.cpp: Latin abbreviations, letter-digit tokens ("H100" -> "H 一百"), acronyms and
// symbols in Chinese text.
std::string expand_words_zh(std::string_view text);

// acronyms.cpp, shared by both languages.
std::string spell_letters(std::string_view letters);  // "GPU" -> "G P U"
// flite reads a lone "A" before a word as the article ("X L A bridge" -> "X L uh"); a spelled
// group that ends in A gets "Ay", which it reads as the letter name.
std::string letter_a_before_word(std::string spelled);
// The word form of an all-caps token said as a word ("NASA" -> "Nasa"), or empty; `guess`
// also accepts unknown tokens shaped like words ("SATA").
std::string pronounceable(std::string_view caps, bool guess);
// Rewrites all-caps tokens. English keeps plurals ("GPUs" -> "G P U's") and lowers shouted
// sentences; Chinese spells every acronym except the ones said as words ("NASA").
std::string expand_acronyms(std::string_view text, bool english);

}  // namespace lectio::speech::detail
