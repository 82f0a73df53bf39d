#pragma once
#include <filesystem>
#include <optional>
#include <string>

namespace lectio {

// The data directory: --data DIR, else $LECTIO_DATA, else ./lectio-data.
std::filesystem::path resolve_data_dir(const std::optional<std::string>& flag);

// Creates the directory (and parents) when missing. Throws Io when that fails.
void ensure_dir(const std::filesystem::path& dir);

// Writes `bytes` to `target` through a temporary file in the same directory and a rename,
// so that readers never see a half-written file. Throws Io.
void write_file_atomic(const std::filesystem::path& target, std::string_view bytes);

// A new temporary file for `target`: ".<name>.tmp<8 hex>" beside it, created exclusively (mode
// 0644) and locked (flock) for as long as the descriptor is open, so that a writer that died
// (kill -9) can be told from one still writing. The caller owns `fd`. Throws Io naming target.
struct StagedPath {
  int fd = -1;
  std::filesystem::path path;
};
StagedPath open_staged(const std::filesystem::path& target);

// Removes what writers of `target` that died left behind: its temporary files that no live
// process holds locked. Returns how many were removed; never throws.
int remove_abandoned_staged(const std::filesystem::path& target);

// Reads a whole file, refusing files over max_bytes. Throws NotFound, Io or InvalidInput.
std::string read_file(const std::filesystem::path& path, std::uintmax_t max_bytes);

// How a file is recorded in the store: relative to the data directory when inside it, so
// that the directory can move, else absolute. relative_to_data_dir and resolve_in_data_dir
// are inverses.
std::string relative_to_data_dir(const std::filesystem::path& file,
                                 const std::filesystem::path& data_dir);
std::filesystem::path resolve_in_data_dir(const std::string& recorded,
                                          const std::filesystem::path& data_dir);

}  // namespace lectio
