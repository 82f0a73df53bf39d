#include "regex_rewrite.h"

#include <unicode/regex.h>
#include <unicode/unistr.h>
#include <unicode/utext.h>

#include "lectio/core/error.h"

namespace lectio::speech::detail {

std::string_view Match::str(int group) const {
  const auto [start, end] = groups_.at(static_cast<std::size_t>(group));
  if (start < 0) return {};
  return text_.substr(static_cast<std::size_t>(start), static_cast<std::size_t>(end - start));
}

bool Match::has(int group) const {
  return group < static_cast<int>(groups_.size()) && groups_[group].first >= 0 &&
         groups_[group].second > groups_[group].first;
}

Pattern::Pattern(std::string_view utf8_pattern, bool case_insensitive) {
  UErrorCode status = U_ZERO_ERROR;
  UParseError parse_error{};
  const auto source = icu::UnicodeString::fromUTF8(
      icu::StringPiece(utf8_pattern.data(), static_cast<int32_t>(utf8_pattern.size())));
  pattern_.reset(icu::RegexPattern::compile(source, case_insensitive ? UREGEX_CASE_INSENSITIVE : 0,
                                            parse_error, status));
  if (U_FAILURE(status)) {
    throw Internal("speech normaliser: bad pattern at offset " +
                   std::to_string(parse_error.offset) + ": " + std::string(utf8_pattern));
  }
}

Pattern::~Pattern() = default;

std::string Pattern::rewrite(std::string_view text, const Rewriter& fn) const {
  UErrorCode status = U_ZERO_ERROR;
  // UText over the UTF-8 bytes: match positions come back as byte offsets, no copies.
  std::unique_ptr<UText, decltype(&utext_close)> input(
      utext_openUTF8(nullptr, text.data(), static_cast<int64_t>(text.size()), &status),
      &utext_close);
  std::unique_ptr<icu::RegexMatcher> matcher(pattern_->matcher(status));
  if (U_FAILURE(status)) throw Internal("speech normaliser: cannot make a regex matcher");
  matcher->reset(input.get());

  std::string out;
  out.reserve(text.size());
  std::int64_t last = 0;
  const int group_count = matcher->groupCount();
  while (matcher->find(status) && U_SUCCESS(status)) {
    std::vector<std::pair<std::int64_t, std::int64_t>> groups;
    groups.reserve(static_cast<std::size_t>(group_count) + 1);
    for (int g = 0; g <= group_count; ++g) {
      groups.emplace_back(matcher->start64(g, status), matcher->end64(g, status));
    }
    const auto [start, end] = groups[0];
    const Match match(text, std::move(groups));
    const std::optional<std::string> replacement = fn(match);
    out.append(text.substr(static_cast<std::size_t>(last), static_cast<std::size_t>(start - last)));
    if (replacement) {
      out.append(*replacement);
    } else {
      out.append(match.str());
    }
    last = end;
  }
  out.append(text.substr(static_cast<std::size_t>(last)));
  return out;
}

std::string Pattern::replace(std::string_view text, std::string_view with) const {
  return rewrite(text, [&](const Match&) { return std::string(with); });
}

}  // namespace lectio::speech::detail
