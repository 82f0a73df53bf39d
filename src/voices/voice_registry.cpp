// The file-backed voice registry: <data>/voices.json, validated on every read, replaced
// atomically on every change, and changed under an advisory lock so that two processes adding
// voices at once both land.
#include "lectio/voices/voice_registry.h"

#include <fmt/format.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <mutex>
#include <nlohmann/json.hpp>
#include <regex>

#include "lectio/core/data_dir.h"
#include "lectio/core/error.h"
#include "lectio/core/file.h"

namespace lectio::voices {

namespace {

namespace fs = std::filesystem;
using json = nlohmann::ordered_json;

constexpr std::uintmax_t kMaxRegistryBytes = 1 << 20;
constexpr int kRegistryVersion = 1;

json to_json(const Host& h) {
  const SpeechServer& s = *h.server;
  return {{"name", h.name},
          {"language", h.language},
          {"gender", h.gender},
          {"engine", h.engine},
          {"voice", h.voice},
          {"speed", h.rate},
          {"description", h.description},
          {"base_url", s.base_url},
          {"model", s.model},
          {"format", s.format},
          {"sample_rate", s.sample_rate},
          {"concurrency", s.concurrency},
          {"timeout", s.timeout}};
}

Host from_json(const json& j) {
  Host h;
  SpeechServer s;
  h.name = j.at("name").get<std::string>();
  h.language = j.at("language").get<std::string>();
  h.gender = j.value("gender", "");
  h.engine = j.at("engine").get<std::string>();
  h.voice = j.at("voice").get<std::string>();
  h.rate = j.value("speed", 1.0);
  h.description = j.value("description", "");
  s.base_url = j.at("base_url").get<std::string>();
  s.model = j.at("model").get<std::string>();
  s.format = j.value("format", s.format);
  s.sample_rate = j.value("sample_rate", s.sample_rate);
  s.concurrency = j.value("concurrency", s.concurrency);
  s.timeout = j.value("timeout", s.timeout);
  h.server = s;
  return h;
}

std::vector<Host> parse_registry(const fs::path& file, const std::string& bytes) {
  std::vector<Host> out;
  try {
    const json doc = json::parse(bytes);
    if (doc.value("version", 0) != kRegistryVersion) {
      throw InvalidInput(
          fmt::format("{}: not a version {} voice registry", file.string(), kRegistryVersion));
    }
    for (const json& v : doc.at("voices")) {
      Host h = from_json(v);
      check_voice(h);
      out.push_back(std::move(h));
    }
  } catch (const json::exception& e) {
    throw InvalidInput(fmt::format("{}: not a voice registry: {}", file.string(), e.what()));
  } catch (const InvalidInput& e) {
    throw InvalidInput(fmt::format("{}: {}", file.string(), e.what()));
  }
  return out;
}

class FileVoiceRegistry final : public VoiceRegistry {
 public:
  explicit FileVoiceRegistry(fs::path data_dir)
      : dir_(std::move(data_dir)), file_(dir_ / "voices.json") {}

  std::vector<Host> voices() const override {
    const std::lock_guard lock(mutex_);
    return load();
  }

  void add(const Host& voice) override {
    check_voice(voice);
    for (const Host& h : builtin_hosts()) {
      if (same_host_name(h.name, voice.name)) {
        throw InvalidInput(fmt::format("voice '{}': the name of a built-in voice", voice.name));
      }
    }
    const std::lock_guard lock(mutex_);
    ensure_dir(dir_);
    const FileLock change(dir_ / ".voices.lock");  // against other processes
    std::vector<Host> all = load();
    for (const Host& h : all) {
      if (same_host_name(h.name, voice.name)) {
        throw InvalidInput(
            fmt::format("voice '{}': already registered (remove it first)", voice.name));
      }
    }
    all.push_back(voice);
    store(all);
  }

  bool remove(std::string_view name) override {
    for (const Host& h : builtin_hosts()) {
      if (same_host_name(h.name, name)) {
        throw InvalidInput(fmt::format("voice '{}': built in, cannot be removed", h.name));
      }
    }
    const std::lock_guard lock(mutex_);
    if (!fs::exists(file_)) return false;
    const FileLock change(dir_ / ".voices.lock");  // against other processes
    std::vector<Host> all = load();
    const auto gone =
        std::erase_if(all, [&](const Host& h) { return same_host_name(h.name, name); });
    if (gone == 0) return false;
    store(all);
    return true;
  }

