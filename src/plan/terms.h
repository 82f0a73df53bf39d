#pragma once
// The plan module's terms: readable content words for grouping chunks, naming groups and
// comparing plans. Unlike text::terms() they are not stemmed, since a group without headings is
// named by its heaviest terms: words lower-cased, stopwords out and plurals folded, and
// character bigrams for Chinese. Weighted with text::TermStats. Private to the plan module.
#include <string>
#include <string_view>
#include <vector>

#include "lectio/text/weighting.h"

namespace lectio::plan {

using text::centroid;
using text::cosine;
using text::TermVector;

// Content terms of a text, in order.
std::vector<std::string> content_terms(std::string_view text);

}  // namespace lectio::plan
