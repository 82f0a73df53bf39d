// What the progress bar says: its counts name their unit, bytes show only with a byte total,
// and an unknown total leaves the count alone.
#include "lectio/core/progress.h"

#include <gtest/gtest.h>

namespace lectio {

TEST(ProgressTest, CountsNameTheirUnitAndBytesShowOnlyWithATotal) {
  EXPECT_EQ(progress_line({"indexing", "chunks", 100, 400, 0, 0, 2.0}),
            "indexing [######..................] 100/400 chunks");
  EXPECT_EQ(progress_line({"adding", "files", 3, 10, 1500000, 6000000, 2.0}),
            "adding [######..................] 3/10 files  1.5 MB  0.8 MB/s");
  EXPECT_EQ(progress_line({"indexing", "chunks", 120, 0, 0, 0, 1.0}),
            "indexing [........................] 120 chunks");
  EXPECT_EQ(progress_line({"indexing", "chunks", 400, 400, 0, 0, 1.0}),
            "indexing [########################] 400/400 chunks");
}

}  // namespace lectio
