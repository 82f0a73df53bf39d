#include "lectio/grounding/grounding.h"

#include <gtest/gtest.h>

namespace lectio::grounding {

TEST(GroundingTest, SupportScoresCopiedParaphrasedAndUnrelatedClaims) {
  const std::vector<std::string> chunk = {
      "Tensor processors use systolic arrays that pass partial sums between neighbouring cells."};
  EXPECT_DOUBLE_EQ(support_score(chunk[0], chunk, "en"), 1.0);
  const double reordered =
      support_score("Neighbouring cells pass partial sums in systolic arrays.", chunk, "en");
  EXPECT_GT(reordered, 0.5);
  EXPECT_LT(reordered, 1.0);
  EXPECT_LT(support_score("Bananas are rich in potassium and fibre.", chunk, "en"), 0.1);
}

TEST(GroundingTest, DropsMissingCitationsAndFillsSources) {
  Chunk real;
  real.source_id = "file_a";
  real.ordinal = 2;
  real.page_start = 2;
  real.page_end = 2;
  real.heading_path = {"Top", "Chips"};
  real.text = "GPUs run thousands of threads at once. TPUs are built around matrix units.";
  Source src;
  src.id = "file_a";
  src.file_name = "a.md";
  src.origin_url = "https://example.com/a";

  lesson::Lesson lesson;
  lesson.language = "en";
  lesson.insights = {"Why GPUs run many threads", "Bananas"};
  lesson::ScriptSection sec{lesson::SectionKind::kInsight, "x", 0, lesson.insights[0], {}};
  lesson::ScriptSentence hello;
  hello.text = "Welcome.";
  hello.role = lesson::SentenceRole::kConnective;
  hello.citations = {"file_a:c0002"};  // a connective cites nothing
  lesson::ScriptSentence good;
  good.text = "GPUs run thousands of threads at once.";
  good.citations = {"file_a:c0002", "file_a:c0099"};
  lesson::ScriptSentence orphan;
  orphan.text = "An uncited claim about TPUs.";
  orphan.citations = {"file_zzz:c0000"};
  sec.sentences = {hello, good, orphan};
  lesson.script.push_back(sec);

  verify_grounding(
      lesson,
      [&](const std::string& id) -> std::optional<Chunk> {
        if (id == "file_a:c0002") return real;
        return std::nullopt;
      },
      [&](const Chunk&) -> std::optional<Source> { return src; });

  const auto& sentences = lesson.script[0].sentences;
  ASSERT_EQ(sentences.size(), 2u);
  EXPECT_TRUE(sentences[0].citations.empty());
  EXPECT_EQ(sentences[1].citations, std::vector<std::string>{"file_a:c0002"});
  EXPECT_DOUBLE_EQ(sentences[1].support, 1.0);
  EXPECT_EQ(lesson.warnings.size(), 3u);  // two bad citations, one removed claim
  ASSERT_EQ(lesson.sources.size(), 1u);
  EXPECT_EQ(lesson.sources[0].chunk_id, "file_a:c0002");
  EXPECT_EQ(lesson.sources[0].pinned_id, "file_a@v1:c0002");
  EXPECT_EQ(lesson.sources[0].pages, "p2-2");
  EXPECT_EQ(lesson.sources[0].file_name, "a.md");
  EXPECT_EQ(lesson.sources[0].origin_url, "https://example.com/a");
  EXPECT_EQ(lesson.grounding.content_sentences, 1);
  EXPECT_DOUBLE_EQ(lesson.grounding.supported_share, 1.0);
  ASSERT_EQ(lesson.grounding.insights.size(), 2u);
  EXPECT_TRUE(lesson.grounding.insights[0].supported);
  EXPECT_GT(lesson.grounding.insights[0].coverage, 0.5);
  EXPECT_FALSE(lesson.grounding.insights[1].supported);
}

}  // namespace lectio::grounding

namespace lectio::grounding {

TEST(GroundingTest, CheckClaimListsTheNamesNumbersAndTermsNoTextHolds) {
  const std::vector<std::string> chunks = {
      "Google announced the TPU in 2016 and designed it for neural network arithmetic.",
      "The first TPU generation used a grid of 256 by 256 cells."};
  const ClaimCheck held = check_claim("Google announced the TPU in 2016.", chunks, "en");
  EXPECT_DOUBLE_EQ(held.support, 1.0);
  EXPECT_TRUE(held.unsupported.empty());
  EXPECT_TRUE(held.facts_held());

  const ClaimCheck invented =
      check_claim("In 1987 the Zorblax Institute announced the TPU with 512 cells.", chunks, "en");
  ASSERT_EQ(invented.unsupported.size(), 3u);
  EXPECT_EQ(invented.unsupported[0].text, "1987");
  EXPECT_EQ(invented.unsupported[0].kind, TermKind::kNumber);
  EXPECT_EQ(invented.unsupported[1].text, "Zorblax Institute");
  EXPECT_EQ(invented.unsupported[1].kind, TermKind::kName);
  EXPECT_EQ(invented.unsupported[2].text, "512");
  EXPECT_FALSE(invented.facts_held());
  EXPECT_LT(invented.support, held.support);

  // A paraphrase leaves a common word unsupported but invents no fact.
  const ClaimCheck paraphrase = check_claim("Google unveiled the TPU in 2016.", chunks, "en");
  ASSERT_EQ(paraphrase.unsupported.size(), 1u);
  EXPECT_EQ(paraphrase.unsupported[0].text, "unveiled");
  EXPECT_EQ(paraphrase.unsupported[0].kind, TermKind::kTerm);
  EXPECT_TRUE(paraphrase.facts_held());
  // The first word of a sentence is capitalised anyway; an acronym is a name wherever it is.
  const ClaimCheck opening = check_claim("Engineers loved NASA's TPU.", chunks, "en");
  ASSERT_EQ(opening.unsupported.size(), 3u);
  EXPECT_EQ(opening.unsupported[0].kind, TermKind::kTerm);
  EXPECT_EQ(opening.unsupported[2].text, "NASA's");
  EXPECT_EQ(opening.unsupported[2].kind, TermKind::kName);
}

TEST(GroundingTest, CheckClaimReadsChinese) {
  const std::vector<std::string> chunks = {"TPU的核心是由乘加单元组成的脉动阵列。"};
  EXPECT_TRUE(check_claim("TPU的核心是脉动阵列。", chunks, "zh").unsupported.empty());
  const ClaimCheck other = check_claim("TPU在1987年由香蕉公司发明。", chunks, "zh");
  EXPECT_FALSE(other.unsupported.empty());
  EXPECT_FALSE(other.facts_held());  // 1987 is a number no chunk holds
}

}  // namespace lectio::grounding
