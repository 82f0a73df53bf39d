#include <fmt/format.h>

#include <cstdlib>
#include <system_error>

#include "lectio/core/data_dir.h"
#include "lectio/core/error.h"
#include "lectio/core/file.h"
#include "lectio/core/hash.h"
#include "lectio/media/media.h"

namespace fs = std::filesystem;

namespace lectio::media {

namespace {

bool is_extension(std::string_view ext) {
  if (ext.empty() || ext.size() > 8) return false;
  for (const char c : ext) {
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))) return false;
  }
  return true;
}

bool is_hex(std::string_view s) {
  for (const char c : s) {
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  }
  return true;
}

class MediaDir final : public MediaStore {
 public:
  explicit MediaDir(fs::path dir) : dir_(std::move(dir)) { ensure_dir(dir_); }

  std::string put(std::string_view bytes, std::string_view extension) override {
    if (bytes.size() > kMaxObjectBytes) {
      throw InvalidInput(fmt::format("media object of {} bytes: over the limit of {} bytes",
                                     bytes.size(), kMaxObjectBytes));
    }
    const std::string key = content_key(bytes, extension);
    const fs::path target = path_of(key);
    if (fs::exists(target)) return key;  // same name, same bytes
    ensure_dir(target.parent_path());
    write_file_atomic(target, bytes);  // temporary name, fsync, rename, directory fsync
    return key;
  }

  std::string put_file(const fs::path& file, std::string_view extension) override {
    return put(read_file(file, kMaxObjectBytes), extension);
  }

  bool exists(std::string_view key) override { return fs::exists(path_of(checked(key))); }

  std::optional<std::string> get(std::string_view key) override {
    const fs::path path = path_of(checked(key));
    if (!fs::exists(path)) return std::nullopt;
    return read_file(path, kMaxObjectBytes);
  }

  std::optional<fs::path> local_path(std::string_view key) override {
    fs::path path = path_of(checked(key));
    if (!fs::exists(path)) return std::nullopt;
    return path;
  }

  bool remove(std::string_view key) override {
    std::error_code ec;
    const bool removed = fs::remove(path_of(checked(key)), ec);
    if (ec) throw Io(fmt::format("{}: cannot remove {}: {}", dir_.string(), key, ec.message()));
    return removed;
  }

 private:
  static std::string_view checked(std::string_view key) {
    if (!is_key(key)) throw InvalidInput(fmt::format("'{}': not a media key", key));
    return key;
  }
  fs::path path_of(std::string_view key) const {
    return dir_ / std::string(key.substr(0, 2)) / std::string(key);
  }

  fs::path dir_;
};

}  // namespace

std::string content_key(std::string_view bytes, std::string_view extension) {
  if (!is_extension(extension)) {
    throw InvalidInput(
        fmt::format("media extension '{}': not 1-8 lowercase letters or digits", extension));
  }
  return content_hash(bytes) + "." + std::string(extension);
}

bool is_key(std::string_view key) {
  const auto dot = key.find('.');
  return dot == 64 && is_hex(key.substr(0, 64)) && is_extension(key.substr(65));
}

std::unique_ptr<MediaStore> open_media_dir(const fs::path& dir) {
  return std::make_unique<MediaDir>(dir);
}

fs::path resolve_media_dir(const std::optional<std::string>& flag, const fs::path& data_dir) {
  if (flag && !flag->empty()) return fs::path(*flag);
  if (const char* env = std::getenv("LECTIO_MEDIA"); env && *env) return fs::path(env);
  return data_dir / "audio";
}

}  // namespace lectio::media
