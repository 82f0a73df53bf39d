// Writes a deterministic Markdown corpus for the ingestion benchmark: many files of realistic-
// looking prose with headings, paragraphs of varied sentence length, lists, quotes, tables and
// code. The same seed and size always give the same bytes, on any platform.
//
//   lectio_make_corpus DIR [--mb N] [--seed S] [--vocabulary N]   (defaults: 64 MB, seed 42)
//
// Without --vocabulary the prose uses a few hundred fixed words. With --vocabulary N, about
// half of the nouns, verbs and adjectives are drawn instead from N made-up words with Zipf
// frequencies, so that the corpus has the many distinct terms of real documents (a search
// index's hard case); the default corpus stays byte-identical.
//
// It depends on nothing but the standard library, so the corpus can be made (and fed to other
// splitters) even before the ingest library builds.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace {

namespace fs = std::filesystem;

// splitmix64. Hand-rolled because std::uniform_int_distribution differs between standard
// libraries, and the corpus must be byte-identical for a given seed everywhere.
class Rng {
 public:
  explicit Rng(std::uint64_t seed) : state_(seed) {}

  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }

  // Uniform in [0, n); the bias of the multiply-shift is far below anything that matters here.
  std::size_t below(std::size_t n) { return static_cast<std::size_t>(((next() >> 32) * n) >> 32); }
  int between(int lo, int hi) {
    return lo + static_cast<int>(below(static_cast<std::size_t>(hi - lo + 1)));
  }
  bool percent(int p) { return below(100) < static_cast<std::size_t>(p); }

  template <std::size_t N>
  std::string_view pick(const std::array<std::string_view, N>& words) {
    return words[below(N)];
  }

 private:
  std::uint64_t state_;
};

// N made-up words ("tavoreki", "musa", ...), each spelled from its rank so that they are
// distinct, drawn with Zipf frequencies (exponent 1, as in natural language).
class Lexicon {
 public:
  explicit Lexicon(std::size_t size) {
    static constexpr std::string_view kOnsets = "bdfgklmnprstvz";
    static constexpr std::string_view kVowels = "aeiou";
    words_.reserve(size);
    cumulative_.reserve(size);
    double total = 0;
    for (std::size_t rank = 0; rank < size; ++rank) {
      std::string word;
      // Two syllables at least, then one more for every 70 (14 onsets x 5 vowels) of the rank.
      std::size_t n = rank + 70 * 70;
      while (n > 0) {
        word += kOnsets[n % kOnsets.size()];
        n /= kOnsets.size();
        word += kVowels[n % kVowels.size()];
        n /= kVowels.size();
      }
      words_.push_back(std::move(word));
      total += 1.0 / (static_cast<double>(rank) + 2.7);
      cumulative_.push_back(total);
    }
  }

  std::string_view draw(Rng& rng) const {
    const double u = static_cast<double>(rng.next() >> 11) * 0x1.0p-53 * cumulative_.back();
    const auto at = std::lower_bound(cumulative_.begin(), cumulative_.end(), u);
    return words_[std::min<std::size_t>(static_cast<std::size_t>(at - cumulative_.begin()),
                                        words_.size() - 1)];
  }

 private:
  std::vector<std::string> words_;
  std::vector<double> cumulative_;
};

// The random source of the generator, which also knows the optional lexicon: content words
// come from the fixed lists, or half of the time from the lexicon when there is one.
class TextRng : public Rng {
 public:
  TextRng(std::uint64_t seed, const Lexicon* lexicon) : Rng(seed), lexicon_(lexicon) {}

  template <std::size_t N>
  std::string_view content(const std::array<std::string_view, N>& words) {
    if (lexicon_ && percent(50)) return lexicon_->draw(*this);
    return pick(words);
  }

 private:
  const Lexicon* lexicon_;
};

