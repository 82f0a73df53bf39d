#pragma once
// From the text of a search to the query the matcher runs. Private to the search module.
#include <string>
#include <vector>

#include "lectio/search/index.h"
#include "xapian_text.h"

namespace lectio::search {

// A query as the matcher runs it (match.cpp). Weights are BM25's, as Xapian combines them:
// Or, And and Xor add the weights of the parts that match; AndNot and Filter keep the first
// part's weight (the others only say which documents); AndMaybe adds the others' weights to
// the first part's where they match; `scale` multiplies every weight below it.
struct QueryNode {
  enum class Op { Term, Or, And, AndNot, Xor, AndMaybe, Filter, Nothing };
  Op op = Op::Nothing;
  std::string term;  // Term only
  double scale = 1;
  std::vector<QueryNode> children;
};

// Parses the text (phrases, AND/OR/NOT, +/-, unless words_only) with Xapian's query parser,
// drops stop words from plain queries, adds a small bonus for query words that occur near each
// other (plain queries only) and keeps the sources asked for. A query that cannot be parsed is
// read again as plain words. Throws InvalidInput when nothing searchable is left.
//
// Xapian 1.4 highlights phrase words in snippets only when phrases use unstemmed terms, which
// this index does not have; snippets therefore highlight the query's words, read plainly.
struct BuiltQuery {
  QueryNode match;                     // what is searched for
  xapian_text::ParsedQuery highlight;  // the query's words, for snippets (see build_query)
  std::vector<std::string> sources;    // only chunks of these sources; empty = all
};

BuiltQuery build_query(const Query& query);

}  // namespace lectio::search
