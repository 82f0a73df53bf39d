#include "lectio/core/hosts.h"

#include <algorithm>
#include <cctype>

namespace lectio {

const std::vector<Host>& hosts() {
  static const std::vector<Host> kHosts = {
      {"Lena", "en", "female", "flite", "slt", 1.0, 1.0, "warm, clear, unhurried"},
      {"Marcus", "en", "male", "flite", "rms", 1.0, 1.0, "calm and steady"},
      {"Alistair", "en", "male", "flite", "awb", 0.95, 1.0, "Scottish accent, thoughtful"},
      {"Kai", "en", "male", "flite", "kal", 1.05, 1.0, "brisk and direct"},
      {"Mei", "zh", "female", "espeak-ng", "cmn", 1.0, 1.1, "Mandarin, bright"},
      {"Wei", "zh", "male", "espeak-ng", "cmn", 1.0, 0.9, "Mandarin, low and even"},
  };
  return kHosts;
}

namespace {

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

}  // namespace

std::optional<Host> find_host(std::string_view name) {
  for (const Host& h : hosts()) {
    if (iequals(h.name, name)) return h;
  }
  return std::nullopt;
}

const Host& default_host(std::string_view language, std::string_view other_than) {
  for (const Host& h : hosts()) {
    if (h.language == language && !iequals(h.name, other_than)) return h;
  }
  return hosts().front();
}

}  // namespace lectio
