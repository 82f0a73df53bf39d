#pragma once
// WordNet 3.0's plain-text database (Debian's wordnet-base, /usr/share/wordnet) read for
// lexical bridges between a question and the sentence that answers it: "rushing" / "rusher"
// (derived forms), "aired" / "broadcast" (synonyms of a word's commonest senses). Bridges are
// between Snowball stems, the terms questions and sentences are compared by. Private to the
// compose module; the answer ranker works without it (exact terms only) when the files are
// absent.
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace lectio::text {

class WordNet {
 public:
  // The database in `dir` (index.noun, data.noun, ... of all four parts of speech), or nullptr
  // when a file is missing or unreadable. Reads the index files (0.2 s, 17 MB); synsets are
  // read when asked for.
  static std::unique_ptr<WordNet> open(const std::filesystem::path& dir);

  // The process's database: $LECTIO_WORDNET_DIR, else /usr/share/wordnet; nullptr when absent
  // (opened once, on first use).
  static const WordNet* shared();

  // The stems of the words WordNet relates to a word of stem `stem` ("rush"): the other words
  // of the synsets of its senses, the forms derived from or pertaining to it in those senses
  // ("rusher"), and its irregular forms or base ("won" / "win"). Every sense counts: reading
  // only the commonest two or six answered fewer SQuAD dev questions (docs/benchmarks.md). Never
  // `stem` itself; sorted; empty for a word WordNet lacks. Thread-safe (lookups are cached).
  std::vector<std::string> bridges(const std::string& stem) const;

  // The stems of the words WordNet calls opposites of a word of stem `stem` in some sense
  // ("accelerate" / "decelerate", "public" / "private"): its direct antonyms, word to word,
  // not the wider clusters an adjective's satellites reach ("loose" / "dense" is not one).
  // Sorted; empty for a word WordNet gives no antonym. Thread-safe (cached).
  std::vector<std::string> antonyms(const std::string& stem) const;

  // True when `word` (any case) is a verb's base form in WordNet ("print", "ignore"): the form
  // an imperative opens with. Inflected forms ("prints", "trailing") are not.
  bool is_verb(std::string_view word) const;

  // True when some English word of stem `stem` is in WordNet ("never", "cost"): a word, not a
  // typo (respelt() in answer_words.h).
  bool knows(const std::string& stem) const {
    return senses_.contains(stem) || irregular_.contains(stem);
  }

 private:
  struct Sense {
    int part = 0;               // index into files_: noun, verb, adj, adv
    std::string lemma;          // as WordNet spells it
    std::vector<long> offsets;  // its synsets' byte offsets, commonest sense first
  };
  WordNet() = default;
  std::vector<std::string> compute(const std::string& stem) const;
  // The stems of the words the pointers `symbols` lead to from the senses of a word of stem
  // `stem` (and, with `synonyms`, of those senses' own words), never `stem`; sorted. The
  // caller holds mutex_ (it reads files_).
  std::vector<std::string> related(const std::string& stem,
                                   std::initializer_list<std::string_view> symbols,
                                   bool synonyms) const;
  std::string synset_line(int part, long offset) const;

  std::map<std::string, std::vector<Sense>> senses_;  // stem -> the lemmas of that stem
  // Irregular forms and their base forms ("won" / "win", "men" / "man"), both ways, as stems:
  // the *.exc files that WordNet's own morphology reads.
  std::map<std::string, std::set<std::string>> irregular_;
  mutable std::mutex mutex_;        // guards files_, cache_ and antonym_cache_
  mutable std::ifstream files_[4];  // data.noun, data.verb, data.adj, data.adv
  mutable std::map<std::string, std::vector<std::string>> cache_;
  mutable std::map<std::string, std::vector<std::string>> antonym_cache_;
};

}  // namespace lectio::text
