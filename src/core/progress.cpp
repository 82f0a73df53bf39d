#include "lectio/core/progress.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>

namespace lectio {

std::string progress_line(const ProgressState& state) {
  const double fraction =
      state.total_bytes > 0
          ? static_cast<double>(state.bytes) / static_cast<double>(state.total_bytes)
      : state.total_items > 0
          ? static_cast<double>(state.items) / static_cast<double>(state.total_items)
          : 0.0;
  constexpr int kWidth = 24;
  const int filled = static_cast<int>(fraction * kWidth + 0.5);
  std::string bar(static_cast<std::size_t>(std::clamp(filled, 0, kWidth)), '#');
  bar.resize(kWidth, '.');
  std::string line = fmt::format("{} [{}] {}", state.label, bar, state.items);
  if (state.total_items > 0) line += fmt::format("/{}", state.total_items);
  line += " " + state.unit;
  if (state.total_bytes > 0) {
    const double mb = static_cast<double>(state.bytes) / 1e6;
    const double rate = state.seconds > 0 ? mb / state.seconds : 0.0;
    line += fmt::format("  {:.1f} MB  {:.1f} MB/s", mb, rate);
  }
  return line;
}

Progress::Progress(std::string label, std::int64_t total_items, std::int64_t total_bytes,
                   std::string unit)
    : label_(std::move(label)),
      unit_(std::move(unit)),
      total_items_(total_items),
      total_bytes_(total_bytes),
      enabled_(isatty(STDERR_FILENO) == 1),
      start_(std::chrono::steady_clock::now()),
      last_draw_(start_) {}

Progress::~Progress() {
  try {
    finish();
  } catch (...) {
    // Destructors never throw; a failed final redraw is not worth reporting.
  }
}

void Progress::advance(std::int64_t items, std::int64_t bytes) {
  items_ += items;
  bytes_ += bytes;
  draw(false);
}

void Progress::finish() {
  if (finished_) return;
  finished_ = true;
  if (!enabled_) return;
  draw(true);
  std::fputc('\n', stderr);
}

void Progress::draw(bool force) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (!force && now - last_draw_ < std::chrono::milliseconds(100)) return;
  last_draw_ = now;
  const double seconds = std::chrono::duration<double>(now - start_).count();
  const std::string line =
      "\r" + progress_line({label_, unit_, items_, total_items_, bytes_, total_bytes_, seconds});
  std::fputs(line.c_str(), stderr);
  std::fputs("\x1b[K", stderr);
  std::fflush(stderr);
}

}  // namespace lectio
