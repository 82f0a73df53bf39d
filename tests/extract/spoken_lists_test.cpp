// A list's lead-in and its items heard as one sentence.
#include "lectio/extract/spoken_lists.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "lectio/extract/candidates.h"

namespace lectio::extract {

namespace {

Chunk chunk(std::string text) {
  Chunk c;
  c.source_id = "file_manual";
  c.text = std::move(text);
  return c;
}

bool spoken(const std::vector<Candidate>& all, const std::string& text) {
  return std::any_of(all.begin(), all.end(), [&](const Candidate& c) { return c.text == text; });
}

}  // namespace

// From the Bash manual: the seven kinds of expansion are lines of their own under a lead-in.
TEST(SpokenListsTest, ALeadInAndItsItemsAreOneSentence) {
  EXPECT_EQ(said_with_items("There are seven kinds of expansion performed:",
                            {"brace expansion", "tilde expansion", "word splitting"}, "en"),
            "There are seven kinds of expansion performed: brace expansion, tilde expansion, and "
            "word splitting.");
  EXPECT_EQ(said_with_items("Advantages include:", {"speed", "concurrency"}, "en"),
            "Advantages include: speed and concurrency.");
  // An item with a comma of its own is set apart with semicolons.
  EXPECT_EQ(said_with_items("Removing a package:",
                            {"resolve the dependencies",
                             "remove its files, but not its "
                             "configuration"},
                            "en"),
            "Removing a package: resolve the dependencies and remove its files, but not its "
            "configuration.");
  // "the following" points at the page; said with the list, it points at these.
  EXPECT_EQ(said_with_items("Each column is assigned one of the following type affinities:",
                            {"TEXT", "NUMERIC", "BLOB"}, "en"),
            "Each column is assigned one of these type affinities: TEXT, NUMERIC, and BLOB.");
  // From the Debian Reference in Chinese: what removing a package does.
  EXPECT_EQ(said_with_items(
                "移除（“apt remove …”）：",
                {"解决软件包依赖关系", "运行 prerm 脚本", "移除已安装的文件，除了配置文件"}, "zh"),
            "移除（“apt remove …”）：解决软件包依赖关系；运行 prerm "
            "脚本；移除已安装的文件，除了配置文件。");
  EXPECT_EQ(said_with_items("三类用户：", {"所有者", "组", "其他人"}, "zh"),
            "三类用户：所有者、组、其他人。");
  // One item is no list; a lead-in needs its colon.
  EXPECT_FALSE(said_with_items("Advantages include:", {"speed"}, "en"));
  EXPECT_FALSE(said_with_items("Advantages include", {"speed", "concurrency"}, "en"));
  EXPECT_FALSE(said_with_items("Letters:", std::vector<std::string>(kMaxListItems + 1, "a"), "en"));
}

// Code, option tables, diagrams and addresses are not items a listener could hear.
TEST(SpokenListsTest, OnlyPlainWordsAreItems) {
  EXPECT_TRUE(list_item("parameter and variable expansion", "en"));
  EXPECT_TRUE(list_item("TEXT", "en"));
  EXPECT_TRUE(list_item("运行 prerm 脚本", "zh"));
  EXPECT_TRUE(list_item("Choose packages listed on the command line", "zh"));
  EXPECT_FALSE(list_item("WAL is significantly faster in most scenarios.", "en"));  // a sentence
  EXPECT_FALSE(list_item("But there are also disadvantages:", "en"));               // a lead-in
  EXPECT_FALSE(list_item("a<=b", "en"));
  EXPECT_FALSE(list_item("-dDisplay a short description of each pattern", "en"));
  EXPECT_FALSE(list_item("Neil Schemenauer <nas@debian.org>", "en"));
  EXPECT_FALSE(list_item("  experimental", "en"));
  EXPECT_FALSE(list_item("* master", "en"));
  EXPECT_FALSE(list_item("apt update; aptitude update; apt-get update", "en"));
  EXPECT_FALSE(list_item("(edit files)", "en"));
  EXPECT_FALSE(
      list_item("Choose candidate version which is usually the latest available version "
                "for all installed packages",
                "en"));
}

// In a chunk: the list is heard in its lead-in's sentence, and its items are not heard again.
// A list the chunk ends on may go on in the next chunk, so it is not said as if whole.
TEST(SpokenListsTest, AChunksListIsHeardOnceAndOnlyWhenItEndsInTheChunk) {
  lesson::Material m;
  m.chunks = {chunk("Bash expands words in several ways. There are seven kinds of expansion "
                    "performed:\nbrace expansion\ntilde expansion\nfilename expansion\nThe order "
                    "of expansions is fixed by the shell."),
              chunk("Removing a package takes several steps:\nresolve the dependencies\nrun the "
                    "prerm script")};
  m.chunks[1].ordinal = 1;
  const auto all = build_candidates(m, "en");
  EXPECT_TRUE(spoken(all,
                     "There are seven kinds of expansion performed: brace expansion, tilde "
                     "expansion, and filename expansion."));
  EXPECT_TRUE(spoken(all, "The order of expansions is fixed by the shell."));
  EXPECT_FALSE(std::any_of(all.begin(), all.end(),
                           [](const Candidate& c) { return c.text.starts_with("Removing"); }));
  // The items are not candidates of their own, and the sentence after the list follows it.
  const auto order = std::find_if(
      all.begin(), all.end(), [](const Candidate& c) { return c.text.starts_with("The order"); });
  ASSERT_NE(order, all.end());
  ASSERT_GE(order->previous, 0);
  EXPECT_TRUE(all[static_cast<std::size_t>(order->previous)].text.starts_with("There are seven"));
  EXPECT_EQ(all.size(), 3u);
}

// From SQLite's datatypes page: each line of the list defines its term ("NULL. The value is a
// NULL value."); the list is heard as its terms, and each definition stays a sentence, heard
// with its term.
TEST(SpokenListsTest, AListOfDefinedTermsIsHeardAsItsTerms) {
  lesson::Material m;
  m.chunks = {
      chunk("Each value stored in an SQLite database has one of the following storage "
            "classes:\nNULL. The value is a NULL value.\nINTEGER. The value is a signed "
            "integer.\nREAL. The value is a floating point value.\nTEXT. The value is a "
            "text string, stored using the database encoding.\nA storage class is more "
            "general than a datatype.")};
  const auto all = build_candidates(m, "en");
  EXPECT_TRUE(spoken(all,
                     "Each value stored in an SQLite database has one of these storage classes: "
                     "NULL, INTEGER, REAL, and TEXT."));
  EXPECT_TRUE(spoken(all, "INTEGER: The value is a signed integer."));
  EXPECT_TRUE(spoken(all, "TEXT: The value is a text string, stored using the database encoding."));
  EXPECT_TRUE(spoken(all, "A storage class is more general than a datatype."));
  EXPECT_FALSE(spoken(all, "NULL."));
  // A list of lines that are sentences, not terms, is not said as one.
  m.chunks = {
      chunk("The writer goes through these steps:\nIt takes a lock. Then it writes the "
            "journal.\nIt writes the database pages and syncs them to the disk.\nThe "
            "journal is deleted at the end.")};
  const auto steps = build_candidates(m, "en");
  EXPECT_FALSE(std::any_of(steps.begin(), steps.end(), [](const Candidate& c) {
    return c.text.starts_with("The writer goes through these steps: ");
  }));
}

// From GNU sed's manual: numbered items written as sentences under a lead-in that needs them
// ("... can be used in two cases:" / "1. In a regex range addresses as ‘0,/REGEXP/’."). Heard
// alone, each was a fragment; said with the lead-in, they are one sentence, a name in quotes
// kept as the manual writes it.
TEST(SpokenListsTest, NumberedItemsWrittenAsSentencesAreSaidWithTheirLeadIn) {
  lesson::Material m;
  m.chunks = {
      chunk("As a GNU \u2018sed\u2019 extension, \u20180\u2019 address can be used in two cases:\n"
            "1. In a regex range addresses as \u20180,/REGEXP/\u2019.\n"
            "2. With the \u2018r\u2019 command, inserting a file before the first line.\n"
            "Note that these are the only places where the \u20180\u2019 address makes sense.")};
  const auto all = build_candidates(m, "en");
  EXPECT_TRUE(spoken(all,
                     "As a GNU \u2018sed\u2019 extension, \u20180\u2019 address can be used in "
                     "two cases: in a regex range addresses as \u20180,/REGEXP/\u2019 and with "
                     "the \u2018r\u2019 command, inserting a file before the first line."));
  EXPECT_FALSE(spoken(all, "In a regex range addresses as \u20180,/REGEXP/\u2019."));
  EXPECT_FALSE(spoken(all, "1."));
  EXPECT_EQ(numbered_item("In a regex range addresses as \u20180,/REGEXP/\u2019.", "en"),
            "in a regex range addresses as \u20180,/REGEXP/\u2019");
  EXPECT_EQ(numbered_item("NULL values sort first.", "en"), "NULL values sort first");
  // Code outside quotes is still no item; nor is a line without its full stop a numbered one.
  EXPECT_FALSE(numbered_item("Run sed -n /x/p on the file.", "en"));
  EXPECT_FALSE(numbered_item("In a regex range", "en"));
  // Numbered steps under a lead-in that are sentences of their own stay sentences.
  m.chunks = {
      chunk("To build it:\n1. The archive is unpacked into a directory of its own "
            "before anything else is done with it.\n2. The build then writes the "
            "program and its manual pages into that directory.\nThat is all.")};
  const auto steps = build_candidates(m, "en");
  EXPECT_TRUE(
      spoken(steps, "The build then writes the program and its manual pages into that directory."));
}

}  // namespace lectio::extract
