// The document's sections as its authors divided them, and which of them teach a focus.
#include "lectio/extract/sections.h"

#include <gtest/gtest.h>

#include "lectio/text/terms.h"

namespace lectio::extract {

namespace {

Chunk chunk(int ordinal, std::vector<std::string> path, std::string text) {
  Chunk c;
  c.source_id = "file_manual";
  c.ordinal = ordinal;
  c.heading_path = std::move(path);
  c.text = std::move(text);
  return c;
}

int section_named(const SectionTree& tree, const std::string& heading) {
  for (std::size_t s = 0; s < tree.sections().size(); ++s) {
    if (tree.sections()[s].heading == heading) return static_cast<int>(s);
  }
  return -1;
}

}  // namespace

TEST(SectionsTest, HeadingNumbersAreReadAsTheOutlineMeansThem) {
  EXPECT_EQ(heading_number("3.5.1 Brace Expansion"), (std::vector<int>{3, 5, 1}));
  EXPECT_EQ(heading_number("4.0 The Rollback Journal"), (std::vector<int>{4}));
  EXPECT_EQ(heading_number("7. Test Coverage"), (std::vector<int>{7}));
  EXPECT_EQ(heading_number("3.1.2.4 ANSI-C Quoting"), (std::vector<int>{3, 1, 2, 4}));
  EXPECT_EQ(heading_number("3.5.1Brace Expansion"), (std::vector<int>{3, 5, 1}));  // a PDF's join
  EXPECT_TRUE(heading_number("3D graphics").empty());
  EXPECT_TRUE(heading_number("2016 in review").empty());
  EXPECT_TRUE(heading_number("Syntax").empty());
}

// A PDF's outline is flat under the chapter ("3 Basic Shell Features > 3.5.1 Brace
// Expansion"); the numbers nest it, and a layout line taken for a heading between numbered
// sections belongs to the section before it.
TEST(SectionsTest, NumberedHeadingsNestByTheirNumbers) {
  lesson::Material m;
  const std::string manual = "Bash Reference Manual";
  m.chunks = {
      chunk(0, {manual, "3 Basic Shell Features", "3.5 Shell Expansions"},
            "Expansion is performed on the command line after it has been split into words."),
      chunk(1, {manual, "3 Basic Shell Features", "3.5.1 Brace Expansion"},
            "Brace expansion is a mechanism by which arbitrary strings may be generated."),
      chunk(2, {manual, "3 Basic Shell Features", "The format for a pipeline is"},
            "Brace expansions may be nested in one another."),
      chunk(3, {manual, "3 Basic Shell Features", "3.6 Redirections"},
            "Before a command is executed, its input and output may be redirected."),
  };
  const auto candidates = build_candidates(m, "en");
  ASSERT_EQ(candidates.size(), 4u);
  const SectionTree tree(m, candidates, "en");
  const int expansions = section_named(tree, "3.5 Shell Expansions");
  const int brace = section_named(tree, "3.5.1 Brace Expansion");
  const int redirections = section_named(tree, "3.6 Redirections");
  ASSERT_GE(expansions, 0);
  ASSERT_GE(brace, 0);
  EXPECT_EQ(tree.sections()[static_cast<std::size_t>(brace)].parent, expansions);
  EXPECT_EQ(section_named(tree, "The format for a pipeline is"), -1);
  EXPECT_EQ(tree.section_of(2), brace);
  EXPECT_TRUE(tree.contains(expansions, brace));
  EXPECT_FALSE(tree.contains(expansions, redirections));
  EXPECT_EQ(tree.subtree_candidates(expansions), (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(tree.rank_in_section(2), 1);
}

// "What a line of sources.list says" is taught under "Syntax", a heading that names none of
// its words, because the heading above it names the file and the text is about its lines; a
// section elsewhere that mentions a line once does not compete.
TEST(SectionsTest, AHeadingPathAndTheTextUnderItOutweighAWordSharedElsewhere) {
  lesson::Material m;
  const std::string book = "The Debian Administrator's Handbook";
  m.chunks = {
      chunk(0, {book, "Filling in the sources.list File", "Syntax"},
            "Each active line of the sources.list file describes a package source. The line "
            "is made of at least three parts separated by spaces. The first field gives the "
            "type of the source."),
      chunk(1, {book, "Filling in the sources.list File", "Repositories for Stable Users"},
            "Stable users should use the security repository. Updates arrive there first."),
      chunk(2, {book, "Basic Shell Use"},
            "A shell reads one line at a time from the terminal. The prompt shows where you "
            "are."),
  };
  const auto candidates = build_candidates(m, "en");
  const Scorer scorer(candidates, "en");
  const SectionTree tree(m, candidates, "en");
  Focus focus;
  focus.terms = text::terms("What a line of sources.list says", "en");
  const auto scores = tree.scores(focus, scorer.relevance(focus), scorer);
  const int syntax = section_named(tree, "Syntax");
  const int shell = section_named(tree, "Basic Shell Use");
  const int stable = section_named(tree, "Repositories for Stable Users");
  EXPECT_GT(scores[static_cast<std::size_t>(syntax)], scores[static_cast<std::size_t>(shell)]);
  EXPECT_GT(scores[static_cast<std::size_t>(syntax)], scores[static_cast<std::size_t>(stable)]);
}

}  // namespace lectio::extract
