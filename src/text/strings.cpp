#include "lectio/text/strings.h"

#include <unicode/translit.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/uscript.h>
#include <unicode/utf8.h>

#include <bit>
#include <cstdint>
#include <cstring>
#include <memory>
#include <mutex>

#include "lectio/core/error.h"

namespace lectio::text {

namespace {

std::uint64_t load8(const uint8_t* p) {
  std::uint64_t word;
  std::memcpy(&word, p, sizeof word);
  return word;
}

// The 8-byte scans below read the byte at the lowest address from the low end of the word.
static_assert(std::endian::native == std::endian::little);

constexpr std::uint64_t kHighBits = 0x8080808080808080ull;
constexpr std::uint64_t kOnes = 0x0101010101010101ull;

// True when none of the 8 bytes in `word` has its high bit set, i.e. all are ASCII.
bool ascii8(std::uint64_t word) {
  return (word & kHighBits) == 0;
}

// The high bit of the first byte of `word` (lowest address; x86-64 is little-endian) that is
// below 0x21 or not ASCII is set; later bytes may be marked falsely, so only the lowest set bit
// is meaningful. Zero when all eight bytes are printable ASCII.
std::uint64_t needs_look(std::uint64_t word) {
  return ((word - kOnes * 0x21) & ~word & kHighBits) | (word & kHighBits);
}

bool is_ascii(std::string_view s) {
  const auto* p = reinterpret_cast<const uint8_t*>(s.data());
  std::size_t i = 0;
  for (; i + 8 <= s.size(); i += 8) {
    if (!ascii8(load8(p + i))) return false;
  }
  for (; i < s.size(); ++i) {
    if (p[i] >= 0x80) return false;
  }
  return true;
}

// High bit of each byte set where that byte is >= lo. Bytes must be ASCII, so no sum carries
// into the next byte.
std::uint64_t at_least(std::uint64_t word, std::uint8_t lo) {
  return (word + kOnes * (0x80 - lo)) & kHighBits;
}

// High bit of each byte of an all-ASCII word set where that byte is a letter.
std::uint64_t ascii_letters(std::uint64_t word) {
  const std::uint64_t folded = word | (kOnes * 0x20);  // 'A'-'Z' to 'a'-'z'
  return at_least(folded, 'a') & ~at_least(folded, 'z' + 1);
}

// Number of bytes whose high bit is set, when no other bits are.
int count_high_bits(std::uint64_t high_bits) {
  return static_cast<int>(((high_bits >> 7) * kOnes) >> 56);
}

bool is_ascii_letter(uint8_t c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

}  // namespace

bool is_valid_utf8(std::string_view s) {
  const auto* p = reinterpret_cast<const uint8_t*>(s.data());
  const int32_t n = static_cast<int32_t>(s.size());
  int32_t i = 0;
  while (i < n) {
    // Most text is mostly ASCII, which is valid as it stands: skip it eight bytes at a time.
    while (i + 8 <= n && ascii8(load8(p + i))) i += 8;
    if (i >= n) break;
    if (p[i] < 0x80) {
      ++i;
      continue;
    }
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
  // The transliterator leaves ASCII as it is apart from case, which the loop below folds
  // anyway, so ASCII names skip it; building it costs more than a thousand slugs.
  std::string ascii;
  if (is_ascii(s)) {
    ascii = s;
  } else {
    icu::UnicodeString u = icu::UnicodeString::fromUTF8(icu::StringPiece(s.data(), s.size()));
    if (auto* t = ascii_transliterator()) t->transliterate(u);
    u.toUTF8String(ascii);
  }
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

namespace {

// The ASCII members of Unicode's White_Space property: TAB, LF, VT, FF, CR and SPACE. They are
// tested directly so that ICU is asked only about non-ASCII characters, which are rare in most
// text; the 0x1C-0x1F separators are not White_Space and stay text, as ICU says.
constexpr bool is_ascii_space(std::uint8_t c) {
  return c == ' ' || (c >= 0x09 && c <= 0x0D);
}

// Zero-width space and BOM are not White_Space in Unicode, but they are invisible gaps in
// extracted text, so they count as spaces here.
bool is_unicode_space(UChar32 c) {
  return u_isUWhiteSpace(c) || c == 0x200B || c == 0xFEFF;
}

}  // namespace

std::vector<std::string> split_whitespace(std::string_view s) {
  // The white space of the C locale, as a stream's >> splits on.
  const auto space = [](char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
  };
  std::vector<std::string> out;
  std::size_t at = 0;
  while (at < s.size()) {
    while (at < s.size() && space(s[at])) ++at;
    std::size_t end = at;
    while (end < s.size() && !space(s[end])) ++end;
    if (end > at) out.emplace_back(s.substr(at, end - at));
    at = end;
  }
  return out;
}

std::string collapse_whitespace(std::string_view s) {
  // The result is never longer than the input, so it is written straight into a buffer of the
  // input's size and cut to length at the end. The write position never passes the read
  // position, which makes the 8-byte stores below safe.
  std::string out(s.size(), '\0');
  char* const first = out.data();
  char* w = first;
  // A space goes out only after some text and never twice in a row; one left at the end is
  // cut. Text never contributes a ' ' of its own, since ' ' is white space, so w[-1] == ' '
  // means "a gap was just written".
  const auto gap = [&] {
    if (w != first && w[-1] != ' ') *w++ = ' ';
  };
  const auto* p = reinterpret_cast<const uint8_t*>(s.data());
  const int32_t n = static_cast<int32_t>(s.size());
  int32_t i = 0;
  while (i < n) {
    if (i + 8 <= n) {
      // Copy up to eight plain bytes at once: store all eight, then keep those before the first
      // byte that needs a look (a control or space byte, or non-ASCII).
      const std::uint64_t word = load8(p + i);
      std::memcpy(w, &word, sizeof word);
      const std::uint64_t stop = needs_look(word);
      if (stop == 0) {
        i += 8;
        w += 8;
        continue;
      }
      const int plain = std::countr_zero(stop) / 8;
      i += plain;
      w += plain;
    }
    const uint8_t byte = p[i];
    if (byte < 0x80) {
      if (is_ascii_space(byte)) {
        gap();
      } else {
        *w++ = static_cast<char>(byte);
      }
      ++i;
      continue;
    }
    // Ill-formed bytes are copied as they are; U8_NEXT never swallows an ASCII byte.
    const int32_t start = i;
    UChar32 c;
    U8_NEXT(p, i, n, c);
    if (c >= 0 && is_unicode_space(c)) {
      gap();
      continue;
    }
    std::memcpy(w, s.data() + start, static_cast<std::size_t>(i - start));
    w += i - start;
  }
  if (w != first && w[-1] == ' ') --w;
  out.resize(static_cast<std::size_t>(w - first));
  return out;
}

std::string detect_language(std::string_view s) {
  const auto* p = reinterpret_cast<const uint8_t*>(s.data());
  const int32_t n = static_cast<int32_t>(s.size());
  int32_t i = 0;
  long han = 0;
  long latin = 0;
  while (i < n) {
    // The only ASCII letters are A-Z and a-z, all of them Latin; they are counted eight bytes
    // at a time while the text stays ASCII.
    for (std::uint64_t word; i + 8 <= n && ascii8(word = load8(p + i)); i += 8) {
      latin += count_high_bits(ascii_letters(word));
    }
    if (i >= n) break;
    if (p[i] < 0x80) {
      latin += is_ascii_letter(p[i]);
      ++i;
      continue;
    }
    UChar32 c;
    U8_NEXT(p, i, n, c);
    if (c < 0 || !u_isalpha(c)) continue;
    UErrorCode status = U_ZERO_ERROR;
    const UScriptCode script = uscript_getScript(c, &status);
    if (script == USCRIPT_HAN)
      ++han;
    else if (script == USCRIPT_LATIN)
      ++latin;
  }
  // A Han character carries about as much as a short Latin word (~4 letters).
  return han * 4 > latin ? "zh" : "en";
}

std::string ascii_lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

std::string html_escape(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (const char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

}  // namespace lectio::text
