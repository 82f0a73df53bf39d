#pragma once
// A one-line progress bar for long work. It draws only when stderr is a terminal, so logs and
// pipes stay clean. Not thread-safe: one owner updates it.
#include <chrono>
#include <cstdint>
#include <string>

namespace lectio {

// What a progress bar says at a moment: "indexing [####....] 120/400 chunks", with the bytes
// and their rate after it when there is a byte total ("  1.5 MB  0.8 MB/s"). A total of 0 is
// unknown: the count stands alone and the bar stays empty.
struct ProgressState {
  std::string label;
  std::string unit;
  std::int64_t items = 0;
  std::int64_t total_items = 0;
  std::int64_t bytes = 0;
  std::int64_t total_bytes = 0;
  double seconds = 0;
};
std::string progress_line(const ProgressState& state);

class Progress {
 public:
  // total_items and total_bytes may be 0 when unknown; `unit` names the items.
  Progress(std::string label, std::int64_t total_items, std::int64_t total_bytes,
           std::string unit = "files");
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  void advance(std::int64_t items, std::int64_t bytes);
  void finish();
  bool enabled() const { return enabled_; }

 private:
  void draw(bool force);

  std::string label_;
  std::string unit_;
  std::int64_t total_items_;
  std::int64_t total_bytes_;
  std::int64_t items_ = 0;
  std::int64_t bytes_ = 0;
  bool enabled_;
  bool finished_ = false;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_draw_;
};

}  // namespace lectio
