#include "query.h"

#include <fmt/format.h>

#include <cctype>
#include <map>
#include <optional>
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

QueryNode term_node(std::string term) {
  QueryNode node;
  node.op = QueryNode::Op::Term;
  node.term = std::move(term);
  return node;
}

QueryNode node_of(QueryNode::Op op, std::vector<QueryNode> children) {
  QueryNode node;
  node.op = op;
  node.children = std::move(children);
  return node;
}

std::optional<QueryNode> proximity(const Xapian::Query& words) {
  std::vector<std::string> terms;
  for (auto it = words.get_terms_begin(); it != words.get_terms_end(); ++it) {
    if (terms.empty() || terms.back() != *it) terms.push_back(*it);
  }
  std::vector<QueryNode> pairs;
  for (std::size_t i = 0; i + 1 < terms.size() && pairs.size() < kMaxPairs; ++i) {
    pairs.push_back(term_node(pair_term(terms[i], terms[i + 1])));
  }
  if (pairs.empty()) return std::nullopt;
  QueryNode near = node_of(QueryNode::Op::Or, std::move(pairs));
  near.scale = kPairWeight;
  return near;
}

// The index has no positions (document.cpp), so a phrase ("a b c" in quotes, or words joined
// by punctuation such as "i.e.") asks for its words and is filtered by the pair terms of its
// content words in a row: the chunks with the words in that order, stop words between them
// aside. The pairs carry no weight, so a phrase scores as its words, as a phrase search does.
QueryNode phrase_as_pairs(const Xapian::Query& phrase) {
  std::vector<QueryNode> words;
  std::vector<QueryNode> pairs;
  std::string previous;
  for (auto it = phrase.get_terms_begin(); it != phrase.get_terms_end(); ++it) {
    words.push_back(term_node(*it));
    if (is_stop_term(*it)) continue;
    if (!previous.empty()) pairs.push_back(term_node(pair_term(previous, *it)));
    previous = *it;
  }
  QueryNode all = node_of(QueryNode::Op::And, std::move(words));
  if (pairs.empty()) return all;
  std::vector<QueryNode> parts;
  parts.push_back(std::move(all));
  parts.push_back(node_of(QueryNode::Op::And, std::move(pairs)));
  return node_of(QueryNode::Op::Filter, std::move(parts));
}

// The matcher's form of what the query parser made, with every positional operator replaced.
QueryNode convert(const Xapian::Query& query, const std::string& text) {
  using Op = QueryNode::Op;
  switch (query.get_type()) {
    case Xapian::Query::LEAF_TERM:
      return term_node(*query.get_terms_begin());
    case Xapian::Query::LEAF_MATCH_NOTHING:
      return {};
    case Xapian::Query::OP_PHRASE:
      return phrase_as_pairs(query);
    default:
      break;
  }
  static const std::map<Xapian::Query::op, Op> kOps = {{Xapian::Query::OP_OR, Op::Or},
                                                       {Xapian::Query::OP_AND, Op::And},
                                                       {Xapian::Query::OP_AND_NOT, Op::AndNot},
                                                       {Xapian::Query::OP_XOR, Op::Xor},
                                                       {Xapian::Query::OP_AND_MAYBE, Op::AndMaybe},
                                                       {Xapian::Query::OP_FILTER, Op::Filter},
                                                       {Xapian::Query::OP_NEAR, Op::And}};
  const auto op = kOps.find(query.get_type());
  if (op == kOps.end()) {
    throw InvalidInput(
        fmt::format("\"{}\": cannot read the query (an operator this index "
                    "does not support)",
                    text));
  }
  std::vector<QueryNode> parts;
  for (std::size_t i = 0; i < query.get_num_subqueries(); ++i) {
    parts.push_back(convert(query.get_subquery(i), text));
  }
  return node_of(op->second, std::move(parts));
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
  BuiltQuery out;
  out.match = convert(main, query.text);
  if (main.serialise() == words.serialise()) {
    if (std::optional<QueryNode> near = proximity(words)) {
      std::vector<QueryNode> parts;
      parts.push_back(std::move(out.match));
      parts.push_back(std::move(*near));
      out.match = node_of(QueryNode::Op::Or, std::move(parts));
    }
  }
  out.highlight = words;
  out.sources = query.source_ids;
  return out;
}

}  // namespace lectio::search
