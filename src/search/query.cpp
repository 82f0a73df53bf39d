#include "query.h"

#include <fmt/format.h>

#include <cctype>
#include <string>
#include <vector>

#include "analysis.h"
#include "document.h"
#include "lectio/core/error.h"
#include "lectio/core/text.h"

namespace lectio::search {

namespace {

// Proximity: each two words in a row in the query also ask for the pair term that chunks get
// for two words in a row (document.cpp), weighted by BM25 like any term and scaled by
// kPairWeight. A sequential-dependence style feature that lifts chunks using the query's
// phrasing without requiring it, at the price of one short posting list a pair. Long queries
// (pasted paragraphs) only pair their first kMaxPairs + 1 words, which keeps their latency in
// bounds. kPairWeight sits in the middle of the range that helped on the dev collection
// (docs/benchmarks.md), not at its peak.
constexpr double kPairWeight = 0.3;
constexpr std::size_t kMaxPairs = 16;

constexpr unsigned kFullSyntax =
    Xapian::QueryParser::FLAG_DEFAULT | Xapian::QueryParser::FLAG_PHRASE |
    Xapian::QueryParser::FLAG_BOOLEAN | Xapian::QueryParser::FLAG_LOVEHATE;

bool joins(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || static_cast<unsigned char>(c) >= 0x80;
}

// "boundary-layer" and "input/output" would otherwise become phrases, which only chunks with
// both words in a row match (phrase_as_pairs), while the pair terms already reward the two
// words in a row without requiring them.
std::string loosen_compounds(std::string text) {
  for (std::size_t i = 1; i + 1 < text.size(); ++i) {
    if ((text[i] == '-' || text[i] == '/') && joins(text[i - 1]) && joins(text[i + 1])) {
      text[i] = ' ';
    }
  }
  return text;
}

Xapian::QueryParser make_parser(const std::string& text) {
  Xapian::QueryParser parser;
  parser.set_stemmer(stemmer_for(text::detect_language(text)));
  parser.set_stemming_strategy(Xapian::QueryParser::STEM_ALL_Z);
  parser.set_stopper(&query_stopper());
  parser.set_default_op(Xapian::Query::OP_OR);
  return parser;
}

Xapian::Query proximity(const Xapian::Query& words) {
  std::vector<std::string> terms;
  for (auto it = words.get_terms_begin(); it != words.get_terms_end(); ++it) {
    if (terms.empty() || terms.back() != *it) terms.push_back(*it);
  }
  std::vector<Xapian::Query> pairs;
  for (std::size_t i = 0; i + 1 < terms.size() && pairs.size() < kMaxPairs; ++i) {
    pairs.emplace_back(pair_term(terms[i], terms[i + 1]));
  }
  if (pairs.empty()) return {};
  return Xapian::Query(Xapian::Query::OP_SCALE_WEIGHT,
                       Xapian::Query(Xapian::Query::OP_OR, pairs.begin(), pairs.end()),
                       kPairWeight);
}

// The index has no positions (document.cpp), so a phrase ("a b c" in quotes, or words joined
// by punctuation such as "i.e.") asks for its words and is filtered by the pair terms of its
// content words in a row: the chunks with the words in that order, stop words between them
// aside. The pairs carry no weight, so a phrase scores as its words, as a phrase search does.
Xapian::Query phrase_as_pairs(const Xapian::Query& phrase) {
  std::vector<Xapian::Query> words;
  std::vector<Xapian::Query> pairs;
  std::string previous;
  for (auto it = phrase.get_terms_begin(); it != phrase.get_terms_end(); ++it) {
    words.emplace_back(*it);
    if (is_stop_term(*it)) continue;
    if (!previous.empty()) pairs.emplace_back(pair_term(previous, *it));
    previous = *it;
  }
  Xapian::Query all(Xapian::Query::OP_AND, words.begin(), words.end());
  if (pairs.empty()) return all;
  return Xapian::Query(Xapian::Query::OP_FILTER, all,
                       Xapian::Query(Xapian::Query::OP_AND, pairs.begin(), pairs.end()));
}

// The query with every positional operator replaced; `changed` says whether there was one.
Xapian::Query without_positions(const Xapian::Query& query, bool& changed) {
  const Xapian::Query::op op = query.get_type();
  if (op == Xapian::Query::OP_PHRASE || op == Xapian::Query::OP_NEAR) {
    changed = true;
    if (op == Xapian::Query::OP_PHRASE) return phrase_as_pairs(query);
  }
  const std::size_t n = query.get_num_subqueries();
  if (n == 0) return query;
  bool below = false;
  std::vector<Xapian::Query> parts;
  for (std::size_t i = 0; i < n; ++i)
    parts.push_back(without_positions(query.get_subquery(i), below));
  if (op == Xapian::Query::OP_NEAR)
    return Xapian::Query(Xapian::Query::OP_AND, parts.begin(), parts.end());
  if (!below) return query;
  changed = true;
  // The query parser's operators with positions inside have no parameter to carry over.
  return Xapian::Query(op, parts.begin(), parts.end());
}

}  // namespace

BuiltQuery build_query(const Query& query) {
  const std::string text = loosen_compounds(segment_cjk(text::collapse_whitespace(query.text)));
  if (text.empty()) throw InvalidInput("empty query: give some words to search for");
  Xapian::QueryParser parser = make_parser(text);

  Xapian::Query words;
  try {
    words = parser.parse_query(text, 0);
  } catch (const Xapian::QueryParserError& e) {
    throw InvalidInput(fmt::format("\"{}\": cannot read the query ({})", query.text, e.get_msg()));
  }
  Xapian::Query main = words;
  if (!query.words_only) {
    try {
      main = parser.parse_query(text, kFullSyntax);
    } catch (const Xapian::QueryParserError&) {
      main = words;  // unbalanced quotes and the like: search for the words instead
    }
  }
  if (main.empty()) {
    throw InvalidInput(fmt::format("\"{}\": nothing to search for in this query", query.text));
  }
  // The bonus only makes sense when the query is a bag of words, not when it says which words
  // must or must not occur.
  if (main.serialise() == words.serialise()) {
    if (Xapian::Query near = proximity(words); !near.empty()) {
      main = Xapian::Query(Xapian::Query::OP_OR, main, near);
    }
  }
  bool positional = false;
  main = without_positions(main, positional);
  if (query.source_ids.empty()) return {main, words};
  std::vector<Xapian::Query> sources;
  for (const std::string& id : query.source_ids) sources.emplace_back(source_term(id));
  return {Xapian::Query(Xapian::Query::OP_FILTER, main,
                        Xapian::Query(Xapian::Query::OP_OR, sources.begin(), sources.end())),
          words};
}

}  // namespace lectio::search
