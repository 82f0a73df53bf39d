// Files on disk with real files in a temporary directory: descriptors closed on destruction,
// locks that exclude other descriptors and other processes (and die with their holder),
// directory sync, staged files and atomic replacement, also when the write fails.
#include "lectio/core/file.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>

#include "lectio/core/error.h"
#include "support/temp_dir.h"
#include "support/unprivileged.h"

namespace lectio {
namespace {

namespace fs = std::filesystem;
using std::chrono::milliseconds;
using testing::TempDir;

bool is_open(int fd) {
  return ::fcntl(fd, F_GETFD) != -1;
}

int count_entries(const fs::path& dir) {
  int entries = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir)) ++entries;
  return entries;
}

// Runs `body` in a child process that ends without running destructors, as a process killed
// mid-way does; returns once it has ended.
template <typename Body>
void in_child_that_dies(Body body) {
  const pid_t pid = ::fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    body();
    ::_exit(0);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

TEST(UniqueFdTest, ClosesOnDestructionAndMovesOwnership) {
  TempDir dir;
  const fs::path file = dir.write("f", "x");
  int raw = -1;
  {
    UniqueFd fd = open_fd(file, O_RDONLY);
    raw = fd.get();
    ASSERT_TRUE(is_open(raw));
    UniqueFd moved = std::move(fd);
    EXPECT_FALSE(fd);  // NOLINT(bugprone-use-after-move): the moved-from state is the point
    EXPECT_EQ(moved.get(), raw);
    EXPECT_TRUE(is_open(raw)) << "a move closes nothing";
  }
  EXPECT_FALSE(is_open(raw)) << "closed when its owner went";

  UniqueFd fd = open_fd(file, O_RDONLY);
  const int released = fd.release();
  fd.reset();
  EXPECT_TRUE(is_open(released)) << "released: the caller's to close";
  ::close(released);

  UniqueFd assigned = open_fd(file, O_RDONLY);
  const int first = assigned.get();
  assigned = open_fd(file, O_RDONLY);
  EXPECT_FALSE(is_open(first)) << "assignment closes the descriptor it replaces";
  assigned.close(file);
  EXPECT_FALSE(assigned);
}

TEST(UniqueFdTest, OpenFailureThrowsIoNamingPathAndReason) {
  TempDir dir;
  const fs::path missing = dir.path() / "missing.txt";
  try {
    open_fd(missing, O_RDONLY);
    FAIL() << "expected Io";
  } catch (const Io& e) {
    EXPECT_NE(std::string(e.what()).find(missing.string()), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("No such file"), std::string::npos) << e.what();
  }
}

TEST(FileLockTest, ExclusiveLockExcludesAnotherDescriptorUntilReleased) {
  TempDir dir;
  const fs::path path = dir.path() / "lock";
  {
    const FileLock held(path);
    EXPECT_TRUE(fs::exists(path)) << "created when missing";
    EXPECT_FALSE(FileLock::try_lock(path));
    EXPECT_FALSE(FileLock::try_lock(path, LockMode::kShared));
  }
  EXPECT_TRUE(FileLock::try_lock(path));
}

TEST(FileLockTest, SharedLocksCoexistAndKeepExclusiveOut) {
  TempDir dir;
  const fs::path path = dir.path() / "lock";
  const FileLock first(path, LockMode::kShared);
  const auto second = FileLock::try_lock(path, LockMode::kShared);
  EXPECT_TRUE(second);
  EXPECT_FALSE(FileLock::try_lock(path, LockMode::kExclusive));
}

TEST(FileLockTest, WaitsForTheHolderWithinTheTimeoutAndGivesUpAfterIt) {
  TempDir dir;
  const fs::path path = dir.path() / "lock";
  auto held = std::make_optional<FileLock>(path);

  const auto start = std::chrono::steady_clock::now();
  EXPECT_FALSE(FileLock::try_lock(path, LockMode::kExclusive, milliseconds(100)));
  EXPECT_GE(std::chrono::steady_clock::now() - start, milliseconds(100));

  std::atomic<bool> released = false;
  std::thread holder([&] {
    std::this_thread::sleep_for(milliseconds(150));
    released = true;
    held.reset();
  });
  const auto waited = FileLock::try_lock(path, LockMode::kExclusive, milliseconds(10000));
  EXPECT_TRUE(waited);
  EXPECT_TRUE(released) << "taken only once the holder let go";
  holder.join();
}

TEST(FileLockTest, BlockingLockWaitsForTheHolder) {
  TempDir dir;
  const fs::path path = dir.path() / "lock";
  auto held = std::make_optional<FileLock>(path, LockMode::kShared);
  std::atomic<bool> released = false;
  std::thread holder([&] {
    std::this_thread::sleep_for(milliseconds(150));
    released = true;
    held.reset();
  });
  const FileLock mine(path);
  EXPECT_TRUE(released);
  holder.join();
}

// The lock of another process keeps this one out, and is gone once that process is killed.
TEST(FileLockTest, ExcludesAnotherProcessAndDiesWithIt) {
  TempDir dir;
  const fs::path path = dir.path() / "lock";
  int ready[2];
  ASSERT_EQ(::pipe(ready), 0);
  const pid_t pid = ::fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    const FileLock held(path);
    const char byte = 1;
    (void)!::write(ready[1], &byte, 1);
    for (;;) ::pause();  // until killed
  }
  ::close(ready[1]);
  char byte = 0;
  ASSERT_EQ(::read(ready[0], &byte, 1), 1);
  ::close(ready[0]);
  EXPECT_FALSE(FileLock::try_lock(path));
  ::kill(pid, SIGKILL);
  int status = 0;
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  EXPECT_TRUE(FileLock::try_lock(path)) << "a killed holder leaves no lock";
}

