#include "lectio/voices/hosts.h"

#include <algorithm>
#include <cctype>
#include <mutex>

#include "lectio/voices/voice_registry.h"

namespace lectio::voices {

namespace {

// The process's registry (use_voice_registry); guarded because the web server's threads read
// it while a test may swap it.
std::mutex registry_mutex;
std::shared_ptr<const VoiceRegistry> active_registry;

std::shared_ptr<const VoiceRegistry> registry() {
  const std::lock_guard lock(registry_mutex);
  return active_registry;
}

}  // namespace

bool same_host_name(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

const std::vector<Host>& builtin_hosts() {
  static const std::vector<Host> kHosts = {
      {"Lena", "en", "female", "flite", "slt", 1.0, 1.0, "warm, clear, unhurried", {}},
      {"Marcus", "en", "male", "flite", "rms", 1.0, 1.0, "calm and steady", {}},
      {"Alistair", "en", "male", "flite", "awb", 0.95, 1.0, "Scottish accent, thoughtful", {}},
      {"Kai", "en", "male", "flite", "kal", 1.05, 1.0, "brisk and direct", {}},
      {"Mei", "zh", "female", "espeak-ng", "cmn", 1.0, 1.1, "Mandarin, bright", {}},
      {"Wei", "zh", "male", "espeak-ng", "cmn", 1.0, 0.9, "Mandarin, low and even", {}},
  };
  return kHosts;
}

std::vector<Host> hosts() {
  std::vector<Host> all = builtin_hosts();
  if (const auto r = registry()) {
    for (Host& h : r->voices()) all.push_back(std::move(h));
  }
  return all;
}

std::optional<Host> find_host(std::string_view name) {
  for (const Host& h : builtin_hosts()) {
    if (same_host_name(h.name, name)) return h;
  }
  if (const auto r = registry()) {
    for (Host& h : r->voices()) {
      if (same_host_name(h.name, name)) return std::move(h);
    }
  }
  return std::nullopt;
}

Host default_host(std::string_view language, std::string_view other_than) {
  const std::vector<Host> all = hosts();
  for (const Host& h : all) {
    if (h.language == language && !same_host_name(h.name, other_than)) return h;
  }
  return all.front();
}

std::optional<Host> voice_for_language(const Host& speaker, std::string_view language) {
  if (speaker.language == language) return speaker;
  std::optional<Host> first;
  for (Host& h : hosts()) {
    if (h.language != language) continue;
    if (!speaker.gender.empty() && h.gender == speaker.gender) return std::move(h);
    if (!first) first = std::move(h);
  }
  return first;
}

void use_voice_registry(std::shared_ptr<const VoiceRegistry> r) {
  const std::lock_guard lock(registry_mutex);
  active_registry = std::move(r);
}

}  // namespace lectio::voices
