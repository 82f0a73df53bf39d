#include <gtest/gtest.h>

#include <string>

#include "ingest/format_fixtures.h"
#include "lectio/core/error.h"
#include "lectio/ingest/extract.h"

namespace lectio::ingest {
namespace {

using lectio::testing::EpubItem;
using lectio::testing::make_epub;
using lectio::testing::make_xhtml;
using lectio::testing::ZipWriter;

const Limits kLimits;

std::string error_of(std::string_view bytes) {
  try {
    extract_epub(bytes, kLimits);
  } catch (const InvalidInput& e) {
    return e.what();
  }
  return "no InvalidInput";
}

TEST(EpubTest, FollowsSpineOrderNotManifestOrder) {
  const std::string epub =
      make_epub("The Spine Book",
                {{"c3", "text/three.xhtml", make_xhtml("<h2>Three</h2><p>Third text.</p>")},
                 {"c1", "text/chapter%20one.xhtml",
                  make_xhtml("<h1>One</h1><div class=\"rule\"/><p>First &amp; foremost.</p>")},
                 {"c2", "text/two.xhtml", make_xhtml("<h2>Two</h2><p>Second <em>text</em>.</p>")}},
                {"c1", "c2", "c3"});
  const Document doc = extract_epub(epub, kLimits);
  EXPECT_EQ(doc.title, "The Spine Book");
  ASSERT_EQ(doc.blocks.size(), 6u);
  EXPECT_EQ(doc.blocks[0].text, "One");
  EXPECT_EQ(doc.blocks[0].kind, BlockKind::kHeading);
  EXPECT_EQ(doc.blocks[1].text, "First & foremost.");
  EXPECT_EQ(doc.blocks[2].text, "Two");
  EXPECT_EQ(doc.blocks[3].text, "Second text.");
  EXPECT_EQ(doc.blocks[4].text, "Three");
  EXPECT_EQ(doc.blocks[5].text, "Third text.");
  // No page markers in the book: each spine document is a page.
  const int pages[] = {1, 1, 2, 2, 3, 3};
  for (std::size_t i = 0; i < doc.blocks.size(); ++i) EXPECT_EQ(doc.blocks[i].page, pages[i]);
  EXPECT_EQ(doc.page_count, 3);
}

TEST(EpubTest, PageBreakMarkersDefinePages) {
  const std::string epub =
      make_epub("Marked",
                {{"a", "a.xhtml",
                  make_xhtml("<span epub:type=\"pagebreak\" id=\"p1\" title=\"1\"/><h1>Start</h1>"
                             "<p>Words before the break <span epub:type=\"pagebreak\" id=\"p2\" "
                             "title=\"2\"/>and words after it.</p>")},
                 {"b", "b.xhtml",
                  make_xhtml("<p>Same page as the break above.</p><div role=\"doc-pagebreak\" "
                             "title=\"3\"></div><p>Third page.</p>")}},
                {"a", "b"});
  const Document doc = extract_epub(epub, kLimits);
  ASSERT_EQ(doc.blocks.size(), 4u);
  EXPECT_EQ(doc.blocks[0].page, 1);
  const Block& split = doc.blocks[1];
  EXPECT_EQ(split.text, "Words before the break and words after it.");
  EXPECT_EQ(split.page, 1);
  ASSERT_EQ(split.page_breaks.size(), 1u);
  EXPECT_EQ(split.text.substr(split.page_breaks[0]), "and words after it.");
  EXPECT_EQ(doc.blocks[2].page, 2);
  EXPECT_EQ(doc.blocks[3].page, 3);
  EXPECT_EQ(doc.page_count, 3);
}

TEST(EpubTest, TitleFallsBackToFirstHeading) {
  const std::string epub =
      make_epub("", {{"a", "a.xhtml", make_xhtml("<h1>Heading Title</h1><p>x</p>")}}, {"a"});
  EXPECT_EQ(extract_epub(epub, kLimits).title, "Heading Title");
}

TEST(EpubTest, RejectsCorruptBooks) {
  EXPECT_EQ(error_of("PK\x03\x04 not really a zip"), "corrupt EPUB: not a zip archive");
  EXPECT_EQ(error_of(""), "corrupt EPUB: not a zip archive");
  {
    ZipWriter zip;
    zip.add("mimetype", "application/epub+zip", true);
    EXPECT_EQ(error_of(zip.finish()), "corrupt EPUB: META-INF/container.xml is missing");
  }
  {
    ZipWriter zip;
    zip.add("META-INF/container.xml", "<container><rootfiles><rootfile full-path=\"x.opf\"/>");
    EXPECT_EQ(error_of(zip.finish()),
              "corrupt EPUB: META-INF/container.xml is not well-formed XML");
  }
  {
    ZipWriter zip;
    zip.add("META-INF/container.xml",
            "<container><rootfiles><rootfile full-path=\"OPS/book.opf\"/></rootfiles></container>");
    EXPECT_EQ(error_of(zip.finish()), "corrupt EPUB: package document OPS/book.opf is missing");
  }
  const std::string dangling = make_epub("T", {{"a", "a.xhtml", make_xhtml("<p>x</p>")}}, {"zz"});
  EXPECT_EQ(error_of(dangling), "corrupt EPUB: spine item zz is not in the manifest");
  const std::string missing =
      make_epub("T", {{"a", "a.xhtml", make_xhtml("<p>x</p>")}, {"b", "gone.xhtml", ""}}, {"a"});
  EXPECT_NO_THROW(extract_epub(missing, kLimits));  // unused manifest items do not matter
}

TEST(EpubTest, RejectsSpineItemMissingFromArchive) {
  ZipWriter zip;
  zip.add("META-INF/container.xml",
          "<container><rootfiles><rootfile full-path=\"book.opf\"/></rootfiles></container>");
  zip.add("book.opf",
          "<package><metadata/><manifest><item id=\"a\" href=\"a.xhtml\" "
          "media-type=\"application/xhtml+xml\"/></manifest><spine><itemref idref=\"a\"/>"
          "</spine></package>");
  EXPECT_EQ(error_of(zip.finish()), "corrupt EPUB: spine item a.xhtml is missing");
}

TEST(EpubTest, RejectsDrmEncryptedText) {
  ZipWriter zip;
  zip.add("META-INF/container.xml",
          "<container><rootfiles><rootfile full-path=\"book.opf\"/></rootfiles></container>");
  zip.add("META-INF/encryption.xml",
          "<encryption xmlns:enc=\"http://www.w3.org/2001/04/xmlenc#\"><enc:EncryptedData>"
          "<enc:EncryptionMethod Algorithm=\"http://www.w3.org/2001/04/xmlenc#aes128-cbc\"/>"
          "<enc:CipherData><enc:CipherReference URI=\"a.xhtml\"/></enc:CipherData>"
          "</enc:EncryptedData></encryption>");
  zip.add("book.opf",
          "<package><metadata/><manifest><item id=\"a\" href=\"a.xhtml\" "
          "media-type=\"application/xhtml+xml\"/></manifest><spine><itemref idref=\"a\"/>"
          "</spine></package>");
  zip.add("a.xhtml", "\x8a\x01\xff binary ciphertext");
  EXPECT_THROW(extract_epub(zip.finish(), kLimits), Unsupported);
}

}  // namespace
}  // namespace lectio::ingest
