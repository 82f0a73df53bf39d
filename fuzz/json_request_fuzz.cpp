// Fuzzes the typed JSON request reader (src/web/request.*) as the handlers use it: every field
// a handler reads, with each accessor, over any body the JSON parser accepts.
#include <array>
#include <nlohmann/json.hpp>

#include "fuzz_support.h"
#include "request.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::array<const char*, 9> kFields = {
      "name", "password", "display_name", "rating", "text", "audio", "q", "topic", "sources"};
  nlohmann::json body =
      nlohmann::json::parse(lectio::fuzz::as_text(data, size), nullptr, /*allow_exceptions=*/false);
  if (body.is_discarded()) return 0;
  const lectio::web::JsonRequest request(std::move(body));
  for (const char* field : kFields) {
    lectio::fuzz::refuse_or_parse([&] { request.text(field, 64); });
    lectio::fuzz::refuse_or_parse([&] { request.optional_text(field, 1024); });
    lectio::fuzz::refuse_or_parse([&] { request.integer(field, 1, 5); });
    lectio::fuzz::refuse_or_parse([&] { request.boolean(field, true); });
  }
  return 0;
}