constexpr std::array<std::string_view, 96> kNouns = {
    "system",      "team",       "record",     "river",      "budget",   "library",    "model",
    "network",     "garden",     "engine",     "report",     "market",   "farmer",     "student",
    "teacher",     "process",    "window",     "bridge",     "customer", "signal",     "harvest",
    "museum",      "contract",   "database",   "village",    "protocol", "journal",    "kitchen",
    "factory",     "council",    "archive",    "pipeline",   "forest",   "planet",     "sensor",
    "language",    "question",   "schedule",   "building",   "hospital", "pattern",    "theory",
    "volume",      "company",    "machine",    "painting",   "decision", "strategy",   "season",
    "coastline",   "equation",   "server",     "audience",   "workshop", "manuscript", "reactor",
    "satellite",   "framework",  "neighbour",  "currency",   "climate",  "diagram",    "argument",
    "experiment",  "landscape",  "committee",  "compiler",   "harbour",  "orchestra",  "recipe",
    "treaty",      "vaccine",    "algorithm",  "dialect",    "glacier",  "ledger",     "monastery",
    "observatory", "parliament", "quarry",     "railway",    "shipment", "telescope",  "university",
    "vineyard",    "warehouse",  "courtyard",  "merchant",   "battery",  "cathedral",  "migration",
    "interface",   "mechanism",  "population", "settlement", "chapter"};

constexpr std::array<std::string_view, 64> kVerbs = {
    "improves",   "describes",   "changes",    "supports",    "follows",   "measures",
    "explains",   "replaces",    "connects",   "reduces",     "protects",  "records",
    "shapes",     "reveals",     "limits",     "collects",    "carries",   "divides",
    "organises",  "questions",   "predicts",   "delays",      "funds",     "builds",
    "tests",      "combines",    "challenges", "simplifies",  "extends",   "publishes",
    "translates", "transforms",  "monitors",   "rewards",     "survives",  "outlines",
    "compares",   "anticipates", "documents",  "encourages",  "restores",  "stores",
    "schedules",  "ignores",     "highlights", "separates",   "reflects",  "shelters",
    "inspects",   "generates",   "absorbs",    "balances",    "favours",   "revises",
    "negotiates", "illustrates", "catalogues", "accelerates", "preserves", "summarises",
    "evaluates",  "distributes", "clarifies",  "complicates"};

constexpr std::array<std::string_view, 72> kAdjectives = {
    "small",      "large",        "careful",    "ancient",   "modern",    "quiet",
    "rapid",      "local",        "central",    "remote",    "reliable",  "fragile",
    "early",      "late",         "common",     "rare",      "public",    "private",
    "detailed",   "simple",       "complex",    "narrow",    "broad",     "steady",
    "seasonal",   "formal",       "informal",   "northern",  "southern",  "coastal",
    "digital",    "manual",       "annual",     "regional",  "technical", "practical",
    "historical", "experimental", "efficient",  "expensive", "ordinary",  "unusual",
    "gradual",    "sudden",       "visible",    "hidden",    "shared",    "independent",
    "temporary",  "permanent",    "familiar",   "foreign",   "elaborate", "modest",
    "robust",     "scattered",    "dense",      "sparse",    "urgent",    "patient",
    "generous",   "critical",     "accurate",   "tentative", "municipal", "agricultural",
    "medieval",   "industrial",   "scientific", "literary",  "maritime",  "volcanic"};

constexpr std::array<std::string_view, 24> kAdverbs = {
    "quickly",    "slowly",       "carefully",  "often",    "rarely",    "gradually",
    "suddenly",   "quietly",      "openly",     "usually",  "sometimes", "steadily",
    "partly",     "largely",      "eventually", "reliably", "seldom",    "repeatedly",
    "cautiously", "deliberately", "briefly",    "formally", "directly",  "jointly"};

constexpr std::array<std::string_view, 16> kPrepositions = {
    "in",    "near",   "beyond", "across",  "under",  "behind",  "within",  "along",
    "after", "before", "beside", "through", "around", "without", "towards", "during"};

constexpr std::array<std::string_view, 8> kDeterminers = {"the",  "the",  "a",    "every",
                                                          "each", "this", "that", "one"};

constexpr std::array<std::string_view, 8> kConnectors = {
    ", and ", ", but ", " because ", " while ", ", so ", " although ", " whenever ", ", yet "};

