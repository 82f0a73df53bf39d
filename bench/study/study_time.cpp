// How long making a lesson's cards and quiz takes, for the overhead over composing it:
//   lectio_study_time DATA_DIR LESSON_ID... [--runs N]
// Prints each lesson's time (median of N runs, default 5): reading the cited sources' chunks
// from the store and making the study set, as the pipeline does with every lesson.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "lectio/pipeline/lesson_records.h"
#include "lectio/store/store.h"
#include "lectio/study/study_set.h"

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s DATA_DIR LESSON_ID... [--runs N]\n", argv[0]);
    return 2;
  }
  int runs = 5;
  std::vector<std::string> ids;
  for (int i = 2; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--runs" && i + 1 < argc) {
      runs = std::stoi(argv[++i]);
    } else {
      ids.push_back(a);
    }
  }
  auto store = lectio::store::open_content_store(argv[1]);
  for (const auto& id : ids) {
    auto lesson = lectio::pipeline::load_lesson(*store, id);
    if (!lesson) {
      std::fprintf(stderr, "%s: no such lesson\n", id.c_str());
      return 1;
    }
    std::vector<double> ms;
    std::size_t cards = 0;
    for (int r = 0; r < runs; ++r) {
      const auto t0 = std::chrono::steady_clock::now();
      lectio::study::add_study_set(*lesson, *store);
      ms.push_back(
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
      cards = lesson->study->cards.size();
    }
    std::sort(ms.begin(), ms.end());
    std::printf("%s  %zu cards  %.1f ms\n", id.c_str(), cards, ms[ms.size() / 2]);
  }
  return 0;
}