 private:
  // The registry as stored now; re-read only when the file changed (another process), so
  // that the web server's lookups cost a stat. Caller holds mutex_.
  std::vector<Host> load() const {
    struct stat st {};
    if (::stat(file_.c_str(), &st) != 0) {
      if (errno != ENOENT) {
        throw Io(fmt::format("{}: cannot read: {}", file_.string(), std::strerror(errno)));
      }
      cached_.clear();
      stamp_ = {};
      return {};
    }
    // Every change is a rename onto the file, so a new inode marks it even within one tick.
    const Stamp now{st.st_ino, st.st_mtim.tv_sec, st.st_mtim.tv_nsec, st.st_size};
    if (now != stamp_) {
      cached_ = parse_registry(file_, read_file(file_, kMaxRegistryBytes));
      stamp_ = now;
    }
    return cached_;
  }

  void store(const std::vector<Host>& all) {
    json doc = {{"version", kRegistryVersion}, {"voices", json::array()}};
    for (const Host& h : all) doc["voices"].push_back(to_json(h));
    write_file_atomic(file_, doc.dump(2) + "\n");
    stamp_ = {};  // the next read parses what was written
  }

  struct Stamp {  // of the file last parsed; all zero: none
    ino_t inode = 0;
    time_t seconds = 0;
    long nanoseconds = 0;
    off_t size = 0;
    bool operator==(const Stamp&) const = default;
  };

  fs::path dir_;
  fs::path file_;
  mutable std::mutex mutex_;  // guards cached_, stamp_
  mutable std::vector<Host> cached_;
  mutable Stamp stamp_;
};

void require(bool ok, const Host& v, std::string_view field, std::string_view why) {
  if (!ok) {
    throw InvalidInput(fmt::format("voice '{}': {}: {}", v.name, field, why));
  }
}

}  // namespace

std::unique_ptr<VoiceRegistry> open_voice_registry(const fs::path& data_dir) {
  return std::make_unique<FileVoiceRegistry>(data_dir);
}

void check_voice(const Host& v) {
  static const std::regex kName("[A-Za-z0-9_-]{1,32}");
  if (!std::regex_match(v.name, kName)) {
    throw InvalidInput(
        fmt::format("voice name '{}': must be 1-32 letters, digits, '-' or '_'", v.name));
  }
  require(v.language == "en" || v.language == "zh", v, "language", "must be en or zh");
  require(v.gender.empty() || v.gender == "female" || v.gender == "male", v, "gender",
          "must be female or male");
  require(v.engine == "openai-speech" && v.server.has_value(), v, "engine",
          "must be openai-speech");
  require(!v.voice.empty() && v.voice.size() <= 200, v, "voice", "must be 1-200 characters");
  require(v.rate >= 0.25 && v.rate <= 4, v, "speed", "must be 0.25-4");
  require(v.description.size() <= 200, v, "description", "must be at most 200 characters");
  const SpeechServer& s = *v.server;
  static const std::regex kUrl(R"(https?://[^/\s?#]+(/[^\s?#]*)?)");
  require(std::regex_match(s.base_url, kUrl) && s.base_url.back() != '/', v, "base URL",
          "must be http(s)://host[:port][/path] without a trailing '/'");
  require(!s.model.empty() && s.model.size() <= 200, v, "model", "must be 1-200 characters");
  require(s.format == "wav" || s.format == "pcm" || s.format == "flac" || s.format == "mp3" ||
              s.format == "opus",
          v, "format", "must be wav, pcm, flac, mp3 or opus");
  require(s.sample_rate >= 8000 && s.sample_rate <= 192000, v, "sample rate",
          "must be 8000-192000 Hz");
  require(s.concurrency >= 1 && s.concurrency <= 32, v, "concurrency", "must be 1-32");
  require(s.timeout >= 1 && s.timeout <= 600, v, "timeout", "must be 1-600 seconds");
}

}  // namespace lectio::voices
