#include "lectio/core/data_dir.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <random>

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

namespace {

// Owns a POSIX file descriptor.
class Fd {
 public:
  explicit Fd(int fd) : fd_(fd) {}
  ~Fd() {
    if (fd_ >= 0) ::close(fd_);
  }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  int get() const { return fd_; }
  int release() {
    int fd = fd_;
    fd_ = -1;
    return fd;
  }

 private:
  int fd_;
};

}  // namespace

void write_file_atomic(const fs::path& target, std::string_view bytes) {
  const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  std::random_device rd;
  const fs::path tmp = dir / fmt::format(".{}.tmp{:08x}", target.filename().string(), rd());
  Fd fd(::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644));
  if (fd.get() < 0) {
    throw Io(fmt::format("{}: cannot write: {}", target.string(), std::strerror(errno)));
  }
  auto fail = [&](int err) {
    ::unlink(tmp.c_str());
    throw Io(fmt::format("{}: cannot write: {}", target.string(), std::strerror(err)));
  };
  const char* p = bytes.data();
  std::size_t left = bytes.size();
  while (left > 0) {
    const ssize_t n = ::write(fd.get(), p, left);
    if (n < 0) {
      if (errno == EINTR) continue;
      fail(errno);
    }
    p += n;
    left -= static_cast<std::size_t>(n);
  }
  if (::fsync(fd.get()) != 0) fail(errno);
  if (::close(fd.release()) != 0) fail(errno);
  if (::rename(tmp.c_str(), target.c_str()) != 0) fail(errno);
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
