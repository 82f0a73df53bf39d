#include <gtest/gtest.h>

#include <string>

#include "ingest/format_fixtures.h"
#include "lectio/core/error.h"
#include "lectio/ingest/extract.h"

namespace lectio::ingest {
namespace {

using lectio::testing::docx_p;
using lectio::testing::make_docx;
using lectio::testing::ZipWriter;

const Limits kLimits;

std::string error_of(std::string_view bytes) {
  try {
    extract_docx(bytes, kLimits);
  } catch (const InvalidInput& e) {
    return e.what();
  }
  return "no InvalidInput";
}

TEST(DocxTest, StylesGiveHeadingsListsAndQuotes) {
  const std::string body =
      docx_p("Annual Report", "Title") + docx_p("Overview", "Heading1") +
      docx_p("Details", "Heading2") + docx_p("First point", "ListParagraph") +
      docx_p("Numbered point", "",
             "<w:numPr><w:ilvl w:val=\"0\"/><w:numId w:val=\"3\"/></w:numPr>") +
      docx_p("To be or not to be.", "Quote") +
      "<w:p><w:r><w:t>Hello</w:t></w:r><w:r><w:tab/><w:t>world,</w:t></w:r>"
      "<w:r><w:t xml:space=\"preserve\"> </w:t></w:r><w:hyperlink r:id=\"x\"><w:r>"
      "<w:t>linked</w:t></w:r></w:hyperlink><w:del><w:r><w:delText>gone</w:delText></w:r>"
      "</w:del><w:r><w:br/><w:t>again &amp; again.</w:t></w:r></w:p>";
  const Document doc = extract_docx(make_docx(body, "Report 2024"), kLimits);
  EXPECT_EQ(doc.title, "Report 2024");
  ASSERT_EQ(doc.blocks.size(), 7u);
  EXPECT_EQ(doc.blocks[0].kind, BlockKind::kHeading);
  EXPECT_EQ(doc.blocks[0].level, 1);
  EXPECT_EQ(doc.blocks[1].level, 1);
  EXPECT_EQ(doc.blocks[2].level, 2);
  EXPECT_EQ(doc.blocks[2].text, "Details");
  EXPECT_EQ(doc.blocks[3].kind, BlockKind::kListItem);
  EXPECT_EQ(doc.blocks[4].kind, BlockKind::kListItem);
  EXPECT_EQ(doc.blocks[5].kind, BlockKind::kQuote);
  EXPECT_EQ(doc.blocks[6].kind, BlockKind::kParagraph);
  EXPECT_EQ(doc.blocks[6].text, "Hello world, linked again & again.");
  EXPECT_EQ(doc.page_count, 1);
}

TEST(DocxTest, StyleNamesAndBasedOnChainsFromStylesPart) {
  const std::string styles =
      "<w:style w:type=\"paragraph\" w:styleId=\"berschrift1\"><w:name w:val=\"heading 1\"/>"
      "</w:style>"
      "<w:style w:type=\"paragraph\" w:styleId=\"Chapter\"><w:name w:val=\"Chapter\"/>"
      "<w:pPr><w:outlineLvl w:val=\"1\"/></w:pPr></w:style>"
      "<w:style w:type=\"paragraph\" w:styleId=\"ListParagraph\"><w:name w:val=\"List "
      "Paragraph\"/></w:style>"
      "<w:style w:type=\"paragraph\" w:styleId=\"Steps\"><w:name w:val=\"Steps\"/>"
      "<w:basedOn w:val=\"ListParagraph\"/></w:style>";
  const Document doc =
      extract_docx(make_docx(docx_p("Einleitung", "berschrift1") + docx_p("Part", "Chapter") +
                                 docx_p("Step one", "Steps") + docx_p("Plain", "Normal"),
                             "", styles),
                   kLimits);
  ASSERT_EQ(doc.blocks.size(), 4u);
  EXPECT_EQ(doc.blocks[0].kind, BlockKind::kHeading);
  EXPECT_EQ(doc.blocks[0].level, 1);
  EXPECT_EQ(doc.blocks[1].kind, BlockKind::kHeading);
  EXPECT_EQ(doc.blocks[1].level, 2);  // outline level 1 is the second level
  EXPECT_EQ(doc.blocks[2].kind, BlockKind::kListItem);
  EXPECT_EQ(doc.blocks[3].kind, BlockKind::kParagraph);
  EXPECT_EQ(doc.title, "Einleitung");
}

TEST(DocxTest, PageBreaksStartPages) {
  const std::string body =
      docx_p("Page one text.") + "<w:p><w:r><w:br w:type=\"page\"/></w:r></w:p>" +
      docx_p("Page two text.") + docx_p("Chapter", "Heading1", "<w:pageBreakBefore/>") +
      docx_p("Not a break", "", "<w:pageBreakBefore w:val=\"0\"/>") +
      "<w:p><w:r><w:t>Before the break</w:t><w:br w:type=\"page\"/><w:t>after it.</w:t>"
      "</w:r></w:p>" +
      docx_p("Last page.");
  const Document doc = extract_docx(make_docx(body), kLimits);
  EXPECT_EQ(doc.title, "Chapter");  // no core title: the first top heading
  ASSERT_EQ(doc.blocks.size(), 6u);
  const int pages[] = {1, 2, 3, 3, 3, 4};
  for (std::size_t i = 0; i < doc.blocks.size(); ++i) {
    EXPECT_EQ(doc.blocks[i].page, pages[i]) << doc.blocks[i].text;
  }
  const Block& split = doc.blocks[4];
  EXPECT_EQ(split.text, "Before the break after it.");
  ASSERT_EQ(split.page_breaks.size(), 1u);
  EXPECT_EQ(split.text.substr(split.page_breaks[0]), "after it.");
  EXPECT_EQ(doc.page_count, 4);
}

TEST(DocxTest, TableRowsJoinCells) {
  auto tc = [&](const std::string& inner) { return "<w:tc><w:tcPr/>" + inner + "</w:tc>"; };
  const std::string body = docx_p("Prices:") + "<w:tbl><w:tblPr/><w:tr>" + tc(docx_p("Item")) +
                           tc(docx_p("Cost")) + "</w:tr><w:tr>" + tc(docx_p("Tea")) +
                           tc(docx_p("")) + tc(docx_p("2") + docx_p("euros")) + "</w:tr></w:tbl>" +
                           docx_p("After.");
  const Document doc = extract_docx(make_docx(body), kLimits);
  ASSERT_EQ(doc.blocks.size(), 4u);
  EXPECT_EQ(doc.blocks[1].kind, BlockKind::kTableRow);
  EXPECT_EQ(doc.blocks[1].text, "Item; Cost");
  EXPECT_EQ(doc.blocks[2].text, "Tea; 2 euros");
  EXPECT_EQ(doc.blocks[3].text, "After.");
}

TEST(DocxTest, RejectsCorruptDocuments) {
  EXPECT_EQ(error_of("not a zip at all"), "corrupt DOCX: not a zip archive");
  {
    ZipWriter zip;
    zip.add("word/other.xml", "<x/>");
    EXPECT_EQ(error_of(zip.finish()), "corrupt DOCX: word/document.xml is missing");
  }
  {
    ZipWriter zip;
    zip.add("word/document.xml", "<w:document><w:body><w:p>");
    EXPECT_EQ(error_of(zip.finish()), "corrupt DOCX: word/document.xml is not well-formed XML");
  }
  {
    ZipWriter zip;
    zip.add("word/document.xml", "<w:document/>");
    EXPECT_EQ(error_of(zip.finish()), "corrupt DOCX: word/document.xml has no body");
  }
  std::string nested = "<w:p>";
  for (int i = 0; i < 5000; ++i) nested += "<w:hyperlink>";
  nested += "<w:r><w:t>deep</w:t></w:r>";
  for (int i = 0; i < 5000; ++i) nested += "</w:hyperlink>";
  EXPECT_EQ(error_of(make_docx(nested + "</w:p>")), "corrupt DOCX: elements nest too deeply");
}

// Issue 29: a small DOCX that expands to a great deal of XML is refused before it is parsed,
// whatever its own size, and the error names the limit.
TEST(DocxTest, ADocxExpandingPastTheXmlLimitIsRefusedNamingIt) {
  std::string body;
  const std::string p = docx_p("a");
  body.reserve((kLimits.max_xml_bytes / p.size() + 2) * p.size());
  while (body.size() <= kLimits.max_xml_bytes) body += p;
  const std::string docx = make_docx(body);
  EXPECT_LT(docx.size(), 2u << 20) << "the bomb is small";
  const std::string error = error_of(docx);
  EXPECT_NE(error.find("bytes of XML"), std::string::npos) << error;
  EXPECT_NE(error.find("max_xml_bytes"), std::string::npos) << error;
}

TEST(DocxTest, ADocumentOfTooManyParagraphsIsRefusedNamingTheLimit) {
  Limits limits;
  limits.max_paragraphs = 100;
  std::string body;
  for (int i = 0; i < 101; ++i) body += docx_p("Paragraph " + std::to_string(i) + ".");
  try {
    extract(make_docx(body), Format::kDocx, limits);
    FAIL() << "101 paragraphs passed a limit of 100";
  } catch (const InvalidInput& e) {
    EXPECT_NE(std::string(e.what()).find("101 paragraphs"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("max_paragraphs"), std::string::npos) << e.what();
  }
  body.clear();
  for (int i = 0; i < 100; ++i) body += docx_p("Paragraph " + std::to_string(i) + ".");
  EXPECT_EQ(extract(make_docx(body), Format::kDocx, limits).blocks.size(), 100u);
}

}  // namespace
}  // namespace lectio::ingest
