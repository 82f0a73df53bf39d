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
#include "lectio/text/strings.h"

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

using xapian_text::ParsedNode;
using xapian_text::ParsedQuery;
using xapian_text::QueryOp;
using xapian_text::QueryParser;

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

std::optional<QueryNode> proximity(const ParsedQuery& words) {
  std::vector<std::string> terms;
  for (const std::string& term : words.terms()) {
    if (terms.empty() || terms.back() != term) terms.push_back(term);
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
QueryNode phrase_as_pairs(const ParsedNode& phrase) {
  std::vector<QueryNode> words;
  std::vector<QueryNode> pairs;
  std::string previous;
  for (const std::string& term : phrase.terms) {
    words.push_back(term_node(term));
    if (is_stop_term(term)) continue;
    if (!previous.empty()) pairs.push_back(term_node(pair_term(previous, term)));
    previous = term;
  }
  QueryNode all = node_of(QueryNode::Op::And, std::move(words));
  if (pairs.empty()) return all;
  std::vector<QueryNode> parts;
  parts.push_back(std::move(all));
  parts.push_back(node_of(QueryNode::Op::And, std::move(pairs)));
  return node_of(QueryNode::Op::Filter, std::move(parts));
}

// The matcher's form of what the query parser made, with every positional operator replaced.
QueryNode convert(const ParsedNode& query, const std::string& text) {
  using Op = QueryNode::Op;
  switch (query.op) {
    case QueryOp::Term:
      return term_node(query.terms.front());
    case QueryOp::Nothing:
      return {};
    case QueryOp::Phrase:
      return phrase_as_pairs(query);
    case QueryOp::Other:
      throw InvalidInput(
          fmt::format("\"{}\": cannot read the query (an operator this index "
                      "does not support)",
                      text));
    default:
      break;
  }
  static const std::map<QueryOp, Op> kOps = {
      {QueryOp::Or, Op::Or},   {QueryOp::And, Op::And},           {QueryOp::AndNot, Op::AndNot},
      {QueryOp::Xor, Op::Xor}, {QueryOp::AndMaybe, Op::AndMaybe}, {QueryOp::Filter, Op::Filter},
      {QueryOp::Near, Op::And}};
  std::vector<QueryNode> parts;
  for (const ParsedNode& child : query.children) parts.push_back(convert(child, text));
  return node_of(kOps.at(query.op), std::move(parts));
}

}  // namespace

BuiltQuery build_query(const Query& query) {
  const std::string text = loosen_compounds(segment_cjk(text::collapse_whitespace(query.text)));
  if (text.empty()) throw InvalidInput("empty query: give some words to search for");
  QueryParser parser(text::detect_language(text));

  QueryParser::Result words = parser.parse(text, QueryParser::Syntax::Words);
  if (!words.query) {
    throw InvalidInput(fmt::format("\"{}\": cannot read the query ({})", query.text, words.error));
  }
  ParsedQuery main = *words.query;
  if (!query.words_only) {
    // Unbalanced quotes and the like: search for the words instead.
    if (QueryParser::Result full = parser.parse(text, QueryParser::Syntax::Full); full.query) {
      main = *full.query;
    }
  }
  if (main.empty()) {
    throw InvalidInput(fmt::format("\"{}\": nothing to search for in this query", query.text));
  }
  QueryNode match = convert(main.root(), query.text);
  // The bonus only makes sense when the query is a bag of words, not when it says which words
  // must or must not occur.
  if (main.same_as(*words.query)) {
    if (std::optional<QueryNode> near = proximity(*words.query)) {
      std::vector<QueryNode> parts;
      parts.push_back(std::move(match));
      parts.push_back(std::move(*near));
      match = node_of(QueryNode::Op::Or, std::move(parts));
    }
  }
  return BuiltQuery{std::move(match), *words.query, query.source_ids};
}

}  // namespace lectio::search
