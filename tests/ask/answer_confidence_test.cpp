// The refusal model (answer_confidence.h) over the real ranker on hand-made sentences: a lead
// that holds the whole question is surer than one that lacks the question's heaviest word,
// the features read the ranking as documented, and a learner's question the model doubts is
// refused while a brief's question (weigh_absent_terms off) never meets the model.
#include "lectio/ask/answer_confidence.h"

#include <gtest/gtest.h>

#include "support/answer_candidates.h"

namespace lectio::ask {

namespace {

double confidence_of(std::string_view question, const std::vector<extract::Candidate>& c) {
  const PickOptions options;
  const std::vector<RankedCandidate> ranked = rank_candidates(question, c, "en", options);
  EXPECT_FALSE(ranked.empty());
  if (ranked.empty()) return 0;
  return answer_confidence(confidence_features(ranked, 0, options.min_coverage));
}

const std::vector<extract::Candidate>& sky() {
  static const std::vector<extract::Candidate> c = candidates_of({
      "Sky launched its digital television service in the United Kingdom in 1998.",
      "The service carried two hundred channels by the end of its first year.",
      "Engineers in Scotland built the first set-top boxes for the company.",
  });
  return c;
}

}  // namespace

TEST(AnswerConfidenceTest, FeaturesReadTheLeadTheMarginAndWhatIsMissing) {
  const PickOptions options;
  const std::vector<RankedCandidate> ranked =
      rank_candidates("When did Sky launch its digital service in Ireland?", sky(), "en", options);
  ASSERT_GE(ranked.size(), 2u);
  const ConfidenceFeatures f = confidence_features(ranked, 0, options.min_coverage);
  EXPECT_DOUBLE_EQ(f[kCLeadCoverage], ranked[0].coverage);
  EXPECT_DOUBLE_EQ(f[kCLeadScore], ranked[0].score);
  EXPECT_GT(f[kCLeadMissMax], 0);  // "Ireland" is in no sentence
  EXPECT_GT(f[kCAbsent], 0);
  EXPECT_GT(f[kCLeadProbability], 0);
  EXPECT_LE(f[kCLeadProbability], 1);
  EXPECT_LE(f[kCLeastMissMax], f[kCLeadMissMax]);
}

TEST(AnswerConfidenceTest, ALeadHoldingTheWholeQuestionIsSurerThanOneMissingItsHeaviestWord) {
  const double whole = confidence_of("When did Sky launch its digital television service?", sky());
  const double swapped =
      confidence_of("When did Sky launch its digital television service in Ireland?", sky());
  EXPECT_GT(whole, swapped);
  EXPECT_GE(whole, min_answer_confidence());
}

TEST(AnswerConfidenceTest, ALearnersQuestionTheModelDoubtsIsRefusedABriefsIsNot) {
  // Its words are spread over sentences that say nothing of who carried anything in Scotland.
  const std::string q = "Who carried the boxes by the end of the year in Scotland?";
  const PickOptions learner;
  const std::vector<RankedCandidate> ranked = rank_candidates(q, sky(), "en", learner);
  ASSERT_FALSE(ranked.empty());
  const double p = answer_confidence(confidence_features(ranked, 0, learner.min_coverage));
  ASSERT_LT(p, min_answer_confidence()) << "the model should doubt this lead";
  PickOptions unsure_off;
  unsure_off.refuse_unsure = false;
  EXPECT_EQ(lead(q, sky(), learner), "");
  EXPECT_NE(lead(q, sky(), unsure_off), "");
  PickOptions brief;
  brief.weigh_absent_terms = false;
  EXPECT_NE(lead(q, sky(), brief), "");
}

}  // namespace lectio::ask
