#include "lectio/core/source.h"

#include <gtest/gtest.h>

namespace lectio {

TEST(ChunkIdTest, FormatsFourDigitOrdinals) {
  EXPECT_EQ(chunk_id("file_gpu001", 3), "file_gpu001:c0003");
  EXPECT_EQ(chunk_id("file_x", 12345), "file_x:c12345");
  EXPECT_EQ(page_range(2, 2), "p2-2");
}

TEST(ChunkRefTest, ParsesCurrentAndPinnedIds) {
  auto current = ChunkRef::parse("file_gpu001:c0003");
  ASSERT_TRUE(current);
  EXPECT_EQ(current->source_id, "file_gpu001");
  EXPECT_FALSE(current->version);
  EXPECT_EQ(current->ordinal, 3);
  EXPECT_EQ(current->str(), "file_gpu001:c0003");

  auto pinned = ChunkRef::parse("file_gpu001@v2:c0010");
  ASSERT_TRUE(pinned);
  EXPECT_EQ(pinned->source_id, "file_gpu001");
  EXPECT_EQ(pinned->version, 2);
  EXPECT_EQ(pinned->ordinal, 10);
  EXPECT_EQ(pinned->str(), "file_gpu001@v2:c0010");
}

TEST(ChunkRefTest, RejectsMalformedIds) {
  for (const char* bad : {"", "file_x", ":c0001", "file_x:c", "file_x:cabc", "file_x:c-1",
                          "file_x@v0:c0001", "file_x@vx:c0001", "@v1:c0001"}) {
    EXPECT_FALSE(ChunkRef::parse(bad)) << bad;
  }
}

TEST(FormatTest, NamesRoundTrip) {
  for (Format f : {Format::kMarkdown, Format::kText, Format::kHtml, Format::kPdf, Format::kEpub,
                   Format::kDocx}) {
    EXPECT_EQ(parse_format(format_name(f)), f);
  }
  EXPECT_FALSE(parse_format("rtf"));
}

}  // namespace lectio
