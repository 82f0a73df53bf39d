// remove_stale_uploads: what uploads leave under <data>/uploads goes once it is old, unless an
// ingest job still waiting or running needs it.
#include <gtest/gtest.h>

#include <filesystem>

#include "lectio/core/data_dir.h"
#include "lectio/core/file.h"
#include "lectio/jobs/jobs.h"
#include "lectio/queue/queue.h"
#include "support/temp_dir.h"

namespace lectio::jobs {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

// A folder under uploads with one file, last written `age` ago.
fs::path upload_folder_aged(const fs::path& data, const std::string& name,
                            std::chrono::seconds age) {
  const fs::path dir = data / "uploads" / name;
  ensure_dir(dir);
  write_file_atomic(dir / "notes.md", "# Notes\n");
  const auto when = fs::file_time_type::clock::now() - age;
  fs::last_write_time(dir / "notes.md", when);
  fs::last_write_time(dir, when);
  return dir;
}

TEST(JobsUploadsTest, OldUploadsNoWaitingJobNeedsAreRemoved) {
  testing::TempDir data;
  const auto queue = queue::open_queue(data.path());
  const std::string waiting_key = std::string(64, 'b');
  const std::string done_key = std::string(64, 'c');
  queue->enqueue(ingest_job({done_key, "done.md", "", "", ""}));
  const auto claimed = queue->claim("w", 1);
  ASSERT_EQ(claimed.size(), 1u);
  ASSERT_TRUE(queue->complete(claimed[0], "{}"));
  queue->enqueue(ingest_job({waiting_key, "waiting.md", "", "", ""}));

  const fs::path crashed = upload_folder_aged(data.path(), "a1b2c3d4e5f6", 2h);
  const fs::path fresh = upload_folder_aged(data.path(), "f6e5d4c3b2a1", 1min);
  const fs::path in_use = upload_folder_aged(data.path(), waiting_key.substr(0, 16), 2h);
  const fs::path finished = upload_folder_aged(data.path(), done_key.substr(0, 16), 2h);

  EXPECT_EQ(remove_stale_uploads(data.path(), *queue, kStaleUploadAge), 2);
  EXPECT_FALSE(fs::exists(crashed)) << "left by a request cut off mid-ingest";
  EXPECT_FALSE(fs::exists(finished)) << "its job is done";
  EXPECT_TRUE(fs::exists(fresh / "notes.md")) << "younger than the limit: maybe in use";
  EXPECT_TRUE(fs::exists(in_use / "notes.md")) << "its ingest job is still waiting";
}

TEST(JobsUploadsTest, NoUploadsFolderIsNothingToDo) {
  testing::TempDir data;
  const auto queue = queue::open_queue(data.path());
  EXPECT_EQ(remove_stale_uploads(data.path(), *queue, kStaleUploadAge), 0);
}

}  // namespace
}  // namespace lectio::jobs
