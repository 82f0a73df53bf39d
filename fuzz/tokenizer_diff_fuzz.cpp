// Differential: the search index's own ASCII tokeniser (AsciiWords, src/search/words.h) against
// Xapian's TermGenerator, whose rules it copies, on the same bytes. Any ASCII text (all the
// tokeniser claims to handle) must give both the same words, lowercased, in the same order, and
// the same index terms ("Z" + stem, as Vocabulary makes them for a chunk). A difference aborts
// with both lists.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_support.h"
#include "vocabulary.h"
#include "words.h"
#include "xapian_text.h"

namespace {

using namespace lectio::search;

template <class List, class Show>
void fail(std::string_view what, std::string_view text, const List& own, const List& xapian,
          Show show) {
  std::fprintf(stderr, "tokeniser differs from the TermGenerator (%.*s) on \"%.*s\"\n own:",
               static_cast<int>(what.size()), what.data(), static_cast<int>(text.size()),
               text.data());
  for (const auto& x : own) std::fprintf(stderr, " [%s]", show(x).c_str());
  std::fprintf(stderr, "\n xapian:");
  for (const auto& x : xapian) std::fprintf(stderr, " [%s]", show(x).c_str());
  std::fprintf(stderr, "\n");
  std::abort();
}

void compare_words(std::string_view text) {
  static xapian_text::TermGenerator generator("en", xapian_text::TermGenerator::Terms::Words);
  static xapian_text::GeneratedTerms generated;
  std::vector<std::string> own;
  std::string word(text.size(), '\0');
  AsciiWords words(text);
  while (const std::size_t length = words.next(word.data())) own.emplace_back(word.data(), length);
  generator.generate(text, generated);
  std::vector<std::string> xapian;
  for (const std::uint32_t place : generated.order) xapian.push_back(generated.terms[place]);
  if (own != xapian) fail("words", text, own, xapian, [](const std::string& s) { return s; });
}

void compare_terms(std::string_view text) {
  static Vocabulary vocabulary("en");
  if (vocabulary.size() >= Vocabulary::kMaxTerms) vocabulary.clear();
  std::vector<int> own;
  std::vector<int> xapian;
  vocabulary.of_ascii_words(text, own);
  vocabulary.of_generated_words(text, xapian);
  if (own != xapian) {
    fail("terms", text, own, xapian, [&](int id) { return std::string(vocabulary.term(id)); });
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = lectio::fuzz::as_text(data, size);
  if (!is_ascii(text)) return 0;
  compare_words(text);
  compare_terms(text);
  return 0;
}