TEST(SyncDirectoryTest, SyncsADirectoryAndNamesOneThatIsMissing) {
  TempDir dir;
  EXPECT_NO_THROW(sync_directory(dir.path()));
  const fs::path missing = dir.path() / "gone";
  try {
    sync_directory(missing);
    FAIL() << "expected Io";
  } catch (const Io& e) {
    EXPECT_NE(std::string(e.what()).find(missing.string()), std::string::npos) << e.what();
  }
}

TEST(AtomicWriteTest, ReplacesWholeFileAndLeavesNoTemporaries) {
  TempDir dir;
  const fs::path target = dir.path() / "out.txt";
  write_file_atomic(target, "first");
  write_file_atomic(target, "second version");
  EXPECT_EQ(testing::slurp(target), "second version");
  EXPECT_EQ(count_entries(dir.path()), 1);
}

TEST(AtomicWriteTest, UnwritableDirectoryThrowsIoAndKeepsOldFile) {
  TempDir dir;
  const fs::path target = dir.path() / "out.txt";
  write_file_atomic(target, "kept");
  ::chmod(dir.path().c_str(), 0500);
  // Root ignores directory permissions; the write is tried without that privilege.
  EXPECT_EQ(testing::run_unprivileged([&] { EXPECT_THROW(write_file_atomic(target, "lost"), Io); }),
            0);
  ::chmod(dir.path().c_str(), 0700);
  EXPECT_EQ(testing::slurp(target), "kept");
  EXPECT_EQ(count_entries(dir.path()), 1);
}

TEST(AtomicWriteTest, MissingDirectoryThrowsIo) {
  TempDir dir;
  EXPECT_THROW(write_file_atomic(dir.path() / "no" / "such" / "f", "x"), Io);
}

// The rename fails (a directory is in the way): the error names the target, what was there
// stays, and the staged file is gone.
TEST(AtomicWriteTest, FailedRenameRemovesTheStagedFile) {
  TempDir dir;
  const fs::path target = dir.path() / "taken";
  fs::create_directory(target);
  try {
    write_file_atomic(target, "bytes");
    FAIL() << "expected Io";
  } catch (const Io& e) {
    EXPECT_NE(std::string(e.what()).find(target.string()), std::string::npos) << e.what();
  }
  EXPECT_TRUE(fs::is_directory(target));
  EXPECT_EQ(count_entries(dir.path()), 1);
}

