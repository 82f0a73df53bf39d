#include "lectio/core/text.h"

#include <sodium.h>
#include <unicode/brkiter.h>
#include <unicode/translit.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/uscript.h>
#include <unicode/utf8.h>

#include <memory>
#include <mutex>

#include "lectio/core/error.h"

namespace lectio::text {

bool is_valid_utf8(std::string_view s) {
  const auto* p = reinterpret_cast<const uint8_t*>(s.data());
  const int32_t n = static_cast<int32_t>(s.size());
  int32_t i = 0;
  while (i < n) {
    UChar32 c;
    U8_NEXT(p, i, n, c);
    if (c < 0) return false;
  }
  return true;
}

namespace {

// ICU transliterators are expensive to build and not thread-safe to share for writing;
// each thread gets its own, made on first use.
icu::Transliterator* ascii_transliterator() {
  thread_local std::unique_ptr<icu::Transliterator> t = [] {
    UErrorCode status = U_ZERO_ERROR;
    std::unique_ptr<icu::Transliterator> made(icu::Transliterator::createInstance(
        "Any-Latin; Latin-ASCII; Lower", UTRANS_FORWARD, status));
    if (U_FAILURE(status)) made.reset();
    return made;
  }();
  return t.get();
}

}  // namespace

std::string slugify(std::string_view s, std::size_t max_len) {
  icu::UnicodeString u = icu::UnicodeString::fromUTF8(icu::StringPiece(s.data(), s.size()));
  if (auto* t = ascii_transliterator()) t->transliterate(u);
  std::string ascii;
  u.toUTF8String(ascii);
  std::string out;
  for (char c : ascii) {
    const bool alnum = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
    const char lower = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
    const bool upper_alnum = (c >= 'A' && c <= 'Z');
    if (alnum || upper_alnum) {
      out.push_back(lower);
    } else if (!out.empty() && out.back() != '_') {
      out.push_back('_');
    }
    if (out.size() >= max_len) break;
  }
  while (!out.empty() && out.back() == '_') out.pop_back();
  return out.empty() ? std::string("doc") : out;
}

std::string collapse_whitespace(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  const auto* p = reinterpret_cast<const uint8_t*>(s.data());
  const int32_t n = static_cast<int32_t>(s.size());
  int32_t i = 0;
  bool pending_space = false;
  while (i < n) {
    const int32_t start = i;
    UChar32 c;
    U8_NEXT(p, i, n, c);
    if (c >= 0 && (u_isUWhiteSpace(c) || c == 0x200B || c == 0xFEFF)) {
      pending_space = !out.empty();
      continue;
    }
    if (pending_space) out.push_back(' ');
    pending_space = false;
    out.append(s.substr(start, i - start));
  }
  return out;
}

std::string content_hash(std::string_view bytes) {
  static const int init = sodium_init();
  if (init < 0) throw Internal("libsodium failed to initialise");
  unsigned char digest[crypto_generichash_BYTES];
  crypto_generichash(digest, sizeof digest, reinterpret_cast<const unsigned char*>(bytes.data()),
                     bytes.size(), nullptr, 0);
  char hex[sizeof digest * 2 + 1];
  sodium_bin2hex(hex, sizeof hex, digest, sizeof digest);
  return std::string(hex);
}

std::string detect_language(std::string_view s) {
  const auto* p = reinterpret_cast<const uint8_t*>(s.data());
  const int32_t n = static_cast<int32_t>(s.size());
  int32_t i = 0;
  long han = 0;
  long latin = 0;
  while (i < n) {
    UChar32 c;
    U8_NEXT(p, i, n, c);
    if (c < 0 || !u_isalpha(c)) continue;
    UErrorCode status = U_ZERO_ERROR;
    const UScriptCode script = uscript_getScript(c, &status);
    if (script == USCRIPT_HAN) ++han;
    else if (script == USCRIPT_LATIN) ++latin;
  }
  // A Han character carries about as much as a short Latin word (~4 letters).
  return han * 4 > latin ? "zh" : "en";
}

namespace {

icu::BreakIterator* word_iterator() {
  thread_local std::unique_ptr<icu::BreakIterator> it = [] {
    UErrorCode status = U_ZERO_ERROR;
    std::unique_ptr<icu::BreakIterator> made(
        icu::BreakIterator::createWordInstance(icu::Locale::getRoot(), status));
    if (U_FAILURE(status)) throw Internal("ICU word break iterator unavailable");
    return made;
  }();
  return it.get();
}

}  // namespace

int count_words(std::string_view s) {
  UErrorCode status = U_ZERO_ERROR;
  icu::BreakIterator* it = word_iterator();
  UText* ut = utext_openUTF8(nullptr, s.data(), static_cast<int64_t>(s.size()), &status);
  if (U_FAILURE(status)) return 0;
  it->setText(ut, status);
  int words = 0;
  for (int32_t end = it->next(); end != icu::BreakIterator::DONE; end = it->next()) {
    if (it->getRuleStatus() != UBRK_WORD_NONE) ++words;
  }
  utext_close(ut);
  return words;
}

}  // namespace lectio::text
