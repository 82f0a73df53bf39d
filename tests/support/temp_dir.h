#pragma once
// Test helpers: a temporary directory removed at scope end, and fixture paths.
#include <filesystem>
#include <string>
#include <string_view>

namespace lectio::testing {

class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }
  // Writes a file below the directory and returns its path.
  std::filesystem::path write(const std::string& name, std::string_view bytes) const;
  // Writes `bytes` to any path (used to refresh golden files).
  static void write_to(const std::filesystem::path& path, std::string_view bytes);

 private:
  std::filesystem::path path_;
};

// The repository root (from LECTIO_SOURCE_DIR).
std::filesystem::path source_dir();

// Reads a whole file as bytes.
std::string slurp(const std::filesystem::path& path);

}  // namespace lectio::testing
