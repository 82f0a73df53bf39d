// Fuzzes the brief validator from YAML (a brief file) and from JSON (the web API): the first
// byte picks which.
#include "fuzz_support.h"
#include "lectio/lesson/brief.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view text = lectio::fuzz::as_text(data + 1, size - 1);
  lectio::fuzz::refuse_or_parse([&] {
    const lectio::lesson::Brief brief = data[0] % 2
                                            ? lectio::lesson::parse_brief_json(text, "brief")
                                            : lectio::lesson::parse_brief(text, "brief.yaml");
    lectio::lesson::target_minutes(brief);
    lectio::lesson::brief_hash(brief);
  });
  return 0;
}
