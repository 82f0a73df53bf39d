#pragma once
// A linear look at how deeply an HTML document nests its elements, taken before gumbo parses
// it: gumbo's tree construction scans its stack of open elements for every tag, so a document
// nested N levels deep costs it O(N^2) (200,000 nested <div> took over a minute to refuse).
#include <string_view>

namespace lectio::ingest {

// True when the elements of `html` nest deeper than `limit` levels, as an HTML parser would
// nest them: void elements and elements whose end tag may be left out (p, li, td, ...) are not
// counted; comments, raw-text elements (script, style, ...) and SVG and MathML trees are
// skipped; `<div/>` opens a div, as it does for gumbo. Reads every byte a bounded number of
// times; never throws.
bool html_nests_deeper_than(std::string_view html, int limit);

}  // namespace lectio::ingest