// Openers that add abbreviations, numbers and parentheses, which a sentence splitter must
// handle without cutting in the wrong place.
constexpr std::array<std::string_view, 12> kOpeners = {"In 1998, ",
                                                       "According to Dr. Moreau, ",
                                                       "By about 40 percent, ",
                                                       "As noted in Fig. 3, ",
                                                       "For example, ",
                                                       "In practice (at least in the survey), ",
                                                       "Since version 2.4, ",
                                                       "Roughly 1.5 times as often, ",
                                                       "Between 2010 and 2020, ",
                                                       "In the U.K. study, ",
                                                       "Historically, ",
                                                       "On balance, "};

void append_noun_phrase(std::string& out, TextRng& rng) {
  const std::string_view determiner = rng.pick(kDeterminers);
  const std::string_view adjective =
      rng.percent(55) ? rng.content(kAdjectives) : std::string_view();
  const std::string_view noun = rng.content(kNouns);
  const char next = adjective.empty() ? noun[0] : adjective[0];
  const bool vowel = std::string_view("aeiou").find(next) != std::string_view::npos;
  out += determiner == "a" && vowel ? "an" : determiner;
  out += ' ';
  if (!adjective.empty()) {
    out += adjective;
    out += ' ';
  }
  // Light inline markup, so the extractor has emphasis, code spans and links to strip.
  const std::size_t markup = rng.below(100);
  if (markup < 3) {
    out += "**";
    out += noun;
    out += "**";
  } else if (markup < 5) {
    out += '`';
    out += noun;
    out += '`';
  } else if (markup < 7) {
    out += '[';
    out += noun;
    out += "](https://example.com/";
    out += noun;
    out += ')';
  } else if (markup < 9) {
    out += '*';
    out += noun;
    out += '*';
  } else {
    out += noun;
  }
}

void append_clause(std::string& out, TextRng& rng) {
  append_noun_phrase(out, rng);
  if (rng.percent(30)) {
    out += ' ';
    out += rng.pick(kPrepositions);
    out += ' ';
    append_noun_phrase(out, rng);
  }
  out += ' ';
  if (rng.percent(25)) {
    out += rng.pick(kAdverbs);
    out += ' ';
  }
  out += rng.content(kVerbs);
  out += ' ';
  append_noun_phrase(out, rng);
  if (rng.percent(40)) {
    out += ' ';
    out += rng.pick(kPrepositions);
    out += ' ';
    append_noun_phrase(out, rng);
  }
}

// One sentence of 6 to about 45 words, capitalised and terminated.
std::string sentence(TextRng& rng) {
  std::string s;
  if (rng.percent(12)) s += rng.pick(kOpeners);
  append_clause(s, rng);
  const int extra = rng.percent(45) ? (rng.percent(30) ? 2 : 1) : 0;
  for (int i = 0; i < extra; ++i) {
    s += rng.pick(kConnectors);
    append_clause(s, rng);
  }
  const std::size_t end = rng.below(100);
  s += end < 92 ? "." : end < 97 ? "?" : "!";
  // Capitalise the first letter (the corpus is ASCII, so toupper on a byte is safe).
  const auto first = s.find_first_not_of("*`[");
  if (first != std::string::npos && s[first] >= 'a' && s[first] <= 'z') s[first] -= 'a' - 'A';
  return s;
}

std::string title(TextRng& rng) {
  std::string t;
  t += rng.content(kAdjectives);
  t += ' ';
  t += rng.content(kNouns);
  t += rng.percent(50) ? " and the " : " of the ";
  t += rng.content(kNouns);
  t[0] -= 'a' - 'A';
  return t;
}

void append_paragraph(std::string& out, TextRng& rng) {
  const int sentences = rng.between(2, 9);
  for (int i = 0; i < sentences; ++i) {
    if (i > 0) out += rng.percent(20) ? "\n" : " ";  // soft line breaks, as people write them
    out += sentence(rng);
  }
  out += "\n\n";
}

void append_list(std::string& out, TextRng& rng) {
  const bool numbered = rng.percent(35);
  const int items = rng.between(3, 7);
  for (int i = 0; i < items; ++i) {
    out += numbered ? std::to_string(i + 1) + ". " : std::string("- ");
    out += sentence(rng);
    out += '\n';
  }
  out += '\n';
}

