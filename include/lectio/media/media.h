#pragma once
// Where audio and other published files live: objects named by their content, so a name never
// changes meaning and a writer never replaces a file a reader is using. A directory (local, or a
// shared filesystem in a fleet) implements it today; an S3-compatible bucket can implement the
// same interface. Implementations are safe to use from several processes at once.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace lectio::media {

// The largest object accepted, in bytes.
inline constexpr std::uintmax_t kMaxObjectBytes = std::uintmax_t{1} << 30;

// A key is "<64 hex digits of BLAKE2b-256>.<extension>", e.g. "3fa9….mp3".
// Throws InvalidInput for an extension that is not 1-8 lowercase letters or digits.
std::string content_key(std::string_view bytes, std::string_view extension);
// Whether a string is a well-formed key (so that it may be used in a path or a URL).
bool is_key(std::string_view key);

class MediaStore {
 public:
  virtual ~MediaStore() = default;
  // Stores bytes under their content key and returns it; storing the same bytes again is a
  // no-op. A reader never sees a partial object. Throws Io, InvalidInput over the size limit.
  virtual std::string put(std::string_view bytes, std::string_view extension) = 0;
  // Stores a file's bytes (read whole, at most kMaxObjectBytes). Throws NotFound, Io.
  virtual std::string put_file(const std::filesystem::path& file, std::string_view extension) = 0;
  virtual bool exists(std::string_view key) = 0;
  // The object's bytes; std::nullopt when missing. Throws InvalidInput for a malformed key.
  virtual std::optional<std::string> get(std::string_view key) = 0;
  // A local file holding the object, for sendfile-style serving; std::nullopt when missing or
  // when the store has no local files.
  virtual std::optional<std::filesystem::path> local_path(std::string_view key) = 0;
  // Deletes an object; false when there was none.
  virtual bool remove(std::string_view key) = 0;
};

// Objects as files in a directory, fanned out by the first two hex digits (DIR/3f/3fa9….mp3),
// written to a temporary name, fsynced and renamed. Creates the directory. Throws Io.
std::unique_ptr<MediaStore> open_media_dir(const std::filesystem::path& dir);

// The media directory: --media DIR, else $LECTIO_MEDIA, else <data_dir>/audio.
std::filesystem::path resolve_media_dir(const std::optional<std::string>& flag,
                                        const std::filesystem::path& data_dir);

}  // namespace lectio::media
