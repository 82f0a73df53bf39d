// Fuzzes the speech normaliser in both languages: it must return for any UTF-8 sentence (the
// renderer only hands it valid UTF-8), never throw, and not grow without bound.
#include "fuzz_support.h"
#include "lectio/speech/normalize.h"
#include "lectio/text/strings.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0 || size > 4096) return 0;
  const std::string_view text = lectio::fuzz::as_text(data + 1, size - 1);
  if (!lectio::text::is_valid_utf8(text)) return 0;
  const std::string spoken = lectio::speech::normalize_for_speech(text, data[0] % 2 ? "zh" : "en");
  if (spoken.size() > 64 * text.size() + 64) __builtin_trap();
  return 0;
}
