#pragma once
// Files on disk, written one way everywhere: an owned descriptor, an advisory lock, a durable
// directory entry, and files that readers never see half-written (staged beside their final
// name and renamed into place). Every function throws Io naming the path and the reason.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string_view>

namespace lectio {

// Owns a POSIX file descriptor (-1: none) and closes it on destruction, where a failure cannot
// be reported; close() reports it. Move-only.
class UniqueFd {
 public:
  UniqueFd() = default;
  explicit UniqueFd(int fd) noexcept : fd_(fd) {}
  ~UniqueFd() { reset(); }
  UniqueFd(UniqueFd&& other) noexcept : fd_(other.release()) {}
  UniqueFd& operator=(UniqueFd&& other) noexcept {
    if (this != &other) reset(other.release());
    return *this;
  }
  UniqueFd(const UniqueFd&) = delete;
  UniqueFd& operator=(const UniqueFd&) = delete;

  int get() const noexcept { return fd_; }
  explicit operator bool() const noexcept { return fd_ >= 0; }
  // Gives up ownership: the caller closes the descriptor returned.
  int release() noexcept {
    const int fd = fd_;
    fd_ = -1;
    return fd;
  }
  // Closes the descriptor held (ignoring errors) and takes `fd`.
  void reset(int fd = -1) noexcept;
  // Closes the descriptor now; a failure (a delayed write error) throws Io naming `path`.
  void close(const std::filesystem::path& path);

 private:
  int fd_ = -1;
};

// Opens `path` with open(2) `flags` (O_CLOEXEC is added) and, when creating, `mode`. Throws Io
// naming the path.
UniqueFd open_fd(const std::filesystem::path& path, int flags, unsigned mode = 0644);

enum class LockMode { kShared, kExclusive };

// An advisory lock (flock(2)) on a whole file, held while the object lives. The lock belongs to
// the open file, not the process: two FileLocks on one path conflict even within one thread
// (so a thread must never wait for a lock it holds), and the kernel drops a lock whose holder
// died, so a killed process never leaves one behind. Move-only.
class FileLock {
 public:
  // Opens `path`, creating it (mode 0644) when missing, and locks it, waiting as long as
  // another holds a conflicting lock. Throws Io.
  explicit FileLock(const std::filesystem::path& path, LockMode mode = LockMode::kExclusive);

  // The same, waiting at most `timeout` (flock has no timeout: polled every 10 ms); nullopt
  // when a conflicting lock is still held then. Throws Io.
  static std::optional<FileLock> try_lock(
      const std::filesystem::path& path, LockMode mode = LockMode::kExclusive,
      std::chrono::milliseconds timeout = std::chrono::milliseconds(0));

  // The locked descriptor, open for reading and writing.
  int fd() const { return fd_.get(); }

 private:
  explicit FileLock(UniqueFd fd) : fd_(std::move(fd)) {}
  UniqueFd fd_;
};

// Makes the entries of directory `dir` durable (fsync of the directory), so that a file
// renamed or created in it is still there after a crash. A file system that cannot sync a
// directory (EINVAL) is left as it is. Throws Io.
void sync_directory(const std::filesystem::path& dir);

// A file written under a temporary name beside `target` and renamed over it only when
// complete, so that `target` never holds a half-written file. The temporary,
// ".<name>.tmp<8 hex>", is created exclusively (mode 0644) and locked for as long as it is
// open, so that remove_abandoned_staged can tell a writer that died (kill -9) from one still
// writing. Destruction removes an uncommitted file and never throws. Not thread-safe.
class StagedFile {
 public:
  // Throws Io naming `target` when its directory is missing or not writable.
  explicit StagedFile(std::filesystem::path target);
  ~StagedFile();
  StagedFile(const StagedFile&) = delete;
  StagedFile& operator=(const StagedFile&) = delete;

  const std::filesystem::path& temp() const { return temp_; }
  const std::filesystem::path& target() const { return target_; }

  // Appends bytes at the current offset. Throws Io.
  void write(const void* data, std::size_t size);
  void write(std::string_view bytes) { write(bytes.data(), bytes.size()); }
  // Overwrites bytes at `offset` (the MP3 LAME tag frame goes back to the start). Throws Io.
  void write_at(std::int64_t offset, const void* data, std::size_t size);

  // Flushes the file to disk, renames it over the target (atomically replacing an existing
  // file) and syncs the directory: once this returns, the new content survives a crash.
  // Writers that changed the temporary by path (TagLib) are covered, as it is the same inode.
  // Throws Io; the target then holds either its old or its new content.
  void commit();

 private:
  [[noreturn]] void fail(int err) const;

  std::filesystem::path target_;
  std::filesystem::path temp_;
  UniqueFd fd_;
  bool committed_ = false;
};

// Replaces `target` with `bytes` through a StagedFile: readers see the old content or the new,
// never a part, and the new content is durable once this returns. Throws Io.
void write_file_atomic(const std::filesystem::path& target, std::string_view bytes);

// Removes `path` when it is a regular file, and nothing else: never a directory, and a symlink
// neither it nor what it points to (whatever else sits under the name is not the caller's
// file). Returns whether a file was removed; false when there was none. Throws Io naming the
// path when the file is there but cannot be removed.
bool remove_regular_file(const std::filesystem::path& path);

// Removes what writers of `target` that died left behind: its staged files that no live
// process holds locked. Returns how many were removed; never throws.
int remove_abandoned_staged(const std::filesystem::path& target);

}  // namespace lectio
