// Replays review histories through lectio's FSRS: reads JSON lines from stdin, one history
// per line ([[unix_seconds, rating], ...]), and writes one JSON line per history with the
// state after each review ([[due, stability, difficulty, scheduled_days], ...]).
// bench/study/fsrs_compare.mjs feeds it the histories it also runs through ts-fsrs.
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>

#include "lectio/study/fsrs.h"

int main() {
  const lectio::study::Fsrs fsrs;
  std::string line;
  while (std::getline(std::cin, line)) {
    if (line.empty()) continue;
    const auto history = nlohmann::json::parse(line);
    lectio::study::Memory m;
    nlohmann::json out = nlohmann::json::array();
    for (const auto& review : history) {
      m = fsrs.review(m, static_cast<lectio::study::Rating>(review[1].get<int>()),
                      review[0].get<std::int64_t>());
      out.push_back({m.due, m.stability, m.difficulty, m.scheduled_days});
    }
    std::cout << out.dump() << '\n';
  }
  return 0;
}
