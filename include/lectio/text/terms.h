#pragma once
// Content terms: what texts are compared by (retrieval within a lesson, sentence selection,
// grounding, grouping chunks into a plan).
#include <string>
#include <string_view>
#include <vector>

namespace lectio::text {

// words() without stopwords and with each word of Latin letters reduced to its Snowball
// English stem; Chinese words stay whole. Compare texts only through these.
std::vector<std::string> terms(std::string_view text, std::string_view language);

}  // namespace lectio::text
