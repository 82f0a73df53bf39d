// Fuzzes the lesson JSON reader; a lesson it accepts must write back and read again.
#include "fuzz_support.h"
#include "lectio/lesson/lesson.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  lectio::fuzz::refuse_or_parse([&] {
    const auto lesson = lectio::lesson::lesson_from_json(lectio::fuzz::as_text(data, size));
    const std::string again = lectio::lesson::lesson_to_json(lesson);
    if (lectio::lesson::lesson_to_json(lectio::lesson::lesson_from_json(again)) != again) {
      __builtin_trap();  // the writer's output must be a fixed point of read-then-write
    }
    lectio::lesson::lesson_to_markdown(lesson);
    lectio::lesson::script_sentences(lesson);
  });
  return 0;
}
