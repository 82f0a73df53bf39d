#include "lectio/core/data_dir.h"

#include <fmt/format.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>

#include "lectio/core/error.h"

namespace fs = std::filesystem;

namespace lectio {

fs::path resolve_data_dir(const std::optional<std::string>& flag) {
  if (flag && !flag->empty()) return fs::path(*flag);
  if (const char* env = std::getenv("LECTIO_DATA"); env && *env) return fs::path(env);
  return fs::path("lectio-data");
}

void ensure_dir(const fs::path& dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) throw Io(fmt::format("{}: cannot create directory: {}", dir.string(), ec.message()));
}

std::string read_file(const fs::path& path, std::uintmax_t max_bytes) {
  std::error_code ec;
  const auto status = fs::status(path, ec);
  if (ec || !fs::exists(status)) throw NotFound(fmt::format("{}: no such file", path.string()));
  if (fs::is_directory(status))
    throw InvalidInput(fmt::format("{}: is a directory", path.string()));
  const auto size = fs::file_size(path, ec);
  if (ec) throw Io(fmt::format("{}: cannot read: {}", path.string(), ec.message()));
  if (size > max_bytes) {
    throw InvalidInput(fmt::format("{}: file is {} bytes, over the limit of {} bytes",
                                   path.string(), size, max_bytes));
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Io(fmt::format("{}: cannot open: {}", path.string(), std::strerror(errno)));
  std::string bytes(static_cast<std::size_t>(size), '\0');
  in.read(bytes.data(), static_cast<std::streamsize>(size));
  if (in.gcount() != static_cast<std::streamsize>(size)) {
    throw Io(fmt::format("{}: short read", path.string()));
  }
  return bytes;
}

std::string relative_to_data_dir(const fs::path& file, const fs::path& data_dir) {
  std::error_code ec;
  const fs::path abs_file = fs::weakly_canonical(fs::absolute(file), ec);
  const fs::path abs_dir = fs::weakly_canonical(fs::absolute(data_dir), ec);
  const fs::path rel = abs_file.lexically_relative(abs_dir);
  if (!rel.empty() && *rel.begin() != "..") return rel.generic_string();
  return abs_file.string();
}

fs::path resolve_in_data_dir(const std::string& recorded, const fs::path& data_dir) {
  const fs::path p(recorded);
  return p.is_absolute() ? p : data_dir / p;
}

}  // namespace lectio
