#include "lectio/extract/summarize.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace lectio::extract {

namespace {

using Strings = std::vector<std::string>;

// A news-like article: the lead states the story, later sentences elaborate, one repeats the
// lead almost word for word, and one answers a specific question far from the top.
const Strings kArticle = {
    "By Jane Doe",
    "The city council approved a new light rail line linking the airport to the old harbour.",
    "The line will cost 2.1 billion dollars and open to passengers in 2029.",
    "The city council approved the new light rail line linking the airport and the harbour.",
    "No wonder.",
    "Critics said the council had ignored cheaper bus routes that could serve the airport.",
    "Trains will run every six minutes at peak hours and every ten minutes at night.",
    "The mayor called the vote a historic day for the city and its commuters.",
    "Construction of the rail tunnel under the harbour starts next spring.",
};

std::vector<int> pick(const Strings& sentences, int count, const std::string& focus = "",
                      const std::string& language = "en") {
  SelectOptions options;
  options.count = count;
  options.focus = focus;
  options.language = language;
  return select_sentences(sentences, options);
}

bool contains(const std::vector<int>& v, int x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

}  // namespace

TEST(SelectSentencesTest, ReturnsAtMostCountIndicesInDocumentOrder) {
  EXPECT_TRUE(pick(kArticle, 0).empty());
  EXPECT_TRUE(pick({}, 3).empty());
  EXPECT_EQ(pick({"Only one sentence here about trains."}, 3), (std::vector<int>{0}));
  const auto three = pick(kArticle, 3);
  ASSERT_EQ(three.size(), 3u);
  EXPECT_TRUE(std::is_sorted(three.begin(), three.end()));
  EXPECT_EQ(pick(kArticle, 50).size(), kArticle.size());
}

TEST(SelectSentencesTest, PrefersTheLeadAndSkipsBylinesFragmentsAndRepeats) {
  const auto chosen = pick(kArticle, 3);
  EXPECT_TRUE(contains(chosen, 1)) << "the lead sentence";
  EXPECT_FALSE(contains(chosen, 0)) << "a byline";
  EXPECT_FALSE(contains(chosen, 4)) << "a fragment";
  EXPECT_FALSE(contains(chosen, 1) && contains(chosen, 3)) << "a near-duplicate of the lead";
}

TEST(SelectSentencesTest, IsDeterministic) {
  EXPECT_EQ(pick(kArticle, 3), pick(kArticle, 3));
  EXPECT_EQ(pick(kArticle, 2, "tunnel"), pick(kArticle, 2, "tunnel"));
}

TEST(SelectSentencesTest, FocusPicksTheSentenceThatAnswersIt) {
  EXPECT_EQ(pick(kArticle, 1, "How often do the trains run?"), (std::vector<int>{6}));
  EXPECT_EQ(pick(kArticle, 1, "what did critics say"), (std::vector<int>{5}));
  // Stems match across word forms: "constructing" and "tunnels" find "Construction ... tunnel".
  EXPECT_EQ(pick(kArticle, 1, "constructing tunnels"), (std::vector<int>{8}));
  const auto two = pick(kArticle, 2, "When will the rail line open and what will it cost?");
  EXPECT_TRUE(contains(two, 2)) << "the sentence with the cost and the opening year";
}

TEST(SelectSentencesTest, FocusWithoutMatchesFallsBackToTheSummary) {
  EXPECT_EQ(pick(kArticle, 3, "photosynthesis"), pick(kArticle, 3));
  EXPECT_EQ(pick(kArticle, 3, "the of and"), pick(kArticle, 3)) << "stopwords only";
}

TEST(SelectSentencesTest, ChineseFocusMatchesSegmentedWords) {
  const Strings zh = {
      "植物是地球上最重要的生物之一，它们为动物提供食物和栖息地。",
      "森林覆盖了大约三分之一的陆地面积，并调节着全球的气候。",
      "许多城市正在种植更多的树木，以降低夏季的气温。",
      "光合作用把阳光、水和二氧化碳转化为葡萄糖和氧气。",
      "一些植物在干旱的沙漠里也能生存很多年。",
  };
  EXPECT_EQ(pick(zh, 1, "什么是光合作用？", "zh"), (std::vector<int>{3}));
  EXPECT_EQ(pick(zh, 2, "", "zh").size(), 2u);
}

}  // namespace lectio::extract
