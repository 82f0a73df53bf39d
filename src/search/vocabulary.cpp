#include "vocabulary.h"

#include "analysis.h"

namespace lectio::search {

Vocabulary::Vocabulary(std::string_view language) : stemmer_(stemmer_for(language)) {
  generator_.set_stemmer(stemmer_);
  // Stemmed terms only, as queries stem every word too (capitalised ones as well).
  generator_.set_stemming_strategy(Xapian::TermGenerator::STEM_ALL_Z);
}

int Vocabulary::of_word(const std::string& word) {
  const std::uint32_t number = words_.intern(word);
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
