#include "lectio/core/data_dir.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>

#include "lectio/core/error.h"
#include "support/temp_dir.h"
#include "support/unprivileged.h"

namespace fs = std::filesystem;

namespace lectio {

TEST(DataDirTest, FlagBeatsEnvironmentBeatsDefault) {
  ::setenv("LECTIO_DATA", "/tmp/from-env", 1);
  EXPECT_EQ(resolve_data_dir(std::string("/tmp/from-flag")), fs::path("/tmp/from-flag"));
  EXPECT_EQ(resolve_data_dir(std::nullopt), fs::path("/tmp/from-env"));
  ::unsetenv("LECTIO_DATA");
  EXPECT_EQ(resolve_data_dir(std::nullopt), fs::path("lectio-data"));
}

TEST(AtomicWriteTest, ReplacesWholeFileAndLeavesNoTemporaries) {
  testing::TempDir dir;
  const fs::path target = dir.path() / "out.txt";
  write_file_atomic(target, "first");
  write_file_atomic(target, "second version");
  EXPECT_EQ(testing::slurp(target), "second version");
  int entries = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir.path())) ++entries;
  EXPECT_EQ(entries, 1);
}

TEST(AtomicWriteTest, UnwritableDirectoryThrowsIoAndKeepsOldFile) {
  testing::TempDir dir;
  const fs::path target = dir.path() / "out.txt";
  write_file_atomic(target, "kept");
  ::chmod(dir.path().c_str(), 0500);
  // Root ignores directory permissions; the write is tried without that privilege.
  EXPECT_EQ(testing::run_unprivileged([&] { EXPECT_THROW(write_file_atomic(target, "lost"), Io); }),
            0);
  ::chmod(dir.path().c_str(), 0700);
  EXPECT_EQ(testing::slurp(target), "kept");
  int entries = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir.path())) ++entries;
  EXPECT_EQ(entries, 1);
}

TEST(AtomicWriteTest, MissingDirectoryThrowsIo) {
  testing::TempDir dir;
  EXPECT_THROW(write_file_atomic(dir.path() / "no" / "such" / "f", "x"), Io);
}

// A staged file is removed only once its writer is gone (its lock released), never while it
// writes, and only the staged files of the target named.
TEST(AtomicWriteTest, AbandonedStagedFilesAreRemovedLiveOnesKept) {
  lectio::testing::TempDir dir;
  const auto target = dir.path() / "talk.mp3";
  const StagedPath live = open_staged(target);
  const StagedPath dead = open_staged(target);
  const StagedPath other = open_staged(dir.path() / "talk.mp3x");
  ::close(dead.fd);  // as a writer killed mid-way: the file stays, its lock goes
  ::close(other.fd);
  EXPECT_EQ(remove_abandoned_staged(target), 1);
  EXPECT_TRUE(std::filesystem::exists(live.path));
  EXPECT_FALSE(std::filesystem::exists(dead.path));
  EXPECT_TRUE(std::filesystem::exists(other.path));  // another target's
  ::close(live.fd);
  EXPECT_EQ(remove_abandoned_staged(target), 1);
  EXPECT_EQ(remove_abandoned_staged(dir.path() / "missing" / "x.mp3"), 0);
}

TEST(ReadFileTest, EnforcesSizeLimitAndReportsMissingFiles) {
  testing::TempDir dir;
  const fs::path small = dir.write("small.txt", "12345");
  EXPECT_EQ(read_file(small, 5), "12345");
  try {
    read_file(small, 4);
    FAIL() << "expected InvalidInput";
  } catch (const InvalidInput& e) {
    EXPECT_NE(std::string(e.what()).find("small.txt"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("limit"), std::string::npos);
  }
  EXPECT_THROW(read_file(dir.path() / "absent.txt", 100), NotFound);
  EXPECT_THROW(read_file(dir.path(), 100), InvalidInput);
}

}  // namespace lectio
