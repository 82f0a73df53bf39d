#pragma once
// Snowball stemming (Xapian's stemmers behind a small wrapper; no Xapian type here).
#include <memory>
#include <string>
#include <string_view>

namespace lectio::text {

// A stemmer for one language. Copying is not offered; moving is. Not thread-safe: give each
// thread its own, or use stem_english().
class Stemmer {
 public:
  // `language` is a Snowball name or code ("english", "en"). Throws InvalidInput for a
  // language Snowball does not know.
  explicit Stemmer(std::string_view language);
  ~Stemmer();
  Stemmer(Stemmer&&) noexcept;
  Stemmer& operator=(Stemmer&&) noexcept;

  std::string operator()(std::string_view word) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The Snowball English stem of a lower-cased word, with a stemmer each thread keeps.
std::string stem_english(std::string_view word);

}  // namespace lectio::text