void append_table(std::string& out, TextRng& rng) {
  out += "| Item | Region | Share |\n|---|---|---|\n";
  const int rows = rng.between(2, 6);
  for (int i = 0; i < rows; ++i) {
    out += "| ";
    out += rng.pick(kNouns);
    out += " | ";
    out += rng.pick(kAdjectives);
    out += " | ";
    out += std::to_string(rng.between(1, 99));
    out += "% |\n";
  }
  out += '\n';
}

void append_code(std::string& out, TextRng& rng) {
  out += "```python\n";
  const int lines = rng.between(2, 8);
  for (int i = 0; i < lines; ++i) {
    out += "value_";
    out += std::to_string(i);
    out += " = compute(\"";
    out += rng.pick(kNouns);
    out += "\", ";
    out += std::to_string(rng.between(0, 999));
    out += ")\n";
  }
  out += "```\n\n";
}

void append_section(std::string& out, TextRng& rng, int level) {
  out += std::string(static_cast<std::size_t>(level), '#');
  out += ' ';
  out += title(rng);
  out += "\n\n";
  const int blocks = rng.between(2, 7);
  for (int i = 0; i < blocks; ++i) {
    const std::size_t kind = rng.below(100);
    if (kind < 72 || i == 0) {
      append_paragraph(out, rng);
    } else if (kind < 86) {
      append_list(out, rng);
    } else if (kind < 91) {
      out += "> ";
      out += sentence(rng);
      out += ' ';
      out += sentence(rng);
      out += "\n\n";
    } else if (kind < 95) {
      append_table(out, rng);
    } else {
      append_code(out, rng);
    }
  }
  if (level < 3 && rng.percent(40)) append_section(out, rng, level + 1);
}

// One document of roughly target_bytes: a title, an introduction, then sections.
std::string document(TextRng& rng, std::size_t target_bytes) {
  std::string out;
  out.reserve(target_bytes + 4096);
  out += "# ";
  out += title(rng);
  out += "\n\n";
  append_paragraph(out, rng);
  while (out.size() < target_bytes) append_section(out, rng, 2);
  return out;
}

int make_corpus(const fs::path& dir, std::uint64_t megabytes, std::uint64_t seed,
                std::uint64_t vocabulary) {
  const std::optional<Lexicon> lexicon =
      vocabulary > 0 ? std::optional<Lexicon>(vocabulary) : std::nullopt;
  TextRng rng(seed, lexicon ? &*lexicon : nullptr);
  const std::uint64_t target = megabytes * 1000 * 1000;
  std::uint64_t total = 0;
  int files = 0;
  while (total < target) {
    // 20-300 KB per file: many small notes and some long reports, about 160 KB on average.
    const std::size_t size = static_cast<std::size_t>(rng.between(20, 300)) * 1000;
    const std::string text = document(rng, size);
    char name[64];
    std::snprintf(name, sizeof name, "part_%02d/doc_%05d.md", files / 50, files);
    const fs::path path = dir / name;
    fs::create_directories(path.parent_path());
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    if (!out) throw std::runtime_error(path.string() + ": cannot write");
    total += text.size();
    ++files;
  }
  std::printf("wrote %d files, %llu bytes, to %s (seed %llu)\n", files,
              static_cast<unsigned long long>(total), dir.string().c_str(),
              static_cast<unsigned long long>(seed));
  return 0;
}

// Returns the number after `--name`, if given.
std::optional<std::uint64_t> option(const std::vector<std::string_view>& args,
                                    std::string_view name) {
  for (std::size_t i = 0; i + 1 < args.size(); ++i) {
    if (args[i] == name) return std::stoull(std::string(args[i + 1]));
  }
  return std::nullopt;
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string_view> args(argv + 1, argv + argc);
  if (args.empty() || args[0].starts_with("-")) {
    std::fprintf(stderr, "usage: lectio_make_corpus DIR [--mb N] [--seed S] [--vocabulary N]\n");
    return 2;
  }
  try {
    return make_corpus(args[0], option(args, "--mb").value_or(64),
                       option(args, "--seed").value_or(42),
                       option(args, "--vocabulary").value_or(0));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "lectio_make_corpus: %s\n", e.what());
    return 1;
  }
}
