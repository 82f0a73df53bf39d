// ROUGE against values worked out by hand from the definitions (Lin 2004).
#include "lectio/eval/rouge.h"

#include <gtest/gtest.h>

namespace lectio::eval {

namespace {

constexpr double kEps = 1e-9;

}  // namespace

TEST(RougeTest, OneSentenceEachCountsClippedUnigramsBigramsAndTheLcs) {
  // Unigrams: the x2, cat, on, mat match (5 of 6 each side). Bigrams: "the cat", "on the",
  // "the mat" (3 of 5). LCS: "the cat on the mat" (5 of 6).
  const RougeScores s = rouge("The cat sat on the mat.", "the cat is on the mat");
  EXPECT_NEAR(s.rouge1, 5.0 / 6, kEps);
  EXPECT_NEAR(s.rouge2, 3.0 / 5, kEps);
  EXPECT_NEAR(s.rouge_l, 5.0 / 6, kEps);
}

TEST(RougeTest, F1CombinesDifferentPrecisionAndRecall) {
  // Candidate a b c d, reference a c e: 2 matches, P = 2/4, R = 2/3, F1 = 4/7. No common
  // bigram. LCS "a c" has length 2 as well.
  const RougeScores s = rouge("a b c d", "a c e");
  EXPECT_NEAR(s.rouge1, 4.0 / 7, kEps);
  EXPECT_NEAR(s.rouge2, 0.0, kEps);
  EXPECT_NEAR(s.rouge_l, 4.0 / 7, kEps);
}

TEST(RougeTest, RepeatedCandidateWordsAreClippedToTheReferenceCount) {
  // "the" appears once in the reference: 1 match, P = 1/4, R = 1/2, F1 = 1/3.
  const RougeScores s = rouge("the the the the", "the cat");
  EXPECT_NEAR(s.rouge1, 1.0 / 3, kEps);
  EXPECT_NEAR(s.rouge2, 0.0, kEps);
  EXPECT_NEAR(s.rouge_l, 1.0 / 3, kEps);
}

TEST(RougeTest, TokensAreLowerCasedAlphanumericRuns) {
  // Punctuation, case and non-ASCII characters only separate tokens: "Kilmarnock’s" is
  // "kilmarnock s" and "3.5%" is "3 5".
  const RougeScores same = rouge("KILMARNOCK’S growth: 3.5%!", "kilmarnock s growth 3 5");
  EXPECT_NEAR(same.rouge1, 1.0, kEps);
  EXPECT_NEAR(same.rouge2, 1.0, kEps);
  EXPECT_NEAR(same.rouge_l, 1.0, kEps);
}

TEST(RougeTest, SummaryLevelLcsTakesTheUnionOverCandidateSentences) {
  // Reference sentence "a b c d"; candidate sentences "c d" and "a b". Each candidate
  // sentence covers two reference words, the union all four: P = R = 1. Read as one sentence,
  // "c d a b" would share an LCS of only 2 with it.
  EXPECT_NEAR(rouge("c d\na b", "a b c d").rouge_l, 1.0, kEps);
  EXPECT_NEAR(rouge("c d a b", "a b c d").rouge_l, 0.5, kEps);
}

TEST(RougeTest, SummaryLevelLcsFollowsLinsExample) {
  // Lin (2004), section 3.2: r = w1..w5, c1 = w1 w2 w6 w7 w8, c2 = w1 w3 w8 w9 w5. The union
  // LCS is w1 w2 w3 w5: 4 hits, R = 4/5, P = 4/10, F1 = 8/15.
  const RougeScores s = rouge("w1 w2 w6 w7 w8\nw1 w3 w8 w9 w5", "w1 w2 w3 w4 w5");
  EXPECT_NEAR(s.rouge_l, 8.0 / 15, kEps);
}

TEST(RougeTest, SingleLineReferencesSplitAtSentenceEnds) {
  // CNN/DailyMail references are one line with " . " between sentences.
  EXPECT_NEAR(rouge("c d\na b", "a b . c d .").rouge_l, 1.0, kEps);
  // Each reference sentence gets its own union: "a b" shares one word with "b a" (its LCS
  // is 1 long), "b a" shares both. The candidate has a single "a", so clipping leaves 2 hits:
  // P = 2/2, R = 2/4, F1 = 2/3.
  EXPECT_NEAR(rouge("b a", "a b . b a .").rouge_l, 2.0 / 3, kEps);
}

TEST(RougeTest, EmptyTextsScoreZero) {
  const RougeScores s = rouge("", "the cat");
  EXPECT_EQ(s.rouge1, 0);
  EXPECT_EQ(s.rouge2, 0);
  EXPECT_EQ(s.rouge_l, 0);
  EXPECT_EQ(rouge("the cat", "...").rouge1, 0);
}

}  // namespace lectio::eval
