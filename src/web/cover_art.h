#pragma once
// Cover art for lessons and plans: drawn here from the title and tags, never fetched. The same
// title and tags always give the same picture, so a cover's URL (cover_path) stays valid and
// cacheable; podcast apps get it as the feed's itunes:image.
#include <string>
#include <string_view>
#include <vector>

namespace lectio::web {

// A square SVG (viewBox 0 0 600 600): a background in two colours chosen from a hash of the
// title, one shape per tag (at most six) placed and tinted by the tag's hash, and the title's
// initials. Every text is XML-escaped.
std::string cover_svg(std::string_view title, const std::vector<std::string>& tags);

// Where a cover is served: "/covers/lessons/<slug>.svg" or "/covers/plans/<slug>.svg".
std::string cover_path(std::string_view kind, std::string_view slug);

}  // namespace lectio::web