TEST(StagedFileTest, CommitPublishesWhatWasWrittenAndOverwritten) {
  TempDir dir;
  const fs::path target = dir.write("talk.mp3", "old");
  StagedFile file(target);
  EXPECT_EQ(file.temp().parent_path(), target.parent_path());
  EXPECT_EQ(file.temp().filename().string().rfind(".talk.mp3.tmp", 0), 0u);
  file.write("hello world");
  file.write_at(0, "J", 1);
  EXPECT_EQ(testing::slurp(target), "old") << "the target is untouched until the commit";
  file.commit();
  EXPECT_EQ(testing::slurp(target), "Jello world");
  EXPECT_FALSE(fs::exists(file.temp()));
  EXPECT_EQ(count_entries(dir.path()), 1);
}

TEST(StagedFileTest, UncommittedFileIsRemovedAndTargetKept) {
  TempDir dir;
  const fs::path target = dir.write("talk.mp3", "old");
  fs::path temp;
  {
    StagedFile file(target);
    temp = file.temp();
    file.write("half");
    EXPECT_TRUE(fs::exists(temp));
  }
  EXPECT_FALSE(fs::exists(temp));
  EXPECT_EQ(testing::slurp(target), "old");
}

// A staged file is removed only once its writer is gone (its lock released), never while it
// writes, and only the staged files of the target named.
TEST(StagedFileTest, AbandonedStagedFilesAreRemovedLiveOnesKept) {
  TempDir dir;
  const fs::path target = dir.path() / "talk.mp3";
  const fs::path other = dir.path() / "talk.mp3x";
  auto live = std::make_optional<StagedFile>(target);
  in_child_that_dies([&] {
    StagedFile dead(target);  // never destroyed: the file stays, its lock goes with the process
    StagedFile other_dead(other);
    dead.write("half");
    ::_exit(0);
  });
  EXPECT_EQ(count_entries(dir.path()), 3);
  EXPECT_EQ(remove_abandoned_staged(target), 1);
  EXPECT_TRUE(fs::exists(live->temp()));
  EXPECT_EQ(count_entries(dir.path()), 2) << "another target's staged file stays";
  EXPECT_EQ(remove_abandoned_staged(other), 1);
  live.reset();
  EXPECT_EQ(count_entries(dir.path()), 0);
  EXPECT_EQ(remove_abandoned_staged(dir.path() / "missing" / "x.mp3"), 0);
}

TEST(RemoveRegularFileTest, RemovesFilesOnlyNeverADirectoryOrASymlinksTarget) {
  TempDir dir;
  const fs::path file = dir.write("a.mp3", "x");
  EXPECT_TRUE(remove_regular_file(file));
  EXPECT_FALSE(fs::exists(file));
  EXPECT_FALSE(remove_regular_file(file)) << "gone: nothing to remove";
  EXPECT_FALSE(remove_regular_file(dir.path() / "no" / "such.mp3"));

  const fs::path sub = dir.path() / "sub";
  fs::create_directory(sub);
  EXPECT_FALSE(remove_regular_file(sub));
  EXPECT_TRUE(fs::is_directory(sub));
  const fs::path target = dir.write("target.mp3", "kept");
  const fs::path link = dir.path() / "link.mp3";
  fs::create_symlink(target, link);
  EXPECT_FALSE(remove_regular_file(link));
  EXPECT_TRUE(fs::is_symlink(link));
  EXPECT_EQ(testing::slurp(target), "kept");
}

TEST(RemoveRegularFileTest, AFileThatCannotBeRemovedThrowsIoNamingIt) {
  TempDir dir;
  const fs::path file = dir.write("kept.mp3", "x");
  ::chmod(dir.path().c_str(), 0500);
  // Root ignores directory permissions; the removal is tried without that privilege.
  EXPECT_EQ(testing::run_unprivileged([&] {
              try {
                remove_regular_file(file);
                ADD_FAILURE() << "removed from a read-only directory";
              } catch (const Io& e) {
                EXPECT_NE(std::string(e.what()).find("kept.mp3: cannot remove"), std::string::npos)
                    << e.what();
              }
            }),
            0);
  ::chmod(dir.path().c_str(), 0700);
  EXPECT_TRUE(fs::exists(file));
}

}  // namespace
}  // namespace lectio
