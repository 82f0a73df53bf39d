#include "lectio/text/wordnet.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <set>
#include <sstream>

#include "lectio/text/stem.h"
#include "lectio/text/stopwords.h"

namespace lectio::text {

namespace {

constexpr const char* kParts[4] = {"noun", "verb", "adj", "adv"};

// The part of a pointer's target ("n", "v", "a", "s", "r") as an index into kParts.
int part_of(char pos) {
  switch (pos) {
    case 'n':
      return 0;
    case 'v':
      return 1;
    case 'a':
    case 's':
      return 2;
    default:
      return 3;
  }
}

std::string lower_case(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

// The word as compared: lower case, an adjective's marker ("(p)") dropped. Empty for a phrase
// ("take_shape"): a stem is one word.
std::string plain(std::string word) {
  if (const auto paren = word.find('('); paren != std::string::npos) word.resize(paren);
  if (word.find('_') != std::string::npos) return {};
  return lower_case(std::move(word));
}

// The stem a word is compared by; empty for a stop word or anything but letters and hyphens.
std::string stem_of(const std::string& word) {
  if (word.empty() || text::is_stopword(word, "en")) return {};
  for (unsigned char c : word) {
    if (!std::isalpha(c) && c != '-') return {};
  }
  return text::stem_english(word);
}

// One synset's line, split: its words and its pointers.
struct Synset {
  std::vector<std::string> words;  // plain(), in order (pointers number them from 1)
  struct Pointer {
    std::string symbol;
    long offset = 0;
    char pos = 'n';
    int source = 0, target = 0;  // word numbers, 0: the whole synset
  };
  std::vector<Pointer> pointers;
};

Synset parse_synset(const std::string& line) {
  std::istringstream in(line);
  std::string offset, lex, type, count;
  in >> offset >> lex >> type >> count;
  Synset s;
  const long words = std::strtol(count.c_str(), nullptr, 16);
  for (long i = 0; i < words && in; ++i) {
    std::string word, lex_id;
    in >> word >> lex_id;
    s.words.push_back(plain(word));
  }
  int pointers = 0;
  in >> pointers;
  for (int i = 0; i < pointers && in; ++i) {
    Synset::Pointer p;
    std::string pos, source_target;
    in >> p.symbol >> p.offset >> pos >> source_target;
    if (pos.empty() || source_target.size() != 4) break;
    p.pos = pos[0];
    p.source = static_cast<int>(std::strtol(source_target.substr(0, 2).c_str(), nullptr, 16));
    p.target = static_cast<int>(std::strtol(source_target.substr(2).c_str(), nullptr, 16));
    s.pointers.push_back(p);
  }
  return s;
}

// The cache's entry for `stem`, made by `make` the first time. The caller holds the lock.
template <class Make>
std::vector<std::string> cached(std::map<std::string, std::vector<std::string>>& cache,
                                const std::string& stem, Make make) {
  const auto found = cache.find(stem);
  if (found != cache.end()) return found->second;
  return cache[stem] = make();
}

}  // namespace

std::unique_ptr<WordNet> WordNet::open(const std::filesystem::path& dir) {
  std::unique_ptr<WordNet> wn(new WordNet());
  for (int part = 0; part < 4; ++part) {
    std::ifstream index(dir / (std::string("index.") + kParts[part]));
    wn->files_[part].open(dir / (std::string("data.") + kParts[part]), std::ios::binary);
    if (!index || !wn->files_[part]) return nullptr;
    for (std::string line; std::getline(index, line);) {
      if (line.empty() || line[0] == ' ') continue;  // the licence at the top
      std::istringstream in(line);
      std::string lemma, pos;
      int synsets = 0, pointer_kinds = 0;
      in >> lemma >> pos >> synsets >> pointer_kinds;
      const std::string stem = stem_of(plain(lemma));
      if (stem.empty()) continue;
      for (std::string symbol; pointer_kinds > 0 && in >> symbol;) --pointer_kinds;
      int sense_count = 0, tagged = 0;
      in >> sense_count >> tagged;
      Sense sense{part, plain(lemma), {}};
      for (long offset = 0; synsets > 0 && in >> offset; --synsets) sense.offsets.push_back(offset);
      if (!sense.offsets.empty()) wn->senses_[stem].push_back(std::move(sense));
    }
  }
  for (const char* part : {"noun", "verb", "adj", "adv"}) {
    std::ifstream exc(dir / (std::string(part) + ".exc"));
    for (std::string line; std::getline(exc, line);) {
      std::istringstream in(line);
      std::string inflected, base;
      in >> inflected;
      const std::string from = stem_of(plain(inflected));
      while (!from.empty() && in >> base) {
        const std::string to = stem_of(plain(base));
        if (to.empty() || to == from) continue;
        wn->irregular_[from].insert(to);
        wn->irregular_[to].insert(from);
      }
    }
  }
  return wn->senses_.empty() ? nullptr : std::move(wn);
}

bool WordNet::is_verb(std::string_view word) const {
  const std::string lemma = lower_case(std::string(word));
  const auto it = senses_.find(stem_of(lemma));
  if (it == senses_.end()) return false;
  return std::any_of(it->second.begin(), it->second.end(), [&](const Sense& s) {
    return s.part == 1 && s.lemma == lemma;  // kParts[1] is "verb"
  });
}

const WordNet* WordNet::shared() {
  static const std::unique_ptr<WordNet> kShared = [] {
    const char* dir = std::getenv("LECTIO_WORDNET_DIR");
    return open(dir != nullptr && *dir != '\0' ? dir : "/usr/share/wordnet");
  }();
  return kShared.get();
}

std::string WordNet::synset_line(int part, long offset) const {
  std::ifstream& f = files_[part];
  f.clear();
  f.seekg(offset);
  std::string line;
  std::getline(f, line);
  const auto bar = line.find(" | ");  // the gloss
  return bar == std::string::npos ? line : line.substr(0, bar);
}

std::vector<std::string> WordNet::related(const std::string& stem,
                                          std::initializer_list<std::string_view> symbols,
                                          bool synonyms) const {
  const auto it = senses_.find(stem);
  if (it == senses_.end()) return {};
  std::set<std::string> out;
  const auto add = [&](const std::string& word) {
    std::string s = stem_of(word);
    if (!s.empty() && s != stem) out.insert(std::move(s));
  };
  for (const Sense& sense : it->second) {
    for (const long offset : sense.offsets) {
      const Synset s = parse_synset(synset_line(sense.part, offset));
      const auto own = std::find(s.words.begin(), s.words.end(), sense.lemma);
      const int number = own == s.words.end() ? -1 : static_cast<int>(own - s.words.begin()) + 1;
      if (synonyms) {
        for (const std::string& w : s.words) add(w);
      }
      for (const Synset::Pointer& p : s.pointers) {
        if (std::find(symbols.begin(), symbols.end(), p.symbol) == symbols.end()) continue;
        // A pointer from one word (source numbered) is that word's; from the synset (0), all.
        if (p.source != 0 && p.source != number) continue;
        const Synset target = parse_synset(synset_line(part_of(p.pos), p.offset));
        if (p.target == 0) {
          for (const std::string& w : target.words) add(w);
        } else if (p.target <= static_cast<int>(target.words.size())) {
          add(target.words[static_cast<std::size_t>(p.target) - 1]);
        }
      }
    }
  }
  return {out.begin(), out.end()};
}

std::vector<std::string> WordNet::compute(const std::string& stem) const {
  std::set<std::string> out;
  if (const auto irregular = irregular_.find(stem); irregular != irregular_.end()) {
    out = irregular->second;
  }
  // "+": a derived form; "\": an adjective's noun, an adverb's adjective.
  for (std::string& w : related(stem, {"+", "\\"}, true)) out.insert(std::move(w));
  return {out.begin(), out.end()};
}

std::vector<std::string> WordNet::antonyms(const std::string& stem) const {
  std::lock_guard lock(mutex_);
  // "!": an antonym, always from one word to one word.
  return cached(antonym_cache_, stem, [&] { return related(stem, {"!"}, false); });
}

std::vector<std::string> WordNet::bridges(const std::string& stem) const {
  std::lock_guard lock(mutex_);
  return cached(cache_, stem, [&] { return compute(stem); });
}

}  // namespace lectio::text
