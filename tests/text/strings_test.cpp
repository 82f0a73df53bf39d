#include "lectio/text/strings.h"

#include <gtest/gtest.h>
#include <unicode/uchar.h>
#include <unicode/utf8.h>

#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "lectio/core/hash.h"

namespace lectio::text {

TEST(Utf8Test, AcceptsWellFormedAndRejectsBrokenSequences) {
  EXPECT_TRUE(is_valid_utf8("plain ascii"));
  EXPECT_TRUE(is_valid_utf8("caf\xc3\xa9 \xe4\xb8\xad\xe6\x96\x87 \xf0\x9f\x98\x80"));
  EXPECT_FALSE(is_valid_utf8("\xff\xfe"));
  EXPECT_FALSE(is_valid_utf8("trunc\xe4\xb8"));
  EXPECT_FALSE(is_valid_utf8("overlong \xc0\xaf"));
  EXPECT_FALSE(is_valid_utf8("surrogate \xed\xa0\x80"));
  EXPECT_FALSE(is_valid_utf8("latin1 caf\xe9"));
}

TEST(SlugifyTest, MakesStableAsciiSlugs) {
  EXPECT_EQ(slugify("GPU vs TPU: Lesson Notes.md"), "gpu_vs_tpu_lesson_notes_md");
  EXPECT_EQ(slugify("  Café  Déjà vu "), "cafe_deja_vu");
  EXPECT_EQ(slugify("!!!"), "doc");
  EXPECT_EQ(slugify("abcdefghij", 4), "abcd");
  EXPECT_FALSE(slugify("\xe4\xb8\xad\xe6\x96\x87").empty());
}

TEST(WhitespaceTest, CollapsesUnicodeSpaces) {
  EXPECT_EQ(collapse_whitespace("  a \t\n b\xc2\xa0\xc2\xa0"
                                "c  "),
            "a b c");
  EXPECT_EQ(collapse_whitespace(""), "");
}

namespace {

std::string utf8(UChar32 c) {
  char buf[4];
  int32_t n = 0;
  U8_APPEND_UNSAFE(buf, n, c);
  return std::string(buf, static_cast<std::size_t>(n));
}

// What collapse_whitespace promises, one code point at a time through ICU: the reference for
// its ASCII fast path and 8-byte scanning.
bool reference_space(UChar32 c) {
  return u_isUWhiteSpace(c) || c == 0x200B || c == 0xFEFF;
}

std::string reference_collapse(const std::string& s) {
  std::string out;
  bool pending = false;
  const auto* p = reinterpret_cast<const uint8_t*>(s.data());
  const int32_t n = static_cast<int32_t>(s.size());
  for (int32_t i = 0; i < n;) {
    const int32_t start = i;
    UChar32 c;
    U8_NEXT(p, i, n, c);
    if (c >= 0 && reference_space(c)) {
      pending = !out.empty();
      continue;
    }
    if (pending) out.push_back(' ');
    pending = false;
    out.append(s, static_cast<std::size_t>(start), static_cast<std::size_t>(i - start));
  }
  return out;
}

}  // namespace

TEST(WhitespaceTest, AgreesWithIcuOnEveryCodePoint) {
  for (UChar32 c = 1; c <= 0x10FFFF; ++c) {
    if (U_IS_SURROGATE(c)) continue;
    const std::string mid = "ab" + utf8(c) + "cd";
    ASSERT_EQ(collapse_whitespace(mid), reference_space(c) ? "ab cd" : mid)
        << "U+" << std::hex << c;
    ASSERT_EQ(collapse_whitespace(utf8(c) + "x"), reference_space(c) ? "x" : utf8(c) + "x");
  }
}

TEST(WhitespaceTest, CollapsesMixedAsciiAndUnicodeRuns) {
  // NBSP, zero-width space, BOM, ideographic space, line separator, VT, FF and CR among ASCII.
  EXPECT_EQ(collapse_whitespace("\xc2\xa0\xe2\x80\x8b lead\t\x0b\x0c\r\ntrail \xef\xbb\xbf"),
            "lead trail");
  EXPECT_EQ(collapse_whitespace("\xe4\xb8\xad\xe6\x96\x87\xe3\x80\x80\xe3\x80\x80"
                                "\xe5\x8f\xa5\xe2\x80\xa8"
                                "end"),
            "\xe4\xb8\xad\xe6\x96\x87 \xe5\x8f\xa5 end");
  // Runs longer than eight bytes, and words ending exactly on 8-byte group edges.
  EXPECT_EQ(collapse_whitespace("abcdefgh ijklmnopqrstuvwx\n\n\n\n\n\n\n\n\n12345678"),
            "abcdefgh ijklmnopqrstuvwx 12345678");
  // Separators 0x1C-0x1F are not white space in Unicode and stay as text.
  EXPECT_EQ(collapse_whitespace("a\x1c b\x1f"), "a\x1c b\x1f");
  // Ill-formed bytes pass through unchanged.
  EXPECT_EQ(collapse_whitespace("a\xff  b\xe4\xb8 c\xc3"), "a\xff b\xe4\xb8 c\xc3");
}

TEST(WhitespaceTest, MatchesTheReferenceOnRandomMixes) {
  const std::vector<std::string> pieces = {" ",
                                           "\t",
                                           "\n",
                                           "\r\n",
                                           "\x0b",
                                           "a",
                                           "word",
                                           "longerword12",
                                           ".",
                                           "-",
                                           "\x1e",
                                           "\xc2\xa0",
                                           "\xe2\x80\x8b",
                                           "\xef\xbb\xbf",
                                           "\xe3\x80\x80",
                                           "\xe4\xb8\xad",
                                           "\xc3\xa9",
                                           "\xf0\x9f\x98\x80",
                                           "\xe2\x80\xa9",
                                           "\xc2\x85",
                                           "\xff",
                                           "\xe4\xb8"};
  std::mt19937 rng(42);
  for (int round = 0; round < 20000; ++round) {
    std::string s;
    const int len = static_cast<int>(rng() % 24);
    for (int k = 0; k < len; ++k) s += pieces[rng() % pieces.size()];
    ASSERT_EQ(collapse_whitespace(s), reference_collapse(s)) << s;
  }
}

// The one splitter on ASCII white space (extraction, definitions and the spoken frame use it):
// a stream's >> words, punctuation and UTF-8 kept as written.
TEST(WhitespaceTest, SplitsOnAsciiWhiteSpaceAsAStreamDoes) {
  EXPECT_EQ(split_whitespace("  -A NUM,\t--after-context=NUM\r\n"),
            (std::vector<std::string>{"-A", "NUM,", "--after-context=NUM"}));
  EXPECT_TRUE(split_whitespace(" \v\f ").empty());
  EXPECT_TRUE(split_whitespace("").empty());
  // A no-break space is no ASCII white space: "50\u00a0MB" is one word.
  EXPECT_EQ(split_whitespace("\xe4\xb8\xad x 50\xc2\xa0MB"),
            (std::vector<std::string>{"\xe4\xb8\xad", "x", "50\xc2\xa0MB"}));
  std::mt19937 rng(7);
  const std::string alphabet = "ab \t\n\r\v\f.";
  for (int round = 0; round < 500; ++round) {
    std::string s;
    for (int i = 0; i < 20; ++i) s += alphabet[rng() % alphabet.size()];
    std::istringstream in(s);
    std::vector<std::string> want;
    for (std::string w; in >> w;) want.push_back(w);
    EXPECT_EQ(split_whitespace(s), want) << s;
  }
}

TEST(Utf8Test, FindsABadByteAtAnyOffsetInLongAsciiText) {
  for (std::size_t at = 0; at < 40; ++at) {
    std::string s(40, 'x');
    EXPECT_TRUE(is_valid_utf8(s));
    s[at] = '\xff';
    EXPECT_FALSE(is_valid_utf8(s)) << at;
    s[at] = '\xc3';  // a lead byte whose trail byte is missing
    EXPECT_FALSE(is_valid_utf8(s)) << at;
  }
  EXPECT_TRUE(is_valid_utf8(std::string(37, 'x') + "\xc3\xa9" + std::string(9, 'y')));
}

TEST(LanguageTest, CountsEveryAsciiLetterAsLatin) {
  const std::string han = "\xe4\xb8\xad";  // one Han character weighs four Latin letters
  std::string ten_han;
  for (int i = 0; i < 10; ++i) ten_han += han;
  // 39 letters among digits and punctuation: 40 > 39, so Chinese.
  const std::string letters39 = "abcdefghij, ABCDEFGHIJ; 0123456789 klmnopqrs-TUVWXYZabc!";
  EXPECT_EQ(detect_language(letters39 + ten_han), "zh");
  EXPECT_EQ(detect_language(ten_han + letters39 + "de"), "en");  // 41 letters
}

TEST(SlugifyTest, AsciiNamesFoldCaseAndSeparators) {
  EXPECT_EQ(slugify("Report_2024 (Final).v2.MD"), "report_2024_final_v2_md");
  EXPECT_EQ(slugify("--A--b--"), "a_b");
  EXPECT_EQ(slugify("Caf\xc3\xa9-Notes"), "cafe_notes");
}

TEST(HashTest, IsStableHexBlake2b) {
  const std::string h = content_hash("hello");
  EXPECT_EQ(h.size(), 64u);
  EXPECT_EQ(h, content_hash("hello"));
  EXPECT_NE(h, content_hash("hello!"));
  // Known BLAKE2b-256 of the empty string.
  EXPECT_EQ(content_hash(""), "0e5751c026e543b2e8ab2eb06099daa1d1e5df47778f7787faab45cdf12fe3a8");
}

TEST(LanguageTest, DetectsChineseAndEnglish) {
  EXPECT_EQ(detect_language("Graphics processors run thousands of threads at once."), "en");
  EXPECT_EQ(detect_language("\xe5\x9b\xbe\xe5\xbd\xa2\xe5\xa4\x84\xe7\x90\x86\xe5\x99\xa8"
                            "\xe5\x8f\xaf\xe4\xbb\xa5\xe5\xb9\xb6\xe8\xa1\x8c\xe8\xae\xa1"
                            "\xe7\xae\x97\xe3\x80\x82 GPU"),
            "zh");
}

TEST(StringsTest, AsciiLowerChangesOnlyAsciiCapitals) {
  EXPECT_EQ(ascii_lower("Git's HEAD, Zürich and 中文 AZ-az 09"),
            "git's head, zürich and 中文 az-az 09");
  EXPECT_EQ(ascii_lower(""), "");
}

}  // namespace lectio::text
