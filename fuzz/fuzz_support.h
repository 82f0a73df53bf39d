#pragma once
// Shared by the libFuzzer harnesses. The contract under test: a parser given any bytes either
// returns or throws a lectio::Error (a one-line message for the user). Anything else — a
// crash, a sanitizer report, another exception type (a library's type_error, out_of_range)
// escaping, a hang — is a finding: libFuzzer stops and saves the input.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "lectio/core/error.h"

namespace lectio::fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// Runs `parse`, accepting only the refusals the contract allows.
template <class F>
void refuse_or_parse(F&& parse) {
  try {
    parse();
  } catch (const lectio::Error&) {
    // A refusal with a message: the expected answer to bad input.
  }
}

}  // namespace lectio::fuzz
