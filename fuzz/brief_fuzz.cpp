// Fuzzes the brief validator from YAML (a brief file) and from JSON (the web API): the first
// byte picks which.
#include "fuzz_support.h"
#include "lectio/compose/brief.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view text = lectio::fuzz::as_text(data + 1, size - 1);
  lectio::fuzz::refuse_or_parse([&] {
    const lectio::compose::Brief brief = data[0] % 2
                                             ? lectio::compose::parse_brief_json(text, "brief")
                                             : lectio::compose::parse_brief(text, "brief.yaml");
    lectio::compose::target_minutes(brief);
    lectio::compose::brief_hash(brief);
  });
  return 0;
}
