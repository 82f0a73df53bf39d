#include "analysis.h"

#include <unicode/brkiter.h>
#include <unicode/uchar.h>
#include <unicode/utext.h>

#include <memory>
#include <unordered_set>

#include "lectio/core/error.h"
#include "lectio/text/stem.h"
#include "lectio/text/stopwords.h"
#include "lectio/text/unicode.h"

namespace lectio::search {

namespace {

bool is_word_char(UChar32 c) {
  return c >= 0 && (u_isalnum(c) || c == '_');
}

icu::BreakIterator* chinese_word_iterator() {
  thread_local std::unique_ptr<icu::BreakIterator> it = [] {
    UErrorCode status = U_ZERO_ERROR;
    std::unique_ptr<icu::BreakIterator> made(
        icu::BreakIterator::createWordInstance(icu::Locale::getChinese(), status));
    if (U_FAILURE(status)) throw Internal("ICU word break iterator unavailable");
    return made;
  }();
  return it.get();
}

// Appends the words of a run of CJK characters, separated by single spaces.
void append_words(std::string_view run, std::string& out) {
  UErrorCode status = U_ZERO_ERROR;
  UText* ut = utext_openUTF8(nullptr, run.data(), static_cast<int64_t>(run.size()), &status);
  if (U_FAILURE(status)) {
    out.append(run);
    return;
  }
  icu::BreakIterator* it = chinese_word_iterator();
  it->setText(ut, status);
  int32_t start = it->first();
  for (int32_t end = it->next(); end != icu::BreakIterator::DONE; start = end, end = it->next()) {
    if (start > 0) out.push_back(' ');
    out.append(run.substr(static_cast<std::size_t>(start), static_cast<std::size_t>(end - start)));
  }
  utext_close(ut);
}

// Skips highlight markers around position i, backwards or forwards, and returns the code point
// found there (or -1).
UChar32 cjk_neighbour_before(std::string_view s, std::size_t i) {
  while (i >= 2 && (s.substr(i - 2, 2) == "[[" || s.substr(i - 2, 2) == "]]")) i -= 2;
  if (i == 0) return -1;
  return text::code_point_before(s, i);
}

UChar32 cjk_neighbour_after(std::string_view s, std::size_t i) {
  while (i + 2 <= s.size() && (s.substr(i, 2) == "[[" || s.substr(i, 2) == "]]")) i += 2;
  if (i >= s.size()) return -1;
  return text::next_code_point(s, i);
}

}  // namespace

bool has_cjk(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    if (static_cast<unsigned char>(text[i]) < 0x80) {
      ++i;
      continue;
    }
    if (text::is_cjk_letter(text::next_code_point(text, i))) return true;
  }
  return false;
}

std::string segment_cjk(std::string_view text) {
  if (!has_cjk(text)) return std::string(text);
  std::string out;
  out.reserve(text.size() + text.size() / 2);
  std::size_t i = 0;
  while (i < text.size()) {
    std::size_t next = i;
    if (!text::is_cjk_letter(text::next_code_point(text, next))) {
      out.append(text.substr(i, next - i));
      i = next;
      continue;
    }
    std::size_t end = next;
    while (end < text.size()) {
      std::size_t after = end;
      if (!text::is_cjk_letter(text::next_code_point(text, after))) break;
      end = after;
    }
    // A space at a change of script only where a letter or digit would otherwise join the
    // run: punctuation separates words by itself.
    if (i > 0 && is_word_char(text::code_point_before(text, i))) out.push_back(' ');
    append_words(text.substr(i, end - i), out);
    if (std::size_t at = end; end < text.size() && is_word_char(text::next_code_point(text, at))) {
      out.push_back(' ');
    }
    i = end;
  }
  return out;
}

std::string unsegment_cjk(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == ' ' && text::is_cjk_letter(cjk_neighbour_before(text, i)) &&
        text::is_cjk_letter(cjk_neighbour_after(text, i + 1))) {
      continue;
    }
    out.push_back(text[i]);
  }
  // Words marked one after the other read as one marked run: [[张]][[量]] -> [[张量]].
  for (auto at = out.find("]][["); at != std::string::npos; at = out.find("]][[", at)) {
    out.erase(at, 4);
  }
  return out;
}

std::string restore_tail(std::string_view snippet, std::string_view text) {
  constexpr std::string_view kOmit = "…";
  if (!snippet.ends_with(kOmit)) return std::string(snippet);
  const std::string_view body = snippet.substr(0, snippet.size() - kOmit.size());
  std::string plain(body);
  for (const std::string_view marker : {"[[", "]]"}) {
    for (auto at = plain.find(marker); at != std::string::npos; at = plain.find(marker, at)) {
      plain.erase(at, marker.size());
    }
  }
  const auto at = text.rfind(plain);
  if (plain.empty() || at == std::string_view::npos) return std::string(snippet);
  const std::string_view tail = text.substr(at + plain.size());
  for (std::size_t i = 0; i < tail.size();) {
    const UChar32 c = text::next_code_point(tail, i);
    if (c < 0 || !(u_ispunct(c) || u_isUWhiteSpace(c))) return std::string(snippet);
  }
  return std::string(body) + std::string(tail);
}

std::string_view snowball_language(std::string_view language) {
  // Every language Lectio detects today stems its Latin-script words as English; the switch is
  // here so that a new language gets its own Snowball stemmer in one place.
  (void)language;
  return "english";
}

const std::vector<std::string>& query_stop_words() {
  static const std::vector<std::string> words = [] {
    std::vector<std::string> out;
    for (const char* w : text::stopwords("en")) out.emplace_back(w);
    for (const char* w : text::stopwords("zh")) out.emplace_back(w);
    return out;
  }();
  return words;
}

bool is_stop_term(const std::string& term) {
  static const std::unordered_set<std::string> terms = [] {
    std::unordered_set<std::string> out;
    const text::Stemmer stem(snowball_language("en"));
    for (const char* w : text::stopwords("en")) out.insert("Z" + stem(w));
    for (const char* w : text::stopwords("zh")) out.insert("Z" + std::string(w));
    return out;
  }();
  return terms.count(term) != 0;
}

}  // namespace lectio::search
