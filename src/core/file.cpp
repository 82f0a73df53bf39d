#include "lectio/core/file.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <random>
#include <thread>

#include "lectio/core/error.h"

namespace fs = std::filesystem;

namespace lectio {

namespace {

[[noreturn]] void throw_io(const fs::path& path, std::string_view what, int err) {
  throw Io(fmt::format("{}: {}: {}", path.string(), what, std::strerror(err)));
}

fs::path parent_of(const fs::path& target) {
  return target.has_parent_path() ? target.parent_path() : fs::path(".");
}

std::string staged_prefix(const fs::path& target) {
  return "." + target.filename().string() + ".tmp";
}

// flock without waiting: true when taken, false while another holds a conflicting lock; any
// other failure leaves its errno for the caller.
bool try_flock(int fd, LockMode mode, int& err) {
  const int op = (mode == LockMode::kShared ? LOCK_SH : LOCK_EX) | LOCK_NB;
  while (::flock(fd, op) != 0) {
    if (errno == EINTR) continue;
    err = errno;
    return false;
  }
  err = 0;
  return true;
}

}  // namespace

void UniqueFd::reset(int fd) noexcept {
  if (fd_ >= 0 && fd_ != fd) ::close(fd_);
  fd_ = fd;
}

void UniqueFd::close(const fs::path& path) {
  // The descriptor is gone whatever close answers (Linux), so it is released first.
  if (fd_ >= 0 && ::close(release()) != 0) throw_io(path, "cannot write", errno);
}

UniqueFd open_fd(const fs::path& path, int flags, unsigned mode) {
  UniqueFd fd(::open(path.c_str(), flags | O_CLOEXEC, static_cast<mode_t>(mode)));
  if (!fd) throw_io(path, "cannot open", errno);
  return fd;
}

FileLock::FileLock(const fs::path& path, LockMode mode)
    : fd_(open_fd(path, O_RDWR | O_CREAT, 0644)) {
  const int op = mode == LockMode::kShared ? LOCK_SH : LOCK_EX;
  while (::flock(fd_.get(), op) != 0) {
    if (errno != EINTR) throw_io(path, "cannot lock", errno);
  }
}

std::optional<FileLock> FileLock::try_lock(const fs::path& path, LockMode mode,
                                           std::chrono::milliseconds timeout) {
  UniqueFd fd = open_fd(path, O_RDWR | O_CREAT, 0644);
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  int err = 0;
  while (!try_flock(fd.get(), mode, err)) {
    if (err != EWOULDBLOCK) throw_io(path, "cannot lock", err);
    if (std::chrono::steady_clock::now() >= deadline) return std::nullopt;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return FileLock(std::move(fd));
}

void sync_directory(const fs::path& dir) {
  const UniqueFd fd = open_fd(dir, O_RDONLY | O_DIRECTORY);
  if (::fsync(fd.get()) != 0 && errno != EINVAL) throw_io(dir, "cannot sync", errno);
}

StagedFile::StagedFile(fs::path target) : target_(std::move(target)) {
  std::random_device rd;
  temp_ = parent_of(target_) / fmt::format("{}{:08x}", staged_prefix(target_), rd());
  fd_.reset(::open(temp_.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0644));
  if (!fd_) fail(errno);
  // A new file nobody else has opened: the lock cannot be held elsewhere.
  if (int err = 0; !try_flock(fd_.get(), LockMode::kExclusive, err)) {
    fd_.reset();
    ::unlink(temp_.c_str());
    fail(err);
  }
}

StagedFile::~StagedFile() {
  fd_.reset();
  if (!committed_) ::unlink(temp_.c_str());
}

void StagedFile::write(const void* data, std::size_t size) {
  const char* p = static_cast<const char*>(data);
  while (size > 0) {
    const ssize_t n = ::write(fd_.get(), p, size);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) fail(errno);
    p += n;
    size -= static_cast<std::size_t>(n);
  }
}

void StagedFile::write_at(std::int64_t offset, const void* data, std::size_t size) {
  const char* p = static_cast<const char*>(data);
  while (size > 0) {
    const ssize_t n = ::pwrite(fd_.get(), p, size, static_cast<off_t>(offset));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) fail(errno);
    p += n;
    offset += n;
    size -= static_cast<std::size_t>(n);
  }
}

void StagedFile::commit() {
  if (::fsync(fd_.get()) != 0) fail(errno);
  // Renamed while still open and locked: remove_abandoned_staged never sees it unlocked.
  if (::rename(temp_.c_str(), target_.c_str()) != 0) fail(errno);
  committed_ = true;
  fd_.close(target_);
  sync_directory(parent_of(target_));
}

void StagedFile::fail(int err) const {
  throw_io(target_, "cannot write", err);
}

void write_file_atomic(const fs::path& target, std::string_view bytes) {
  StagedFile file(target);
  file.write(bytes);
  file.commit();
}

bool remove_regular_file(const fs::path& path) {
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) {
    if (errno == ENOENT || errno == ENOTDIR) return false;
    throw Io(fmt::format("{}: cannot remove: {}", path.string(), std::strerror(errno)));
  }
  if (!S_ISREG(st.st_mode)) return false;
  // unlink(2), not remove(3): should a directory take the name meanwhile, it stays.
  if (::unlink(path.c_str()) == 0) return true;
  if (errno == ENOENT) return false;  // removed by someone else meanwhile
  throw Io(fmt::format("{}: cannot remove: {}", path.string(), std::strerror(errno)));
}

int remove_abandoned_staged(const fs::path& target) {
  const std::string prefix = staged_prefix(target);
  int removed = 0;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(parent_of(target), ec)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind(prefix, 0) != 0 || !entry.is_regular_file(ec)) continue;
    const UniqueFd fd(::open(entry.path().c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW));
    // A lock taken means no writer holds it: the one that made the file is gone.
    if (int err = 0; fd && try_flock(fd.get(), LockMode::kExclusive, err)) {
      removed += ::unlink(entry.path().c_str()) == 0;
    }
  }
  return removed;
}

}  // namespace lectio
