#pragma once
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace lectio {

// The data directory: --data DIR, else $LECTIO_DATA, else ./lectio-data.
std::filesystem::path resolve_data_dir(const std::optional<std::string>& flag);

// Creates the directory (and parents) when missing. Throws Io when that fails.
void ensure_dir(const std::filesystem::path& dir);

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
