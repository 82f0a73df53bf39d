#include "document.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "analysis.h"
#include "words.h"

namespace lectio::search {

namespace {

constexpr std::size_t kMaxTermBytes = 240;  // as Xapian allowed: longer terms are not indexed

}  // namespace

std::string pair_term(std::string_view first, std::string_view second) {
  return fmt::format("B{} {}", first.substr(1), second.substr(1));
}

DocumentMaker::Language& DocumentMaker::language(const std::string& name, const TermSink& sink) {
  auto it = languages_.find(name);
  if (it == languages_.end()) it = languages_.emplace(name, std::make_unique<Language>(name)).first;
  Language& out = *it->second;
  if (out.vocabulary.size() >= Vocabulary::kMaxTerms) {  // between chunks: no numbers in use
    out.vocabulary.clear();
    out.numbers.clear();
  }
  if (out.sink != sink.serial()) {
    out.numbers.clear();
    out.sink = sink.serial();
  }
  return out;
}

std::uint32_t DocumentMaker::number_of(TermSink& sink, Language& language, int term) {
  const auto at = static_cast<std::size_t>(term);
  if (at >= language.numbers.size()) language.numbers.resize(language.vocabulary.size(), kNone);
  std::uint32_t& number = language.numbers[at];
  if (number == kNone) number = sink.intern(language.vocabulary.term(term));
  return number;
}

void DocumentMaker::add_ascii(std::string_view text, Vocabulary& vocabulary) {
  vocabulary.of_ascii_words(text, sequence_);
  sequence_.push_back(-1);
}

void DocumentMaker::add_generated(std::string_view text, Vocabulary& vocabulary) {
  vocabulary.of_generated_words(segment_cjk(text), sequence_);
  sequence_.push_back(-1);
}

// Every term with its count, then a pair term for every two content words in a row, skipping
// the stop words between them but not the break between a heading and the text. Queries reward
// their own word pairs with these terms: the effect of a proximity search, at the cost of a
// term lookup.
void DocumentMaker::add_terms(TermSink& sink, Language& language) {
  const Vocabulary& vocabulary = language.vocabulary;
  if (wdf_.size() < vocabulary.size()) wdf_.resize(vocabulary.size(), 0);
  seen_.clear();
  for (const int id : sequence_) {
    if (id < 0) continue;
    if (wdf_[static_cast<std::size_t>(id)]++ == 0) seen_.push_back(id);
  }
  for (const int id : seen_) {
    auto& wdf = wdf_[static_cast<std::size_t>(id)];
    sink.add(number_of(sink, language, id), static_cast<std::uint32_t>(wdf));
    wdf = 0;
  }
  int previous = -1;
  for (const int id : sequence_) {
    if (id < 0) {
      previous = -1;
      continue;
    }
    if (vocabulary.is_stop(id)) continue;
    // pair_term() of the two, unless it would pass the length of a term.
    if (previous >= 0 &&
        vocabulary.term(previous).size() + vocabulary.term(id).size() <= kMaxTermBytes) {
      sink.add_pair(language.numbers[static_cast<std::size_t>(previous)],
                    language.numbers[static_cast<std::size_t>(id)]);
    }
    previous = id;
  }
}

void DocumentMaker::make(const Chunk& chunk, const Source& source, TermSink& sink) {
  Language& lang = language(source.language, sink);
  Vocabulary& words = lang.vocabulary;
  sequence_.clear();
  const auto add = [&](const std::string& text) {
    if (is_ascii(text)) return add_ascii(text, words);
    add_generated(text, words);
  };
  for (const std::string& heading : chunk.heading_path) add(heading);
  add(chunk.text);
  add_terms(sink, lang);
}

}  // namespace lectio::search
