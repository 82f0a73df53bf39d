#include "lectio/text/stem.h"

#include <fmt/format.h>
#include <xapian.h>

#include "lectio/core/error.h"

namespace lectio::text {

struct Stemmer::Impl {
  Xapian::Stem stem;
};

Stemmer::Stemmer(std::string_view language) {
  try {
    impl_ = std::make_unique<Impl>(Impl{Xapian::Stem(std::string(language))});
  } catch (const Xapian::InvalidArgumentError&) {
    throw InvalidInput(fmt::format("stemmer: no Snowball stemmer for language '{}'", language));
  }
}

Stemmer::~Stemmer() = default;
Stemmer::Stemmer(Stemmer&&) noexcept = default;
Stemmer& Stemmer::operator=(Stemmer&&) noexcept = default;

std::string Stemmer::operator()(std::string_view word) const {
  return impl_->stem(std::string(word));
}

std::string stem_english(std::string_view word) {
  thread_local const Stemmer stemmer("english");
  return stemmer(word);
}

}  // namespace lectio::text
