// Fuzzes the lesson JSON reader; a lesson it accepts must write back and read again.
#include "fuzz_support.h"
#include "lectio/compose/lesson.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  lectio::fuzz::refuse_or_parse([&] {
    const auto lesson = lectio::compose::lesson_from_json(lectio::fuzz::as_text(data, size));
    const std::string again = lectio::compose::lesson_to_json(lesson);
    if (lectio::compose::lesson_to_json(lectio::compose::lesson_from_json(again)) != again) {
      __builtin_trap();  // the writer's output must be a fixed point of read-then-write
    }
    lectio::compose::lesson_to_markdown(lesson);
    lectio::compose::script_sentences(lesson);
  });
  return 0;
}
