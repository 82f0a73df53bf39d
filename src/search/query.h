#pragma once
// From the text of a search to a Xapian query. Private to the search module.
#include <xapian.h>

#include "lectio/search/index.h"

namespace lectio::search {

// Parses the text (phrases, AND/OR/NOT, +/-, unless words_only), drops stop words from plain
// queries, adds a small bonus for query words that occur near each other (plain queries only)
// and restricts to the sources asked for. A query that cannot be parsed is read again as plain
// words. Throws InvalidInput when nothing searchable is left.
//
// Xapian 1.4 highlights phrase words in snippets only when phrases use unstemmed terms, which
// this index does not have; snippets therefore highlight the query's words, read plainly.
struct BuiltQuery {
  Xapian::Query match;      // what is searched for
  Xapian::Query highlight;  // the query's words, for snippets (see build_query)
};

BuiltQuery build_query(const Query& query);

}  // namespace lectio::search
