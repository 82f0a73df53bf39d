#pragma once
// Host voices: the named personas that present lessons. The speech module maps each to a
// synthesis engine and voice; everything else refers to hosts by name.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lectio {

struct Host {
  std::string name;         // "Lena"
  std::string language;     // "en" or "zh"
  std::string gender;       // "female" or "male"
  std::string engine;       // "flite" or "espeak-ng"
  std::string voice;        // engine voice: "slt", "rms", "awb", "kal", "cmn"
  double rate = 1.0;        // speaking-rate multiplier
  double pitch = 1.0;       // pitch multiplier
  std::string description;  // one line shown by `lectio voices`
};

// Every host, in a stable order.
const std::vector<Host>& hosts();

// Case-insensitive lookup by name.
std::optional<Host> find_host(std::string_view name);

// The host a lesson in `language` gets when its brief names none; `other_than` picks a second
// voice for a dialogue.
const Host& default_host(std::string_view language, std::string_view other_than = "");

}  // namespace lectio
