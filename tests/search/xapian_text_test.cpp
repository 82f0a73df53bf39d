// The search module's one use of Xapian: query parsing, the TermGenerator and snippets, seen
// through the std-only interface the rest of the module uses.
#include "xapian_text.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace lectio::search::xapian_text {

namespace {

using Syntax = QueryParser::Syntax;

ParsedQuery parse(const std::string& text, Syntax syntax) {
  QueryParser parser("en");
  QueryParser::Result result = parser.parse(text, syntax);
  EXPECT_TRUE(result.query) << text << ": " << result.error;
  return *result.query;
}

std::vector<std::string> in_order(const GeneratedTerms& generated) {
  std::vector<std::string> out;
  for (const std::uint32_t place : generated.order) out.push_back(generated.terms.at(place));
  return out;
}

}  // namespace

TEST(XapianTextTest, QueryParserStemsAndDropsStopWordsInBothLanguages) {
  EXPECT_EQ(parse("What are the processors", Syntax::Words).terms(),
            (std::vector<std::string>{"Zprocessor"}));
  EXPECT_EQ(parse("什么 处理器", Syntax::Words).terms(), (std::vector<std::string>{"Z处理器"}));
}

TEST(XapianTextTest, QueryParserReadsPhrasesAndOperatorsOnlyInFullSyntax) {
  const std::string text = "\"wing spans\" -tip";
  const ParsedQuery words = parse(text, Syntax::Words);
  const ParsedQuery full = parse(text, Syntax::Full);
  EXPECT_FALSE(full.same_as(words));
  EXPECT_EQ(words.root().op, QueryOp::Or);
  ASSERT_EQ(full.root().op, QueryOp::AndNot);
  ASSERT_EQ(full.root().children.size(), 2u);
  EXPECT_EQ(full.root().children[0].op, QueryOp::Phrase);
  EXPECT_EQ(full.root().children[0].terms, (std::vector<std::string>{"Zwing", "Zspan"}));
  EXPECT_EQ(full.root().children[1].op, QueryOp::Term);
  EXPECT_EQ(full.root().children[1].terms, (std::vector<std::string>{"Ztip"}));
  // Plain words read the same in both syntaxes.
  EXPECT_TRUE(parse("wing spans", Syntax::Full).same_as(parse("wing spans", Syntax::Words)));
}

TEST(XapianTextTest, TermGeneratorGivesDistinctTermsAndTheirTextOrder) {
  TermGenerator stems("en");
  GeneratedTerms generated;
  stems.generate("Wings span the wings", generated);
  EXPECT_EQ(generated.terms, (std::vector<std::string>{"Zspan", "Zthe", "Zwing"}));
  EXPECT_EQ(generated.order, (std::vector<std::uint32_t>{2, 0, 1, 2}));

  TermGenerator words("en", TermGenerator::Terms::Words);
  words.generate("Wings span \xe2\x80\x94 the C++ wings", generated);
  EXPECT_EQ(in_order(generated),
            (std::vector<std::string>{"wings", "span", "the", "c++", "wings"}));
  words.generate("", generated);
  EXPECT_TRUE(generated.terms.empty());
  EXPECT_TRUE(generated.order.empty());
}

TEST(XapianTextTest, SnippetMarksTheQueryWordsStemmed) {
  SnippetMaker snippets;
  snippets.set_query(parse("wing thickening", Syntax::Words));
  EXPECT_EQ(snippets.snippet("The boundary layers of the wings thicken.", 300, "en"),
            "The boundary layers of the [[wings]] [[thicken]].");
}

}  // namespace lectio::search::xapian_text
