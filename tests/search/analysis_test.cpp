// CJK segmentation and its undoing in snippets.
#include "analysis.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace lectio::search {

TEST(AnalysisTest, LatinTextIsLeftAlone) {
  const std::string text = "Graphics processors run many threads at once.";
  EXPECT_FALSE(has_cjk(text));
  EXPECT_EQ(segment_cjk(text), text);
}

TEST(AnalysisTest, ChineseIsSplitIntoDictionaryWords) {
  const std::string text = "图形处理器可以同时运行很多线程。";
  EXPECT_TRUE(has_cjk(text));
  const std::string words = segment_cjk(text);
  EXPECT_EQ(words, "图形 处理 器 可以 同时 运行 很多 线 程。");
  EXPECT_NE(words.find(' '), std::string::npos) << words;
  EXPECT_EQ(unsegment_cjk(words), text);
}

TEST(AnalysisTest, MixedScriptsGetSpacesAtTheScriptChange) {
  EXPECT_EQ(segment_cjk("GPU处理"), "GPU 处理");
  EXPECT_EQ(segment_cjk("可以GPU"), "可以 GPU");
  EXPECT_EQ(segment_cjk("用 GPU 训练"), "用 GPU 训练");
}

TEST(AnalysisTest, UnsegmentLooksThroughHighlightMarkers) {
  EXPECT_EQ(unsegment_cjk("图形 [[处理]] 可以"), "图形[[处理]]可以");
  EXPECT_EQ(unsegment_cjk("[[张]] [[量]] [[处理]] 器"), "[[张量处理]]器");
  EXPECT_EQ(unsegment_cjk("the [[GPU]] 处理"), "the [[GPU]] 处理");
}

TEST(AnalysisTest, QueryStopWordsAreInBothLanguages) {
  const std::vector<std::string>& words = query_stop_words();
  const auto has = [&](const std::string& w) {
    return std::find(words.begin(), words.end(), w) != words.end();
  };
  EXPECT_TRUE(has("what"));
  EXPECT_TRUE(has("什么"));
  EXPECT_FALSE(has("processor"));
  EXPECT_TRUE(is_stop_term("Zthe"));
  EXPECT_FALSE(is_stop_term("Zprocessor"));
}

}  // namespace lectio::search

namespace lectio::search {

TEST(AnalysisTest, RestoreTailPutsBackAFinalCjkFullStop) {
  EXPECT_EQ(restore_tail("张量[[处理]]器…", "张量处理器。"), "张量[[处理]]器。");
  EXPECT_EQ(restore_tail("张量[[处理]]器…", "张量处理器擅长"), "张量[[处理]]器…");
  EXPECT_EQ(restore_tail("complete.", "complete."), "complete.");
}

}  // namespace lectio::search
