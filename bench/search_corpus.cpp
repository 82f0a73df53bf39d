// Inputs for the search benchmark (bench/search_bench.sh, docs/benchmarks.md "Search"):
//
//   lectio_search_corpus make BEIR_DIR OUT_DIR [--chunks N] [--queries N] [--seed S]
//       A synthetic collection made deterministically from a BEIR collection's sentences:
//       OUT_DIR/chunks.tsv ("id<TAB>text", ~150 words a chunk) and OUT_DIR/queries.tsv
//       ("qid<TAB>text": the collection's own queries first, then 2-6 content words taken in
//       order from a random sentence, like typed keyword queries).
//   lectio_search_corpus export BEIR_DIR OUT.tsv
//       A BEIR corpus as "id<TAB>title text" lines, and its test queries as OUT.tsv.queries.
//   lectio_search_corpus fts5 QUERIES.tsv OUT.sql [--k N]
//       One SQLite FTS5 statement per query: the OR of its words, ranked by bm25(), printing
//       TREC run lines.
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "lectio/core/error.h"
#include "lectio/eval/beir.h"

namespace {

namespace fs = std::filesystem;
namespace eval = lectio::eval;

// splitmix64: the same bytes for a seed on every platform.
class Rng {
 public:
  explicit Rng(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  std::size_t below(std::size_t n) { return static_cast<std::size_t>(next() % n); }

 private:
  std::uint64_t state_;
};

// Tabs, newlines and double quotes would confuse the sqlite3 shell's .import.
std::string clean(std::string s) {
  for (char& c : s) {
    if (c == '\t' || c == '\n' || c == '\r' || c == '"') c = ' ';
  }
  return s;
}

std::vector<std::string> words_of(const std::string& s) {
  std::vector<std::string> out;
  std::string word;
  for (char c : s + " ") {
    if (std::isalnum(static_cast<unsigned char>(c))) {
      word.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    } else if (!word.empty()) {
      out.push_back(std::move(word));
      word.clear();
    }
  }
  return out;
}

bool is_function_word(const std::string& w) {
  static const char* kWords[] = {
      "the", "of",   "a",    "an",   "and",  "in",    "to",   "for",   "is",   "are",  "on", "at",
      "by",  "with", "from", "as",   "be",   "was",   "were", "which", "that", "this", "it", "its",
      "or",  "has",  "have", "been", "than", "these", "can",  "also",  "into", "such"};
  for (const char* f : kWords) {
    if (w == f) return true;
  }
  return w.size() < 3;
}

int make(const fs::path& beir, const fs::path& out, std::size_t chunks, std::size_t queries,
         std::uint64_t seed) {
  std::vector<std::string> sentences;
  eval::for_each_beir_doc(beir, [&](const eval::BeirDoc& d) {
    std::istringstream in(clean(d.text));
    std::string piece;
    while (std::getline(in, piece, '.')) {
      if (words_of(piece).size() >= 4) sentences.push_back(piece + ".");
    }
  });
  if (sentences.empty()) throw lectio::InvalidInput(beir.string() + ": no sentences");
  Rng rng(seed);
  fs::create_directories(out);
  std::ofstream c(out / "chunks.tsv");
  for (std::size_t i = 0; i < chunks; ++i) {
    std::string text;
    std::size_t words = 0;
    const std::size_t target = 100 + rng.below(100);
    while (words < target) {
      const std::string& s = sentences[rng.below(sentences.size())];
      words += words_of(s).size();
      text += s;
    }
    c << 'c' << i << '\t' << text << '\n';
  }
  std::ofstream q(out / "queries.tsv");
  std::size_t written = 0;
  for (const eval::BeirQuery& bq : eval::load_beir_queries(beir)) {
    if (written == queries) break;
    q << bq.id << '\t' << clean(bq.text) << '\n';
    ++written;
  }
  while (written < queries) {
    std::vector<std::string> content;
    for (const std::string& w : words_of(sentences[rng.below(sentences.size())])) {
      if (!is_function_word(w)) content.push_back(w);
    }
    if (content.size() < 2) continue;
    const std::size_t n = std::min<std::size_t>(content.size(), 2 + rng.below(5));
    const std::size_t start = rng.below(content.size() - n + 1);
    std::string text;
    for (std::size_t i = start; i < start + n; ++i) text += (text.empty() ? "" : " ") + content[i];
    q << 'g' << written << '\t' << text << '\n';
    ++written;
  }
  std::fprintf(stderr, "%zu chunks from %zu sentences, %zu queries in %s\n", chunks,
               sentences.size(), written, out.c_str());
  return 0;
}

int export_beir(const fs::path& beir, const fs::path& out) {
  std::ofstream c(out);
  eval::for_each_beir_doc(beir, [&](const eval::BeirDoc& d) {
    c << d.id << '\t' << clean(d.title + " " + d.text) << '\n';
  });
  const eval::Qrels qrels = eval::load_beir_qrels(beir);
  std::ofstream q(out.string() + ".queries");
  for (const eval::BeirQuery& bq : eval::load_beir_queries(beir)) {
    if (qrels.count(bq.id)) q << bq.id << '\t' << clean(bq.text) << '\n';
  }
  return 0;
}

int fts5(const fs::path& queries, const fs::path& out, int k) {
  std::ifstream in(queries);
  if (!in) throw lectio::NotFound(queries.string() + ": no such file");
  std::ofstream sql(out);
  sql << ".mode list\n.separator ' '\n.timer on\n";
  std::string line;
  while (std::getline(in, line)) {
    const auto tab = line.find('\t');
    if (tab == std::string::npos) continue;
    std::string match;
    for (const std::string& w : words_of(line.substr(tab + 1))) {
      match += (match.empty() ? "" : " OR ") + ("\"" + w + "\"");
    }
    if (match.empty()) continue;
    const std::string qid = line.substr(0, tab);
    sql << "SELECT '" << qid << "', 'Q0', id, row_number() OVER (ORDER BY rank), -rank, 'fts5' "
        << "FROM docs WHERE docs MATCH '" << match << "' ORDER BY rank LIMIT " << k << ";\n";
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const std::vector<std::string> args(argv + 1, argv + argc);
    auto option = [&](const std::string& name, std::uint64_t fallback) {
      for (std::size_t i = 0; i + 1 < args.size(); ++i) {
        if (args[i] == name) return static_cast<std::uint64_t>(std::stoull(args[i + 1]));
      }
      return fallback;
    };
    if (args.size() >= 3 && args[0] == "make") {
      return make(args[1], args[2], option("--chunks", 200000), option("--queries", 1000),
                  option("--seed", 42));
    }
    if (args.size() >= 3 && args[0] == "export") return export_beir(args[1], args[2]);
    if (args.size() >= 3 && args[0] == "fts5") {
      return fts5(args[1], args[2], static_cast<int>(option("--k", 10)));
    }
    std::fprintf(stderr, "usage: lectio_search_corpus make|export|fts5 ... (see the source)\n");
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "lectio_search_corpus: %s\n", e.what());
    return 1;
  }
}
