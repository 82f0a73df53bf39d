#include "vocabulary.h"

#include "analysis.h"
#include "words.h"

namespace lectio::search {

Vocabulary::Vocabulary(std::string_view language)
    : stemmer_(snowball_language(language)), generator_(language) {}

void Vocabulary::of_ascii_words(std::string_view text, std::vector<int>& out) {
  if (batch_.size() < text.size()) batch_.resize(text.size());
  batch_ends_.clear();
  batch_hashes_.clear();
  AsciiWords words(text);
  std::size_t end = 0;
  while (const std::size_t length = words.next(batch_.data() + end)) {
    const std::uint64_t hash = term_hash(std::string_view(batch_.data() + end, length));
    words_.prefetch(hash);
    end += length;
    batch_ends_.push_back(static_cast<std::uint32_t>(end));
    batch_hashes_.push_back(hash);
  }
  std::size_t begin = 0;
  for (std::size_t i = 0; i < batch_ends_.size(); ++i) {
    const std::string_view word(batch_.data() + begin, batch_ends_[i] - begin);
    begin = batch_ends_[i];
    if (const int id = of_word(word, batch_hashes_[i]); id >= 0) out.push_back(id);
  }
}

void Vocabulary::of_generated_words(std::string_view text, std::vector<int>& out) {
  generator_.generate(text, generated_);
  generated_ids_.clear();
  for (const std::string& term : generated_.terms) generated_ids_.push_back(of_term(term));
  for (const std::uint32_t place : generated_.order) out.push_back(generated_ids_[place]);
}

int Vocabulary::of_word(std::string_view word, std::uint64_t hash) {
  const std::uint32_t number = words_.intern(word, hash);
  if (number < term_of_word_.size()) return term_of_word_[number];
  const std::string stem = stemmer_(word);
  int id = -1;
  if (!stem.empty()) {  // the generator skips a word whose stem is empty
    scratch_.assign(1, 'Z');
    scratch_ += stem;
    id = of_term(scratch_);
  }
  term_of_word_.push_back(id);
  return id;
}

int Vocabulary::of_term(const std::string& term) {
  const std::uint32_t id = ids_.intern(term);
  if (id == stop_.size()) stop_.push_back(is_stop_term(term) ? 1 : 0);
  return static_cast<int>(id);
}

void Vocabulary::clear() {
  words_.clear();
  term_of_word_.clear();
  ids_.clear();
  stop_.clear();
}

}  // namespace lectio::search
