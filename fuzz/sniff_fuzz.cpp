// Fuzzes sniff_format: the first byte picks the file name's extension, the rest is the file.
#include <array>

#include "fuzz_support.h"
#include "lectio/ingest/extract.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::array<const char*, 8> kNames = {"a.md",   "a.txt",  "a.html", "a.pdf",
                                                    "a.epub", "a.docx", "a.bin",  "a"};
  if (size == 0) return 0;
  const char* name = kNames[data[0] % kNames.size()];
  lectio::fuzz::refuse_or_parse([&] {
    lectio::ingest::sniff_format(lectio::fuzz::as_text(data + 1, size - 1), name,
                                 lectio::ingest::Limits{});
  });
  return 0;
}
