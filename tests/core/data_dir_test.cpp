#include "lectio/core/data_dir.h"

#include <gtest/gtest.h>

#include <cstdlib>

#include "lectio/core/error.h"
#include "support/temp_dir.h"

namespace fs = std::filesystem;

namespace lectio {

TEST(DataDirTest, FlagBeatsEnvironmentBeatsDefault) {
  ::setenv("LECTIO_DATA", "/tmp/from-env", 1);
  EXPECT_EQ(resolve_data_dir(std::string("/tmp/from-flag")), fs::path("/tmp/from-flag"));
  EXPECT_EQ(resolve_data_dir(std::nullopt), fs::path("/tmp/from-env"));
  ::unsetenv("LECTIO_DATA");
  EXPECT_EQ(resolve_data_dir(std::nullopt), fs::path("lectio-data"));
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
