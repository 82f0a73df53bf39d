// Fuzzes extract_text and the chunker (fuzz/ingest_fuzz.h).
#include "ingest_fuzz.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return lectio::fuzz::fuzz_extract(
      data, size, [](std::string_view bytes) { return lectio::ingest::extract_text(bytes); });
}
