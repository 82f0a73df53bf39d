#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "ingest/format_fixtures.h"
#include "lectio/core/error.h"
#include "lectio/ingest/extract.h"
#include "support/temp_dir.h"

namespace lectio::ingest {
namespace {

using lectio::testing::make_pdf;

const Limits kLimits;

// Runs `fn`, expecting an exception of type E whose message starts with `prefix`, and that
// nothing was written to stderr meanwhile.
template <typename E, typename Fn>
void expect_error(Fn fn, const std::string& prefix) {
  ::testing::internal::CaptureStderr();
  try {
    fn();
    ADD_FAILURE() << "no exception, expected: " << prefix;
  } catch (const E& e) {
    EXPECT_EQ(std::string(e.what()).rfind(prefix, 0), 0u) << e.what();
  }
  EXPECT_EQ(::testing::internal::GetCapturedStderr(), "");
}

TEST(PdfTest, SentenceRunningOverPageBreakStaysOneBlock) {
  const std::string pdf = make_pdf({{"The first paragraph is short and ends here.", "",
                                     "This sentence starts on the first page and keeps going until",
                                     "it runs out of room at", "", "1"},
                                    {"2", "the top of the second page, where it finally ends.", "",
                                     "A last paragraph on page two."}},
                                   "Test Title");
  const Document doc = extract_pdf(pdf, kLimits);
  EXPECT_EQ(doc.title, "Test Title");
  EXPECT_EQ(doc.page_count, 2);
  ASSERT_EQ(doc.blocks.size(), 3u);
  EXPECT_EQ(doc.blocks[0].text, "The first paragraph is short and ends here.");
  const Block& joined = doc.blocks[1];
  EXPECT_EQ(joined.kind, BlockKind::kParagraph);
  EXPECT_EQ(joined.text,
            "This sentence starts on the first page and keeps going until it runs out of room at "
            "the top of the second page, where it finally ends.");
  EXPECT_EQ(joined.page, 1);
  ASSERT_EQ(joined.page_breaks.size(), 1u);
  EXPECT_EQ(joined.text.substr(joined.page_breaks[0], 7), "the top");
  EXPECT_EQ(joined.page_at(0), 1);
  EXPECT_EQ(joined.page_at(joined.page_breaks[0]), 2);
  EXPECT_EQ(joined.last_page(), 2);
  EXPECT_EQ(doc.blocks[2].page, 2);
  EXPECT_TRUE(doc.blocks[2].page_breaks.empty());
}

// From Bash's manual as a PDF: the operators of ${parameter@operator} are set as a definition
// list, the one-letter term in a column of its own. The white between the columns is a word
// break even though the PDF has no space there ("A The expansion is ...", never "AThe").
TEST(PdfTest, AGapBetweenColumnsSeparatesWords) {
  const Document doc = extract_pdf(
      make_pdf({{"A\tThe expansion is a string in the form of an assignment statement.", "",
                 "Q\tThe expansion is the value of parameter quoted for reuse as input."}}),
      kLimits);
  ASSERT_EQ(doc.blocks.size(), 2u);
  EXPECT_EQ(doc.blocks[0].text,
            "A The expansion is a string in the form of an assignment statement.");
  EXPECT_EQ(doc.blocks[1].text,
            "Q The expansion is the value of parameter quoted for reuse as input.");
}

TEST(PdfTest, FinishedParagraphDoesNotJoinNextPage) {
  const Document doc =
      extract_pdf(make_pdf({{"Ends with a stop."}, {"Starts afresh on page two."}}), kLimits);
  ASSERT_EQ(doc.blocks.size(), 2u);
  EXPECT_EQ(doc.blocks[1].page, 2);
}

TEST(PdfTest, JoinsHyphenatedWordsAndWrappedLines) {
  const Document doc =
      extract_pdf(make_pdf({{"A worked exam-", "ple of a well-known idea spread over three",
                             "lines of text, with a con-"},
                            {"tinued word across the page break."}}),
                  kLimits);
  ASSERT_EQ(doc.blocks.size(), 1u);
  EXPECT_EQ(doc.blocks[0].text,
            "A worked example of a well-known idea spread over three lines of text, with a "
            "continued word across the page break.");
  ASSERT_EQ(doc.blocks[0].page_breaks.size(), 1u);
  EXPECT_EQ(doc.blocks[0].text.substr(doc.blocks[0].page_breaks[0]),
            "tinued word across the page break.");
}

TEST(PdfTest, ShortLineEndingASentenceClosesTheParagraph) {
  const Document doc = extract_pdf(
      make_pdf({{"This opening line of the paragraph runs across the whole measure of the",
                 "column. It stops.", "Then a new paragraph begins with no gap above it and",
                 "runs on for a second line here as well."}}),
      kLimits);
  ASSERT_EQ(doc.blocks.size(), 2u);
  EXPECT_EQ(doc.blocks[0].text.substr(doc.blocks[0].text.size() - 9), "It stops.");
  EXPECT_EQ(doc.blocks[1].text.rfind("Then a new paragraph", 0), 0u);
}

TEST(PdfTest, ShortStandaloneLinesBecomeHeadings) {
  const Document doc =
      extract_pdf(make_pdf({{"# The Big Title", "Introduction", "",
                             "Body text under the heading goes on for a while and then ends.", "",
                             "Trailing line without stop"}}),
                  kLimits);
  ASSERT_EQ(doc.blocks.size(), 4u);
  EXPECT_EQ(doc.blocks[0].kind, BlockKind::kHeading);
  EXPECT_EQ(doc.blocks[0].level, 1);
  EXPECT_EQ(doc.title, "The Big Title");  // no Info title: the large heading
  EXPECT_EQ(doc.blocks[1].kind, BlockKind::kHeading);
  EXPECT_EQ(doc.blocks[1].level, 2);
  EXPECT_EQ(doc.blocks[1].text, "Introduction");
  EXPECT_EQ(doc.blocks[2].kind, BlockKind::kParagraph);
  EXPECT_EQ(doc.blocks[3].kind, BlockKind::kParagraph);  // nothing follows it
}

TEST(PdfTest, AShortLineOfCodeIsNotAHeading) {
  // A file format's example line and a field name stand alone on their lines as headings do;
  // what they hold says they are code.
  const Document doc = extract_pdf(
      make_pdf({{"Introduction", "", "Body text under the heading goes on for a while and ends.",
                 "", R"(MIME-Type ":" icon-name "\n")", "",
                 "Each line of the file maps one type to the name of its icon.", "",
                 "FIRST_MATCHLET_OFFSET", "", "The offset of the first matchlet comes next."}}),
      kLimits);
  ASSERT_GE(doc.blocks.size(), 3u);
  EXPECT_EQ(doc.blocks[0].kind, BlockKind::kHeading);
  const auto headings = std::count_if(doc.blocks.begin(), doc.blocks.end(),
                                      [](const Block& b) { return b.kind == BlockKind::kHeading; });
  EXPECT_EQ(headings, 1);
  for (const Block& b : doc.blocks) {
    EXPECT_TRUE(b.kind != BlockKind::kHeading || b.text == "Introduction") << b.text;
  }
}

TEST(PdfTest, DropsPageNumbersAndRunningHeads) {
  const std::string words[] = {"Apples", "Pears", "Plums", "Figs"};
  std::vector<std::vector<std::string>> pages;
  for (int i = 0; i < 4; ++i) {
    pages.push_back({"A Book About Things   " + std::to_string(i + 1), "",
                     words[i] + " fill this page.", "", "- " + std::to_string(i + 1) + " -"});
  }
  const Document doc = extract_pdf(make_pdf(pages), kLimits);
  ASSERT_EQ(doc.blocks.size(), 4u);
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(doc.blocks[i].text, words[i] + " fill this page.");
    EXPECT_EQ(doc.blocks[i].page, i + 1);
  }
}

TEST(PdfTest, RejectsMissingHeaderTruncationAndGarbage) {
  const std::string pdf = make_pdf({{"Some text."}});
  expect_error<InvalidInput>([&] { extract_pdf("hello world %%EOF", kLimits); }, "not a PDF");
  expect_error<InvalidInput>([&] { extract_pdf(pdf.substr(0, pdf.size() / 2), kLimits); },
                             "truncated PDF (no %%EOF marker)");
  expect_error<InvalidInput>(
      [&] { extract_pdf("%PDF-1.7\n" + std::string(4000, '#') + "\n%%EOF\n", kLimits); },
      "corrupt PDF");
  std::string scrambled = pdf;
  for (std::size_t i = 20; i + 40 < scrambled.size(); i += 7) scrambled[i] = '\x9b';
  expect_error<InvalidInput>([&] { extract_pdf(scrambled, kLimits); }, "corrupt PDF");
}

TEST(PdfTest, RejectsEncryptedPdf) {
  const std::string pdf =
      lectio::testing::slurp(lectio::testing::source_dir() / "tests/fixtures/ingest/encrypted.pdf");
  ASSERT_FALSE(pdf.empty());
  expect_error<Unsupported>([&] { extract_pdf(pdf, kLimits); },
                            "encrypted PDF: a password is needed");
}

TEST(PdfTest, RejectsTooManyPages) {
  Limits limits;
  limits.max_pages = 2;
  const std::string pdf = make_pdf({{"one."}, {"two."}, {"three."}});
  expect_error<InvalidInput>([&] { extract_pdf(pdf, limits); }, "PDF has 3 pages, past the 2-page");
  EXPECT_EQ(extract_pdf(pdf, kLimits).page_count, 3);
}

}  // namespace
}  // namespace lectio::ingest
