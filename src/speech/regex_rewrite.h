#pragma once
// A thin wrapper over ICU regular expressions that rewrites UTF-8 text in place of matches.
// ICU is used (not std::regex) for Unicode classes such as \p{Han} and \p{Lu}.
#include <unicode/uversion.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

U_NAMESPACE_BEGIN
class RegexPattern;
U_NAMESPACE_END

namespace lectio::speech::detail {

// One match: groups are byte ranges of the input; a group that did not take part is empty.
class Match {
 public:
  Match(std::string_view text, std::vector<std::pair<std::int64_t, std::int64_t>> groups)
      : text_(text), groups_(std::move(groups)) {}
  std::string_view str(int group = 0) const;
  bool has(int group) const;
  std::string_view before() const { return text_.substr(0, groups_[0].first); }
  std::string_view after() const { return text_.substr(groups_[0].second); }

 private:
  std::string_view text_;
  std::vector<std::pair<std::int64_t, std::int64_t>> groups_;
};

// Returns the replacement for a match, or nullopt to keep the matched text as it is.
using Rewriter = std::function<std::optional<std::string>(const Match&)>;

// A compiled pattern. Immutable after construction, so one instance is shared by all threads
// (ICU documents RegexPattern as thread-safe; each rewrite makes its own matcher).
class Pattern {
 public:
  // Throws Internal when the pattern does not compile (a bug, caught by the tests).
  explicit Pattern(std::string_view utf8_pattern, bool case_insensitive = false);
  ~Pattern();
  Pattern(const Pattern&) = delete;
  Pattern& operator=(const Pattern&) = delete;

  std::string rewrite(std::string_view text, const Rewriter& fn) const;
  // Replaces every match with a fixed string.
  std::string replace(std::string_view text, std::string_view with) const;

 private:
  std::unique_ptr<icu::RegexPattern> pattern_;
};

}  // namespace lectio::speech::detail
