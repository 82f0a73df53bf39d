// Format sniffing of zip containers: the entry names decide EPUB or DOCX, and the archive is
// opened with the same reader and entry cap that extraction uses.
#include <gtest/gtest.h>

#include <string>

#include "ingest/format_fixtures.h"
#include "lectio/core/error.h"
#include "lectio/ingest/extract.h"

namespace lectio::ingest {
namespace {

using namespace lectio::testing;

std::string message_of(std::string_view bytes, const char* name, const Limits& limits) {
  try {
    sniff_format(bytes, name, limits);
  } catch (const Error& e) {
    return e.what();
  }
  return "accepted";
}

TEST(SniffTest, EntryNamesDecideEpubOrDocx) {
  const Limits limits;
  const std::string epub =
      make_epub("Book", {{"c1", "c1.xhtml", make_xhtml("<p>Hi.</p>")}}, {"c1"});
  const std::string docx = make_docx(docx_p("Hello."));
  // Content wins over the extension.
  EXPECT_EQ(sniff_format(epub, "book.docx", limits), Format::kEpub);
  EXPECT_EQ(sniff_format(docx, "letter.epub", limits), Format::kDocx);
  ZipWriter other;
  other.add("readme.txt", "not a document");
  const std::string zip = other.finish();
  EXPECT_THROW(sniff_format(zip, "a.epub", limits), Unsupported);
  EXPECT_EQ(message_of(zip, "a.epub", limits),
            "zip archive that is neither an EPUB nor a DOCX document");
}

TEST(SniffTest, UnreadableZipSaysItsDirectoryCannotBeRead) {
  EXPECT_EQ(message_of("PK\x03\x04 and then nothing a zip reader can use", "a.docx", Limits{}),
            "corrupt zip archive: cannot read its directory");
}

TEST(SniffTest, EntryCapHoldsWhileSniffing) {
  ZipWriter zip;
  zip.add("word/document.xml", "<x/>");
  for (int i = 0; i < 30; ++i) zip.add("word/part" + std::to_string(i) + ".xml", "<x/>");
  const std::string docx = zip.finish();
  Limits limits;
  EXPECT_EQ(sniff_format(docx, "a.docx", limits), Format::kDocx);
  limits.max_archive_entries = 20;
  EXPECT_EQ(message_of(docx, "a.docx", limits), "archive has more entries than the 20-entry limit");
}

}  // namespace
}  // namespace lectio::ingest
