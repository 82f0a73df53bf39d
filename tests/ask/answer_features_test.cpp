// The answer ranker's features (answer_features.h, answer_words.h) on hand-made sentences, and
// the fitted weights' effect on which sentence leads an answer.
#include "lectio/ask/answer_features.h"

#include <gtest/gtest.h>

#include "lectio/ask/answer_core.h"
#include "lectio/text/terms.h"
#include "support/answer_candidates.h"

namespace lectio::ask {

namespace {

TermWeights weights_of(std::string_view question) {
  TermWeights out;
  for (const std::string& t : question_terms(question, "en")) out.emplace_back(t, 1.0);
  return out;
}

}  // namespace

TEST(AnswerFeaturesTest, PhrasesRunsAndSpreadOfTheQuestionsTerms) {
  const TermWeights q = weights_of("Which digital television service launched?");
  const auto together = text::terms("The digital television service launched in 1998.", "en");
  const auto apart = text::terms("A service for digital boxes and television was launched.", "en");
  EXPECT_DOUBLE_EQ(pair_share(q, together), 1.0);
  EXPECT_LT(pair_share(q, apart), 0.5);
  EXPECT_EQ(longest_run(q, together), 4);  // digital television service launched
  EXPECT_EQ(longest_run(q, apart), 1);
  std::set<std::string> asked;
  for (const auto& [t, w] : q) asked.insert(t);
  EXPECT_DOUBLE_EQ(density(asked, together), 1.0);
  EXPECT_LT(density(asked, apart), 0.9);  // 4 of them over 5 terms
  EXPECT_DOUBLE_EQ(density(asked, text::terms("Nothing here matches.", "en")), 0.0);
}

TEST(AnswerFeaturesTest, AWordOfTheAskedKindNextToAQuestionTermIsNear) {
  Question q{question_terms("How many interceptions did Manning throw?", "en"),
             answer_type("How many interceptions did Manning throw?", "en"),
             "How many interceptions did Manning throw?",
             "en",
             {}};
  const Wh wh = wh_of(q);
  EXPECT_EQ(wh, Wh::kHowMany);
  const std::set<std::string> asked(q.terms.begin(), q.terms.end());
  const WordView next = word_view(q, wh, asked, "Manning finished with 17 interceptions.");
  EXPECT_TRUE(next.number);
  EXPECT_DOUBLE_EQ(next.near, 1.0);
  EXPECT_DOUBLE_EQ(next.exact_names, 1.0);  // "Manning" as written
  const WordView far =
      word_view(q, wh, asked, "Manning threw interceptions, and the team then lost 3 games.");
  EXPECT_TRUE(far.number);
  EXPECT_LT(far.near, 0.3);
  const WordView none = word_view(q, wh, asked, "Manning threw interceptions.");
  EXPECT_FALSE(none.number);
  EXPECT_DOUBLE_EQ(none.near, 0.0);
  Question when{{"launch"}, AnswerType::kDate, "What year did Sky launch?", "en", {}};
  EXPECT_EQ(wh_of(when), Wh::kWhen);
  EXPECT_TRUE(word_view(when, Wh::kWhen, {"launch"}, "It launched in 1998.").year);
  EXPECT_FALSE(word_view(when, Wh::kWhen, {"launch"}, "It launched 3 channels.").year);
}

TEST(AnswerFeaturesTest, EveryScoredCandidateHasItsFeaturesAndTheLeadComesFirst) {
  const auto c = candidates_of({"The stadium opened to fans in the spring.",
                                "Levi's Stadium opened in 2014 in Santa Clara.",
                                "Nothing in this sentence is asked about."});
  const auto ranked = rank_candidates("When did Levi's Stadium open?", c, "en", {});
  ASSERT_EQ(ranked.size(), 2u);  // the third carries no question term
  EXPECT_EQ(ranked[0].candidate, 1);
  EXPECT_DOUBLE_EQ(ranked[0].features[kOwn], 1.0);
  EXPECT_DOUBLE_EQ(ranked[0].features[kTyped], 1.0);
  EXPECT_DOUBLE_EQ(ranked[1].features[kTyped], 0.0);
  EXPECT_GT(ranked[0].score, ranked[1].score);
  EXPECT_FALSE(ranked[0].turns_round);
  EXPECT_TRUE(rank_candidates("When did Levi's Stadium never open?", c, "en", {})[0].turns_round);
}

// From SQLite's pages: a what-is question is answered by the sentence whose subject names what
// it asks, or that ends by naming it, over one that only shares its words.
TEST(AnswerFeaturesTest, ASentenceThatSaysWhatTheAskedThingIsDefinesIt) {
  const auto c = candidates_of(
      {"An expression of the form CAST(expr AS type) has an affinity that is the same as a "
       "column with a declared type of type.",
       "The type affinity of a column is the recommended type for data stored in that column.",
       "Moving the log's pages back into the database is called a checkpoint.",
       "This repeats until some checkpoint is able to complete."});
  const auto defines = [&](std::string_view question, int candidate) {
    for (const RankedCandidate& r : rank_candidates(question, c, "en", {})) {
      if (r.candidate == candidate) return r.features[kDefines];
    }
    return -1.0;
  };
  EXPECT_DOUBLE_EQ(defines("What is type affinity?", 1), 1.0);
  EXPECT_DOUBLE_EQ(defines("What is type affinity?", 0), 0.0);
  EXPECT_DOUBLE_EQ(defines("What is a checkpoint?", 2), 1.0);
  EXPECT_DOUBLE_EQ(defines("What is a checkpoint?", 3), 0.0);
  for (const RankedCandidate& r :
       rank_candidates("Which affinity does a column get?", c, "en", {})) {
    EXPECT_DOUBLE_EQ(r.features[kDefines], 0.0) << "no what-is question";
  }
  const auto ranked = rank_candidates("What is type affinity?", c, "en", {});
  ASSERT_FALSE(ranked.empty());
  EXPECT_EQ(ranked[0].candidate, 1);
}

// A brief's question asks it inside another ("Can you explain what type affinity is and how a
// column gets it?"), and the hand-set order a brief's questions are ranked by reads it too
// (the held-out SQLite lesson's FAQ answered that question with a sentence about operators on
// column names). Two sentences of the same words: the one that says what the thing is leads.
TEST(AnswerFeaturesTest, ABriefsQuestionAskingWhatAThingIsLeadsWithItsDefinition) {
  const std::vector<std::string> page = {
      "The recommended type for data in a column is its type affinity.",
      "The type affinity of a column is the recommended type for data in it.",
      "A column with TEXT affinity stores all data using storage classes NULL, TEXT or BLOB."};
  const auto c = candidates_of(page);
  constexpr const char* kAsked = "Can you explain what type affinity is and how a column gets it?";
  PickOptions brief;
  brief.weigh_absent_terms = false;
  EXPECT_EQ(lead(kAsked, c, brief), page[1]);
  for (const RankedCandidate& r : rank_candidates(kAsked, c, "en", brief)) {
    EXPECT_DOUBLE_EQ(r.features[kDefines], r.candidate == 1 ? 1.0 : 0.0);
  }
  // "what" that asks of something else is no what-is question.
  for (const RankedCandidate& r :
       rank_candidates("Can you explain what a column gets and what it is?", c, "en", brief)) {
    EXPECT_DOUBLE_EQ(r.features[kDefines], 0.0);
  }
}

TEST(AnswerFeaturesTest, AWhenQuestionPicksTheSentenceWithTheYearOverOneRepeatingItsWords) {
  const auto c = candidates_of({
      "The digital service of the satellite company was a digital service like no other.",
      "Its digital service reached the company's satellite customers in 1998.",
  });
  EXPECT_EQ(lead("When did the satellite company's digital service reach customers?", c),
            "Its digital service reached the company's satellite customers in 1998.");
}

TEST(AnswerFeaturesTest, AHowManyQuestionPicksTheNumberBesideItsWords) {
  const auto c = candidates_of({
      "Manning threw interceptions in the cold, and Denver then lost 3 of its games.",
      "Manning ended the season with 17 interceptions, a career high for him in Denver.",
  });
  EXPECT_EQ(lead("How many interceptions did Manning have for Denver?", c),
            "Manning ended the season with 17 interceptions, a career high for him in Denver.");
}

}  // namespace lectio::ask
