#include "vocabulary.h"

#include "analysis.h"

namespace lectio::search {

Vocabulary::Vocabulary(std::string_view language) : stemmer_(stemmer_for(language)) {
  generator_.set_stemmer(stemmer_);
  // Stemmed terms only, as queries stem every word too (capitalised ones as well).
  generator_.set_stemming_strategy(Xapian::TermGenerator::STEM_ALL_Z);
}

int Vocabulary::of_word(const std::string& word) {
  if (const auto it = words_.find(word); it != words_.end()) return it->second;
  const std::string stem = stemmer_(word);
  int id = -1;
  if (!stem.empty()) {  // the generator skips a word whose stem is empty
    scratch_.assign(1, 'Z');
    scratch_ += stem;
    id = of_term(scratch_);
  }
  words_.emplace(word, id);
  return id;
}

int Vocabulary::of_term(const std::string& term) {
  const auto [it, added] = ids_.emplace(term, static_cast<int>(terms_.size()));
  if (added) {
    terms_.push_back(term);
    stop_.push_back(is_stop_term(term) ? 1 : 0);
  }
  return it->second;
}

void Vocabulary::clear() {
  words_.clear();
  ids_.clear();
  terms_.clear();
  stop_.clear();
}

}  // namespace lectio::search
