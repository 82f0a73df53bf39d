#include "lectio/core/progress.h"

#include <unistd.h>

#include <cstdio>

#include <fmt/format.h>

namespace lectio {

Progress::Progress(std::string label, std::int64_t total_items, std::int64_t total_bytes)
    : label_(std::move(label)),
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
  const double mb = static_cast<double>(bytes_) / 1e6;
  const double rate = seconds > 0 ? mb / seconds : 0.0;
  const double fraction =
      total_bytes_ > 0 ? static_cast<double>(bytes_) / static_cast<double>(total_bytes_)
      : total_items_ > 0 ? static_cast<double>(items_) / static_cast<double>(total_items_)
                         : 0.0;
  constexpr int kWidth = 24;
  const int filled = static_cast<int>(fraction * kWidth + 0.5);
  std::string bar(static_cast<std::size_t>(std::min(filled, kWidth)), '#');
  bar.resize(kWidth, '.');
  std::string line = fmt::format("\r{} [{}] {}/{} files  {:.1f} MB  {:.1f} MB/s", label_, bar,
                                 items_, total_items_, mb, rate);
  std::fputs(line.c_str(), stderr);
  std::fputs("\x1b[K", stderr);
  std::fflush(stderr);
}

}  // namespace lectio
