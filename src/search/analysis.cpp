#include "analysis.h"

#include <unicode/brkiter.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/utext.h>
#include <unicode/utf8.h>

#include <memory>
#include <unordered_map>

#include "lectio/core/error.h"

namespace lectio::search {

namespace {

bool is_cjk(UChar32 c) {
  if (c < 0x2E80) return false;  // fast path: everything below is Latin, Greek, Cyrillic, ...
  UErrorCode status = U_ZERO_ERROR;
  const UScriptCode script = uscript_getScript(c, &status);
  return script == USCRIPT_HAN || script == USCRIPT_HIRAGANA || script == USCRIPT_KATAKANA;
}

// Decodes the code point starting at byte i; returns it and advances i. Malformed bytes decode
// to a negative value, which is never CJK.
UChar32 next_code_point(std::string_view s, std::size_t& i) {
  const auto* p = reinterpret_cast<const uint8_t*>(s.data());
  int32_t at = static_cast<int32_t>(i);
  UChar32 c;
  U8_NEXT(p, at, static_cast<int32_t>(s.size()), c);
  i = static_cast<std::size_t>(at);
  return c;
}

UChar32 code_point_before(std::string_view s, std::size_t i) {
  std::size_t start = i - 1;
  while (start > 0 && (static_cast<unsigned char>(s[start]) & 0xC0) == 0x80) --start;
  return next_code_point(s, start);
}

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
  return code_point_before(s, i);
}

UChar32 cjk_neighbour_after(std::string_view s, std::size_t i) {
  while (i + 2 <= s.size() && (s.substr(i, 2) == "[[" || s.substr(i, 2) == "]]")) i += 2;
  if (i >= s.size()) return -1;
  return next_code_point(s, i);
}

}  // namespace

bool has_cjk(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    if (static_cast<unsigned char>(text[i]) < 0x80) {
      ++i;
      continue;
    }
    if (is_cjk(next_code_point(text, i))) return true;
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
    if (!is_cjk(next_code_point(text, next))) {
      out.append(text.substr(i, next - i));
      i = next;
      continue;
    }
    std::size_t end = next;
    while (end < text.size()) {
      std::size_t after = end;
      if (!is_cjk(next_code_point(text, after))) break;
      end = after;
    }
    // A space at a change of script only where a letter or digit would otherwise join the
    // run: punctuation separates words by itself.
    if (i > 0 && is_word_char(code_point_before(text, i))) out.push_back(' ');
    append_words(text.substr(i, end - i), out);
    if (std::size_t at = end; end < text.size() && is_word_char(next_code_point(text, at))) {
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
    if (text[i] == ' ' && is_cjk(cjk_neighbour_before(text, i)) &&
        is_cjk(cjk_neighbour_after(text, i + 1))) {
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
    const UChar32 c = next_code_point(tail, i);
    if (c < 0 || !(u_ispunct(c) || u_isUWhiteSpace(c))) return std::string(snippet);
  }
  return std::string(body) + std::string(tail);
}

Xapian::Stem stemmer_for(std::string_view language) {
  // Every language Lectio detects today stems its Latin-script words as English; the switch is
  // here so that a new language gets its own Snowball stemmer in one place.
  (void)language;
  return Xapian::Stem("english");
}

namespace {

// Bounds the memory of a caching stemmer: about 30 MB at most for the words and their stems.
constexpr std::size_t kMaxCachedStems = 1 << 18;

class CachingStemmer final : public Xapian::StemImplementation {
 public:
  explicit CachingStemmer(Xapian::Stem stem) : stem_(std::move(stem)) {}

  std::string operator()(const std::string& word) override {
    if (const auto it = stems_.find(word); it != stems_.end()) return it->second;
    if (stems_.size() >= kMaxCachedStems) stems_.clear();
    return stems_.emplace(word, stem_(word)).first->second;
  }

  std::string get_description() const override { return "caching " + stem_.get_description(); }

 private:
  Xapian::Stem stem_;
  std::unordered_map<std::string, std::string> stems_;
};

}  // namespace

Xapian::Stem caching_stemmer_for(std::string_view language) {
  return Xapian::Stem(new CachingStemmer(stemmer_for(language)));
}

namespace {

// The Snowball project's English stop word list (without its contractions).
constexpr const char* kEnglishStops[] = {
    "i",       "me",    "my",      "myself",   "we",         "our",     "ours",    "ourselves",
    "you",     "your",  "yours",   "yourself", "yourselves", "he",      "him",     "his",
    "himself", "she",   "her",     "hers",     "herself",    "it",      "its",     "itself",
    "they",    "them",  "their",   "theirs",   "themselves", "what",    "which",   "who",
    "whom",    "this",  "that",    "these",    "those",      "am",      "is",      "are",
    "was",     "were",  "be",      "been",     "being",      "have",    "has",     "had",
    "having",  "do",    "does",    "did",      "doing",      "would",   "should",  "could",
    "ought",   "a",     "an",      "the",      "and",        "but",     "if",      "or",
    "because", "as",    "until",   "while",    "of",         "at",      "by",      "for",
    "with",    "about", "against", "between",  "into",       "through", "during",  "before",
    "after",   "above", "below",   "to",       "from",       "up",      "down",    "in",
    "out",     "on",    "off",     "over",     "under",      "again",   "further", "then",
    "once",    "here",  "there",   "when",     "where",      "why",     "how",     "all",
    "any",     "both",  "each",    "few",      "more",       "most",    "other",   "some",
    "such",    "no",    "nor",     "not",      "only",       "own",     "same",    "so",
    "than",    "too",   "very"};
// Chinese particles, pronouns and question words, as ICU segments them.
constexpr const char* kChineseStops[] = {
    "的",   "了",   "是",   "在",   "和",   "与",   "及",     "或",  "也",   "就",
    "都",   "而",   "吗",   "呢",   "吧",   "啊",   "这",     "那",  "这个", "那个",
    "这些", "那些", "什么", "怎么", "怎样", "如何", "为什么", "哪",  "哪些", "哪个",
    "我",   "你",   "他",   "她",   "它",   "我们", "你们",   "他们"};

}  // namespace

const Xapian::Stopper& query_stopper() {
  // Built once; Xapian stoppers cannot be copied or moved, so the lambda fills one in place.
  static Xapian::SimpleStopper stopper;
  static const bool filled = [] {
    for (const char* w : kEnglishStops) stopper.add(w);
    for (const char* w : kChineseStops) stopper.add(w);
    return true;
  }();
  (void)filled;
  return stopper;
}

bool is_stop_term(const std::string& term) {
  static const std::unordered_set<std::string> terms = [] {
    std::unordered_set<std::string> out;
    const Xapian::Stem stem = stemmer_for("en");
    for (const char* w : kEnglishStops) out.insert("Z" + stem(w));
    for (const char* w : kChineseStops) out.insert("Z" + std::string(w));
    return out;
  }();
  return terms.count(term) != 0;
}

}  // namespace lectio::search
