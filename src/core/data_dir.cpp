#include "lectio/core/data_dir.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/file.h>
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

std::string staged_prefix(const fs::path& target) {
  return "." + target.filename().string() + ".tmp";
}

}  // namespace

StagedPath open_staged(const fs::path& target) {
  const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  std::random_device rd;
  StagedPath staged;
  staged.path = dir / fmt::format("{}{:08x}", staged_prefix(target), rd());
  staged.fd = ::open(staged.path.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (staged.fd < 0 || ::flock(staged.fd, LOCK_EX | LOCK_NB) != 0) {
    const int err = errno;
    if (staged.fd >= 0) {
      ::close(staged.fd);
      ::unlink(staged.path.c_str());
    }
    throw Io(fmt::format("{}: cannot write: {}", target.string(), std::strerror(err)));
  }
  return staged;
}

int remove_abandoned_staged(const fs::path& target) {
  const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  const std::string prefix = staged_prefix(target);
  int removed = 0;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind(prefix, 0) != 0 || !entry.is_regular_file(ec)) continue;
    Fd fd(::open(entry.path().c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW));
    // A lock taken means no writer holds it: the one that made the file is gone.
    if (fd.get() >= 0 && ::flock(fd.get(), LOCK_EX | LOCK_NB) == 0) {
      removed += ::unlink(entry.path().c_str()) == 0;
    }
  }
  return removed;
}

void write_file_atomic(const fs::path& target, std::string_view bytes) {
  const StagedPath staged = open_staged(target);
  const fs::path& tmp = staged.path;
  Fd fd(staged.fd);
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
  // Renamed while still open and locked: remove_abandoned_staged never sees it unlocked.
  if (::rename(tmp.c_str(), target.c_str()) != 0) fail(errno);
  if (::close(fd.release()) != 0) {
    throw Io(fmt::format("{}: cannot write: {}", target.string(), std::strerror(errno)));
  }
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
