#pragma once
// The one list of function words ("the", "of"; in Chinese "的", "了") that carry no topic.
#include <span>
#include <string_view>

namespace lectio::text {

// True for a lower-cased function word of English, or, when `language` is "zh", of English or
// Chinese. Content words ("said", "new") are not on the list, since a query may be about them.
bool is_stopword(std::string_view word, std::string_view language);

// The list of one language on its own ("en" or "zh"; any other language has none), lower-cased,
// for an index that keeps its own stopper (search's Xapian query parser and pair terms).
std::span<const char* const> stopwords(std::string_view language);

}  // namespace lectio::text
