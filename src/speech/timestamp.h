#pragma once
// "HH:MM:SS.mmm", the clock format shared by WebVTT cues and Vorbis CHAPTERxxx comments.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <string>

namespace lectio::speech {

// Rounds to the millisecond; negative times clamp to zero; hours may exceed two digits.
inline std::string clock_time(double seconds) {
  const long long ms = std::llround(std::max(0.0, seconds) * 1000.0);
  return fmt::format("{:02}:{:02}:{:02}.{:03}", ms / 3'600'000, ms / 60'000 % 60, ms / 1000 % 60,
                     ms % 1000);
}

}  // namespace lectio::speech
