#pragma once
// Registered host voices: the voices a user adds (`lectio voices add`), kept in the data
// directory. A small interface, so that a database can hold them later; today's
// implementation is one JSON file, <data>/voices.json, replaced atomically on every change.
#include <filesystem>
#include <memory>
#include <string_view>
#include <vector>

#include "lectio/voices/hosts.h"

namespace lectio::voices {

class VoiceRegistry {
 public:
  virtual ~VoiceRegistry() = default;
  // The registered voices, in registration order. Sees changes made by other processes.
  // Throws Io or InvalidInput when the stored registry cannot be read.
  virtual std::vector<Host> voices() const = 0;
  // Registers a voice. Throws InvalidInput when it is not valid (check_voice) or its name is
  // taken (built in or registered); Io when it cannot be stored.
  virtual void add(const Host& voice) = 0;
  // Removes a registered voice; false when there is none of that name (case-insensitive).
  // Throws InvalidInput for a built-in voice, Io when the change cannot be stored.
  virtual bool remove(std::string_view name) = 0;
};

// The registry of a data directory (<data>/voices.json; a missing file is an empty registry).
// Thread-safe.
std::unique_ptr<VoiceRegistry> open_voice_registry(const std::filesystem::path& data_dir);

// Chooses the registry whose voices hosts(), find_host() and default_host() add to the
// built-in ones, for the whole process (nullptr: built-in voices only). The command line sets
// it from --data before a command runs; an embedding program (the web server's tests) sets it
// itself.
void use_voice_registry(std::shared_ptr<const VoiceRegistry> registry);

// Throws InvalidInput, naming the field, unless the voice can be registered: a name of 1-32
// letters, digits, '-' or '_'; language en or zh; gender female, male or empty; engine
// openai-speech with an http(s) base URL, a model and a voice; speed 0.25-4; format wav, pcm,
// flac, mp3 or opus; sample rate 8000-192000 Hz; concurrency 1-32; timeout 1-600 s.
void check_voice(const Host& voice);

}  // namespace lectio::voices
