#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "lectio/core/error.h"
#include "lectio/ingest/extract.h"

namespace lectio::ingest {
namespace {

std::string all_text(const Document& doc) {
  std::string out;
  for (const Block& b : doc.blocks) out += b.text + "\n";
  return out;
}

TEST(HtmlTest, HeadingsParagraphsListsQuotesAndCode) {
  const Document doc = extract_html(R"(<!doctype html>
<html><head><title>  The   Guide </title><style>p { color: red }</style></head>
<body>
  <h1>Getting <em>started</em></h1>
  <p>First   paragraph
     spans <a href="#">two</a> lines.<br>After a break.</p>
  <ul><li>Alpha</li><li>Beta <b>bold</b></li></ul>
  <blockquote><p>Quoted words.</p></blockquote>
  <pre>int main() {
  return 0;
}</pre>
  <h3>Deeper</h3>
  <div>Loose text in a div.</div>
</body></html>)");
  EXPECT_EQ(doc.title, "The Guide");
  ASSERT_EQ(doc.blocks.size(), 8u);
  EXPECT_EQ(doc.blocks[0].kind, BlockKind::kHeading);
  EXPECT_EQ(doc.blocks[0].level, 1);
  EXPECT_EQ(doc.blocks[0].text, "Getting started");
  EXPECT_EQ(doc.blocks[1].kind, BlockKind::kParagraph);
  EXPECT_EQ(doc.blocks[1].text, "First paragraph spans two lines. After a break.");
  EXPECT_EQ(doc.blocks[2].kind, BlockKind::kListItem);
  EXPECT_EQ(doc.blocks[2].text, "Alpha");
  EXPECT_EQ(doc.blocks[3].text, "Beta bold");
  EXPECT_EQ(doc.blocks[4].kind, BlockKind::kQuote);
  EXPECT_EQ(doc.blocks[4].text, "Quoted words.");
  EXPECT_EQ(doc.blocks[5].kind, BlockKind::kCode);
  EXPECT_EQ(doc.blocks[5].text, "int main() {\n  return 0;\n}");
  EXPECT_EQ(doc.blocks[6].level, 3);
  EXPECT_EQ(doc.blocks[7].text, "Loose text in a div.");
  EXPECT_EQ(doc.page_count, 1);
  for (const Block& b : doc.blocks) EXPECT_EQ(b.page, 1);
}

TEST(HtmlTest, TitleFallsBackToFirstH1) {
  const Document doc = extract_html("<h2>Minor</h2><h1>Major</h1><p>x</p>");
  EXPECT_EQ(doc.title, "Major");
}

TEST(HtmlTest, TableRowsJoinCellsWithSemicolons) {
  const Document doc = extract_html(R"(<table>
<thead><tr><th>Name</th><th>Value</th></tr></thead>
<tbody><tr><td>alpha</td><td></td><td><p>1 <i>unit</i></p></td></tr></tbody>
</table>)");
  ASSERT_EQ(doc.blocks.size(), 2u);
  EXPECT_EQ(doc.blocks[0].kind, BlockKind::kTableRow);
  EXPECT_EQ(doc.blocks[0].text, "Name; Value");
  EXPECT_EQ(doc.blocks[1].text, "alpha; 1 unit");
}

TEST(HtmlTest, SkipsScriptsStylesNavAndHiddenContent) {
  const Document doc = extract_html(R"(<html><head><script>var head = 1;</script></head><body>
<nav><a href="/">Home</a> | <a href="/about">About</a></nav>
<script>document.write("<p>injected</p>");</script>
<noscript>Enable JavaScript</noscript>
<template><p>template text</p></template>
<svg><text>svg label</text></svg>
<iframe src="x">frame text</iframe>
<p hidden>secret</p>
<p>Visible <style>.x{}</style>text.</p>
</body></html>)");
  ASSERT_EQ(doc.blocks.size(), 1u);
  EXPECT_EQ(doc.blocks[0].text, "Visible text.");
}

TEST(HtmlTest, AHeadingsPermalinkMarkIsNotItsText) {
  // Sphinx, MkDocs and others end each heading with a link to itself.
  const Document doc = extract_html(R"(<html><body>
<h2>Checkpointing<a class="headerlink" href="#checkpointing" title="Link to this heading">¶</a></h2>
<h3 id="x"><a href="#x"> # </a>Readers</h3>
<p>See <a href="#checkpointing">§</a> above and <a href="/other">#</a> there.</p>
</body></html>)");
  ASSERT_EQ(doc.blocks.size(), 3u);
  EXPECT_EQ(doc.blocks[0].text, "Checkpointing");
  EXPECT_EQ(doc.blocks[1].text, "Readers");
  EXPECT_EQ(doc.blocks[2].text, "See above and # there.") << "a link elsewhere keeps its text";
}

TEST(HtmlTest, DecodesEntitiesAndLeaksNoMarkup) {
  const Document doc = extract_html(
      "<p>Fish &amp; chips &lt;b&gt; &eacute;t&eacute; &#x4E2D;&#25991; &nbsp;&quot;ok&quot;"
      "</p><!-- a comment --><p>a<b>b</b>c hy&shy;phen</p>");
  ASSERT_EQ(doc.blocks.size(), 2u);
  EXPECT_EQ(doc.blocks[0].text,
            "Fish & chips <b> \xc3\xa9t\xc3\xa9 \xe4\xb8\xad\xe6\x96\x87 \"ok\"");
  EXPECT_EQ(doc.blocks[1].text, "abc hyphen");
  EXPECT_EQ(all_text(doc).find("comment"), std::string::npos);
}

TEST(HtmlTest, CssPageBreaksStartNewPages) {
  const Document doc = extract_html(R"(<body>
<h1 style="page-break-before: always">One</h1><p>First page.</p>
<h1 style="PAGE-BREAK-BEFORE:always">Two</h1><p>Second page.</p>
<div style="color: red; break-before: page">Third page.</div>
<p style="break-after: page">Still third.</p>
<p>Fourth page.</p>
</body>)");
  ASSERT_EQ(doc.blocks.size(), 7u);
  const int expected[] = {1, 1, 2, 2, 3, 3, 4};
  for (std::size_t i = 0; i < doc.blocks.size(); ++i) {
    EXPECT_EQ(doc.blocks[i].page, expected[i]) << doc.blocks[i].text;
  }
  EXPECT_EQ(doc.page_count, 4);
}

TEST(HtmlTest, NestedListsAndListParagraphs) {
  const Document doc =
      extract_html("<ol><li><p>Outer item</p><ul><li>Inner item</li></ul></li></ol>");
  ASSERT_EQ(doc.blocks.size(), 2u);
  EXPECT_EQ(doc.blocks[0].kind, BlockKind::kListItem);
  EXPECT_EQ(doc.blocks[0].text, "Outer item");
  EXPECT_EQ(doc.blocks[1].kind, BlockKind::kListItem);
  EXPECT_EQ(doc.blocks[1].text, "Inner item");
}

TEST(HtmlTest, EmptyAndGarbageInputGiveNoBlocks) {
  EXPECT_TRUE(extract_html("").blocks.empty());
  EXPECT_TRUE(extract_html("<html><body>   </body></html>").blocks.empty());
  EXPECT_TRUE(extract_html("<p>&nbsp;\xe2\x80\x83</p><p> </p>").blocks.empty());
  const Document doc = extract_html(std::string("\x00\x01<p>x", 5));
  for (const Block& b : doc.blocks) EXPECT_EQ(b.text.find('<'), std::string::npos);
}

TEST(HtmlTest, AbsurdNestingIsRejected) {
  std::string html;
  for (int i = 0; i < 2000; ++i) html += "<div>";
  html += "deep";
  EXPECT_THROW(extract_html(html), InvalidInput);
}

std::string repeat(std::string_view piece, int times) {
  std::string out;
  out.reserve(piece.size() * times);
  for (int i = 0; i < times; ++i) out += piece;
  return out;
}

TEST(HtmlTest, RefusesDeepNestingBeforeParsing) {
  // 200,000 levels: refused by the linear pre-scan (gumbo alone took over a minute).
  const std::string deep = "<html><body>" + repeat("<div>", 200000) + "x" + "</body></html>";
  try {
    extract_html(deep);
    FAIL() << "a document nested 200,000 levels deep was accepted";
  } catch (const InvalidInput& e) {
    EXPECT_NE(std::string(e.what()).find("1000 levels"), std::string::npos) << e.what();
  }
  const std::string just_over = "<body>" + repeat("<div>", 1001) + "x" + repeat("</div>", 1001);
  EXPECT_THROW(extract_html(just_over), InvalidInput);
  const std::string just_under = "<body>" + repeat("<div>", 990) + "x" + repeat("</div>", 990);
  EXPECT_NE(all_text(extract_html(just_under)).find("x"), std::string::npos);
}

TEST(HtmlTest, DepthCountsWhatAParserNests) {
  // Unclosed paragraphs, list items and cells, void elements, SVG drawings, comments and
  // script text open no level; closed siblings do not add up.
  std::string html = "<body>" + repeat("<p>para", 3000) + repeat("<li>item", 3000) +
                     repeat("<br><img src=x>", 3000) + "<svg>" + repeat("<path d='M0 0'/>", 3000) +
                     "</svg>" + "<!--" + repeat("<div>", 3000) + "-->" + "<script>" +
                     repeat("<div>", 3000) + "</script>" + repeat("<div>a</div>", 3000) +
                     "<table>" + repeat("<tr><td>cell", 3000) + "</table><p>The end.</body>";
  const Document doc = extract_html(html);
  EXPECT_NE(all_text(doc).find("The end."), std::string::npos);
  // As for gumbo, "<span/>" opens a span: 3,000 of them nest 3,000 deep.
  EXPECT_THROW(extract_html("<body>" + repeat("<span/>", 3000) + "x</body>"), InvalidInput);
}

// A FAQ written as a definition list: a term that is a sentence (a question or a statement)
// heads its answer, a level below its section; a term that names a thing stays a paragraph.
TEST(HtmlTest, ADefinitionListTermThatIsASentenceHeadsItsDescription) {
  const Document doc = extract_html(R"(<html><body><h1>FAQ</h1><h2>Configuration</h2>
<dl><dt>What should I put in <code>user.name</code>?</dt>
<dd><p>You should put your personal name.</p><p>It is stored in every commit.</p></dd>
<dt>I'm on Windows and my files show as binary.</dt><dd><p>Store text as UTF-8.</p></dd>
<dt>core.fileMode</dt><dd><p>Tells Git whether the executable bit matters.</p></dd></dl>
<h2>Credentials</h2><p>Git asks for them when it needs them.</p></body></html>)");
  std::vector<std::pair<std::string, int>> headings;
  for (const Block& b : doc.blocks) {
    if (b.kind == BlockKind::kHeading) headings.emplace_back(b.text, b.level);
  }
  EXPECT_EQ(headings, (std::vector<std::pair<std::string, int>>{
                          {"FAQ", 1},
                          {"Configuration", 2},
                          {"What should I put in user.name?", 3},
                          {"I'm on Windows and my files show as binary.", 3},
                          {"Credentials", 2}}));
  EXPECT_NE(all_text(doc).find("core.fileMode\n"), std::string::npos);
}

}  // namespace
}  // namespace lectio::ingest
