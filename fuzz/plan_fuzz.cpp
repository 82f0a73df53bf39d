// Fuzzes the plan file parser. Brief paths resolve against a folder that does not exist, so a
// plan naming brief files gets NotFound rather than reading this machine's files.
#include "fuzz_support.h"
#include "lectio/plan/plan_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  lectio::fuzz::refuse_or_parse([&] {
    const auto plan = lectio::plan::parse_plan_file(lectio::fuzz::as_text(data, size), "plan.yaml",
                                                    "/nonexistent/lectio-fuzz");
    lectio::plan::lesson_count(plan);
  });
  return 0;
}
