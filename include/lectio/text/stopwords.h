#pragma once
// The one list of function words ("the", "of"; in Chinese "的", "了") that carry no topic.
#include <string_view>

namespace lectio::text {

// True for a lower-cased function word of English, or, when `language` is "zh", of English or
// Chinese. Content words ("said", "new") are not on the list, since a query may be about them.
bool is_stopword(std::string_view word, std::string_view language);

}  // namespace lectio::text
