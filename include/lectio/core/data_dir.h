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

// Reads a whole file, refusing files over max_bytes. Throws NotFound, Io or InvalidInput.
std::string read_file(const std::filesystem::path& path, std::uintmax_t max_bytes);

}  // namespace lectio
