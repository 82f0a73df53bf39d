// GNU Info files read as the text they are (src/ingest/formats/info.h), through the plain-text
// reader that receives them.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "lectio/ingest/extract.h"

namespace lectio::ingest {
namespace {

std::vector<std::string> texts(const Document& doc) {
  std::vector<std::string> out;
  for (const Block& b : doc.blocks) out.push_back(b.text);
  return out;
}

std::string all_text(const Document& doc) {
  std::string out;
  for (const Block& b : doc.blocks) out += b.text + "\n";
  return out;
}

// An Info file as makeinfo writes one: its first line, the directory entry, a node separator
// (0x1f) before each node's header line, menus at the ends of nodes, the tag table.
std::string info_file(const std::string& body) {
  return "This is tool.info, produced by makeinfo version 6.8 from tool.texi.\n\n"
         "INFO-DIR-SECTION Text creation and manipulation\nSTART-INFO-DIR-ENTRY\n"
         "* tool: (tool).   A tool.\nEND-INFO-DIR-ENTRY\n\n"
         "\x1f\nFile: tool.info,  Node: Top,  Next: Usage,  Up: (dir)\n\n"
         "The tool\n********\n\nThis manual describes the tool and how it is used.\n\n"
         "* Menu:\n\n* Usage::          How to use it.\n\n"
         "\x1f\nFile: tool.info,  Node: Usage,  Prev: Top,  Up: Top\n\n"
         "1 Usage\n*******\n\n" +
         body + "\n\x1f\nTag Table:\nNode: Top96\nNode: Usage420\n\x1f\nEnd Tag Table\n";
}

TEST(InfoTest, WhatOnlyAnInfoReaderUsesIsLeftOut) {
  const Document doc = extract_text(info_file("The tool reads its input line by line.\n"));
  EXPECT_EQ(texts(doc), (std::vector<std::string>{
                            "The tool", "This manual describes the tool and how it is used.",
                            "1 Usage", "The tool reads its input line by line."}));
  EXPECT_EQ(doc.title, "The tool");
  EXPECT_EQ(doc.blocks[2].kind, BlockKind::kHeading);
}

TEST(InfoTest, CrossReferencesReadAsAPrintedManualSaysThem) {
  const Document doc = extract_text(
      info_file("To skip a directory, use '-prune' (*note Directories::).  The default\n"
                "syntax is *note Basic Regular Expressions: BRE syntax. syntax.  *Note\n"
                "Invoking::, for the options.  For more examples *note Joining lines::.\n"));
  EXPECT_EQ(texts(doc).back(),
            "To skip a directory, use '-prune'. The default syntax is Basic Regular Expressions "
            "syntax. See section Invoking, for the options. For more examples see section "
            "Joining lines.");
}

TEST(InfoTest, EmphasisIsReadAsItsWords) {
  const Document doc = extract_text(info_file(
      "'G' _appends_ a line; it does _not\nreplace_ what is there.  A name_with_underscores "
      "and _POSIX2_VERSION stay.\n"));
  EXPECT_EQ(texts(doc).back(),
            "'G' appends a line; it does not replace what is there. A name_with_underscores and "
            "_POSIX2_VERSION stay.");
}

TEST(InfoTest, ADefinitionHeaderIsATermOverItsDescription) {
  const Document doc = extract_text(
      info_file(" -- Action: -exec command {} +\n"
                "     The command is run once with as many file names as fit.\n\n"
                " -- Action: -print\n     print the file name, followed by a newline.\n"));
  const std::vector<std::string> got = texts(doc);
  ASSERT_GE(got.size(), 3u);
  EXPECT_EQ(
      std::vector<std::string>(got.end() - 3, got.end()),
      (std::vector<std::string>{"Action: -exec command {} +",
                                "The command is run once with as many file names as fit.",
                                "Action: -print print the file name, followed by a newline."}));
  for (const Block& b : doc.blocks) {
    if (b.text.starts_with("Action:")) {
      EXPECT_EQ(b.kind, BlockKind::kParagraph);
    }
  }
  EXPECT_EQ(all_text(doc).find("--"), std::string::npos);
}

// makeinfo underlines every heading: a short line standing alone in an Info file is an
// example or a caption ("USERS OPERATION PERMISSIONS" over a table of modes), not a heading.
TEST(InfoTest, OnlyUnderlinedLinesAreHeadings) {
  const Document doc = extract_text(
      info_file("1.1 Modes\n=========\n\nUSERS OPERATION PERMISSIONS\n\n"
                "A mode names who may do what, and the permissions are given after it.\n"));
  std::vector<std::string> headings;
  for (const Block& b : doc.blocks) {
    if (b.kind == BlockKind::kHeading) headings.push_back(b.text);
  }
  EXPECT_EQ(headings, (std::vector<std::string>{"The tool", "1 Usage", "1.1 Modes"}));
}

TEST(InfoTest, TheTitleIsTheTopNodesHeadingAfterTheCopyrightNotice) {
  const Document doc = extract_text(
      "This is tool.info, produced by makeinfo version 6.8 from tool.texi.\n\n"
      "This manual is for the tool, version 1.0.\n\n   Copyright (C) 2022 The Authors.\n\n"
      "\x1f\nFile: tool.info,  Node: Top,  Next: Usage,  Up: (dir)\n\n"
      "GNU Tool\n********\n\nThis manual describes the tool.\n");
  EXPECT_EQ(doc.title, "GNU Tool");
}

TEST(InfoTest, AFileWithoutInfoMarksIsPlainText) {
  const Document doc = extract_text("Notes\n\nSee *note this:: as written, and _this_ too.\n");
  EXPECT_EQ(texts(doc).back(), "See *note this:: as written, and _this_ too.");
}

}  // namespace
}  // namespace lectio::ingest
