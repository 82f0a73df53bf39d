#pragma once
// A file written under a hidden temporary name beside its final path and renamed into place
// only when complete, so the final name never holds a half-written file. Header-only: the
// encoders (mp3_writer.cpp, opus_writer.cpp) are its only users.
#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string_view>

#include "lectio/core/data_dir.h"
#include "lectio/core/error.h"

namespace lectio::speech {

class StagedFile {
 public:
  // Creates the temporary file (exclusively, mode 0644). Throws Io naming `target` when the
  // directory is missing or not writable.
  // Locked while open (open_staged), so a render can clear what a killed one left.
  explicit StagedFile(std::filesystem::path target) : target_(std::move(target)) {
    StagedPath staged = open_staged(target_);
    fd_ = staged.fd;
    temp_ = std::move(staged.path);
  }

  // Never throws: an uncommitted file is removed.
  ~StagedFile() {
    if (fd_ >= 0) ::close(fd_);
    if (!committed_) ::unlink(temp_.c_str());
  }

  StagedFile(const StagedFile&) = delete;
  StagedFile& operator=(const StagedFile&) = delete;

  const std::filesystem::path& temp() const { return temp_; }
  const std::filesystem::path& target() const { return target_; }

  // Appends bytes at the current offset. Throws Io.
  void write(const void* data, std::size_t size) {
    const char* p = static_cast<const char*>(data);
    while (size > 0) {
      const ssize_t n = ::write(fd_, p, size);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) fail(errno);
      p += n;
      size -= static_cast<std::size_t>(n);
    }
  }

  // Overwrites bytes at `offset` (the MP3 LAME tag frame goes back to the start). Throws Io.
  void write_at(off_t offset, const void* data, std::size_t size) {
    const char* p = static_cast<const char*>(data);
    while (size > 0) {
      const ssize_t n = ::pwrite(fd_, p, size, offset);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) fail(errno);
      p += n;
      offset += n;
      size -= static_cast<std::size_t>(n);
    }
  }

  // Flushes to disk and renames over the target (atomically replacing an existing file).
  // Other writers (TagLib) may have changed the file by path; fsync on this descriptor
  // covers them too, since it is the same inode. Throws Io.
  void commit() {
    if (::fsync(fd_) != 0) fail(errno);
    // Renamed while still open and locked: remove_abandoned_staged never sees it unlocked.
    if (::rename(temp_.c_str(), target_.c_str()) != 0) fail(errno);
    committed_ = true;
    const int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0) fail(errno);
  }

  [[noreturn]] void fail(int err) const {
    throw Io(fmt::format("{}: cannot write: {}", target_.string(), std::strerror(err)));
  }

 private:
  std::filesystem::path target_;
  std::filesystem::path temp_;
  int fd_ = -1;
  bool committed_ = false;
};

}  // namespace lectio::speech
