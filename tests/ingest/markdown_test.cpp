#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "lectio/ingest/extract.h"

namespace lectio::ingest {

namespace {

std::string all_text(const Document& doc) {
  std::string out;
  for (const Block& b : doc.blocks) out += b.text + "\n";
  return out;
}

}  // namespace

TEST(MarkdownTest, KeepsTextAndDropsMarkup) {
  const Document doc = extract_markdown(
      "# The Title\n\n"
      "Some **bold**, _em_, `code` and a [link](https://example.com/x \"t\") here.\n"
      "![diagram alt](img.png) After &amp; &#233; &mdash; done.<br>\n\n"
      "> A quoted line.\n\n"
      "1. first\n2. second\n\n"
      "| Chip | Strength |\n|------|----------|\n| GPU | flexible |\n\n"
      "```python\nprint('x')\n```\n");
  EXPECT_EQ(doc.title, "The Title");
  const std::string text = all_text(doc);
  for (const char* leaked :
       {"**", "https://", "](", "img.png", "diagram alt", "&amp;", "<br>", "```", "|", "> "}) {
    EXPECT_EQ(text.find(leaked), std::string::npos) << "leaked: " << leaked << "\n" << text;
  }
  ASSERT_GE(doc.blocks.size(), 7u);
  EXPECT_EQ(doc.blocks[0].kind, BlockKind::kHeading);
  EXPECT_EQ(doc.blocks[0].level, 1);
  EXPECT_EQ(doc.blocks[1].text,
            "Some bold, em, code and a link here. After & \xc3\xa9 \xe2\x80\x94 done.");
  EXPECT_EQ(doc.blocks[2].kind, BlockKind::kQuote);
  EXPECT_EQ(doc.blocks[3].kind, BlockKind::kListItem);
  EXPECT_EQ(doc.blocks[3].text, "first");
  EXPECT_EQ(doc.blocks[5].kind, BlockKind::kTableRow);
  EXPECT_EQ(doc.blocks[5].text, "Chip; Strength");
  EXPECT_EQ(doc.blocks[6].text, "GPU; flexible");
  EXPECT_EQ(doc.blocks.back().kind, BlockKind::kCode);
  EXPECT_EQ(doc.blocks.back().text, "print('x')");
}

TEST(MarkdownTest, FormFeedStartsANewPage) {
  const Document doc = extract_markdown("# A\n\nPage one text.\n\f\n## B\n\nPage two text.\n");
  EXPECT_EQ(doc.page_count, 2);
  ASSERT_EQ(doc.blocks.size(), 4u);
  EXPECT_EQ(doc.blocks[1].page, 1);
  EXPECT_EQ(doc.blocks[2].page, 2);
  EXPECT_EQ(doc.blocks[3].page, 2);
}

TEST(MarkdownTest, ParagraphRunningOverAPageBreakStaysOneBlock) {
  const Document doc = extract_markdown("The sentence runs\n\f\non to page two. Next one.\n");
  ASSERT_EQ(doc.blocks.size(), 1u);
  const Block& b = doc.blocks[0];
  EXPECT_EQ(b.text, "The sentence runs on to page two. Next one.");
  ASSERT_EQ(b.page_breaks.size(), 1u);
  EXPECT_EQ(b.page_at(0), 1);
  EXPECT_EQ(b.page_at(b.text.find("on to")), 2);
  EXPECT_EQ(b.last_page(), 2);
}

TEST(MarkdownTest, FrontMatterGivesTheTitleAndIsNotText) {
  const Document doc =
      extract_markdown("---\ntitle: \"Front Title\"\nauthor: me\n---\n# Heading\n\nBody.\n");
  EXPECT_EQ(doc.title, "Front Title");
  EXPECT_EQ(all_text(doc).find("author"), std::string::npos);
}

TEST(MarkdownTest, NestedListsKeepEachItemSeparate) {
  const Document doc = extract_markdown("- outer item\n  - inner item\n- last item\n");
  ASSERT_EQ(doc.blocks.size(), 3u);
  EXPECT_EQ(doc.blocks[0].text, "outer item");
  EXPECT_EQ(doc.blocks[1].text, "inner item");
  EXPECT_EQ(doc.blocks[2].text, "last item");
}

TEST(TextTest, ParagraphsPagesAndHeadings) {
  const Document doc = extract_text(
      "Chapter One\n\nThe first paragraph is\nwrapped over lines and is long enough.\n\n"
      "Second paragraph.\n\fThird paragraph on page two.\n");
  EXPECT_EQ(doc.title, "Chapter One");
  EXPECT_EQ(doc.page_count, 2);
  ASSERT_EQ(doc.blocks.size(), 4u);
  EXPECT_EQ(doc.blocks[0].kind, BlockKind::kHeading);
  EXPECT_EQ(doc.blocks[1].text, "The first paragraph is wrapped over lines and is long enough.");
  EXPECT_EQ(doc.blocks[3].page, 2);
}

TEST(TextTest, AnExampleCommandStandingAloneIsNotAHeading) {
  // An Info manual's examples stand alone as headings do, each before its explanation.
  const Document doc = extract_text(
      "Usage\n\nHere are some common questions and answers about grep usage.\n\n"
      "grep -i 'hello.*world' menu.h main.c\n\n"
      "This lists all lines in the files that contain both hello and world.\n\n"
      "grep -e \"$pattern\" ./*\n\n"
      "This searches for the pattern even when it begins with a dash.\n\n"
      "What's new in grep's matching\n\n"
      "The version's changes to matching are listed below in some detail.\n");
  std::vector<std::string> headings;
  for (const Block& b : doc.blocks) {
    if (b.kind == BlockKind::kHeading) headings.push_back(b.text);
  }
  EXPECT_EQ(headings, (std::vector<std::string>{"Usage", "What's new in grep's matching"}));
}

// A definition list written as text (an option table, an Info file's @table): the term over
// a description that opens a sentence of its own is a paragraph apart, never a heading; a
// description that goes on from the term ("'G' appends ...") stays one with it.
TEST(TextTest, ATermStandsApartFromADescriptionThatOpensItsOwnSentence) {
  const Document doc = extract_text(
      "Options\n\nThe options below change what is printed around each match.\n\n"
      "'-A NUM'\n'--after-context=NUM'\n     The number of lines printed after each match.\n\n"
      "'G'\n     appends a line from the hold space.\n\n"
      "'-C NUM'\n     Print NUM lines of context.\n");
  std::vector<std::string> got;
  for (const Block& b : doc.blocks) {
    got.push_back(b.text);
    if (b.text == "'-A NUM' '--after-context=NUM'") {
      EXPECT_EQ(b.kind, BlockKind::kParagraph);
    }
  }
  EXPECT_EQ(
      got, (std::vector<std::string>{
               "Options", "The options below change what is printed around each match.",
               "'-A NUM' '--after-context=NUM'", "The number of lines printed after each match.",
               "'G' appends a line from the hold space.", "'-C NUM' Print NUM lines of context."}));
}

// A list's items after a lead-in each stand alone; a line that only looks like one inside a
// wrapped sentence ("(N" over "* STEP)") does not.
TEST(TextTest, AListItemAfterALeadInIsAParagraphOfItsOwn) {
  const Document doc = extract_text(
      "Zero addresses\n\nThe zero address can be used in two cases:\n"
      "  1. In a range, as the first address.\n  2. With the r command, before the first line.\n\n"
      "A line is selected when its number equals FIRST + (N\n     * STEP) for some N.\n");
  std::vector<std::string> got;
  for (const Block& b : doc.blocks) got.push_back(b.text);
  EXPECT_EQ(got, (std::vector<std::string>{
                     "Zero addresses", "The zero address can be used in two cases:",
                     "1. In a range, as the first address.",
                     "2. With the r command, before the first line.",
                     "A line is selected when its number equals FIRST + (N * STEP) for some N."}));
}

TEST(TextTest, UnderlinedHeadingsTakeTheLevelTheirMarkGives) {
  // As an Info file or reStructuredText writes them; the underline never joins the heading.
  const Document doc = extract_text(
      "GNU Grep\n********\n\n"
      "2.1 Command-line Options\n========================\n\n"
      "2.1.2 Context Line Control\n--------------------------\n"
      "Context lines are non-matching lines that are near a matching line.\n\n"
      "A rule below a long line is no underline\n---\n");
  EXPECT_EQ(doc.title, "GNU Grep");
  ASSERT_EQ(doc.blocks.size(), 5u);
  EXPECT_EQ(doc.blocks[0].level, 1);
  EXPECT_EQ(doc.blocks[1].text, "2.1 Command-line Options");
  EXPECT_EQ(doc.blocks[1].kind, BlockKind::kHeading);
  EXPECT_EQ(doc.blocks[1].level, 2);
  EXPECT_EQ(doc.blocks[2].text, "2.1.2 Context Line Control");
  EXPECT_EQ(doc.blocks[2].level, 3);
  EXPECT_EQ(doc.blocks[3].text,
            "Context lines are non-matching lines that are near a matching line.");
  EXPECT_EQ(doc.blocks[3].kind, BlockKind::kParagraph);
  EXPECT_EQ(doc.blocks[4].text, "A rule below a long line is no underline ---");
}

}  // namespace lectio::ingest
