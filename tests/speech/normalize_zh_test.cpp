// Chinese normalisation for speech, and the promises that hold in both languages: no markdown,
// citation brackets, emoji or "http" ever reach the synthesiser, and the function is safe to
// call from many threads at once.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "lectio/core/error.h"
#include "lectio/speech/normalize.h"

namespace lectio::speech {
namespace {

using Cases = std::vector<std::pair<std::string, std::string>>;

void expect_all(const Cases& cases) {
  for (const auto& [written, spoken] : cases) {
    EXPECT_EQ(normalize_for_speech(written, "zh"), spoken) << "input: " << written;
  }
}

TEST(NormalizeZhTest, Cardinals) {
  expect_all({{"12345", "一万二千三百四十五"},
              {"共有10人", "共有十人"},
              {"15", "十五"},
              {"110", "一百一十"},
              {"1001", "一千零一"},
              {"1010", "一千零一十"},
              {"10010", "一万零一十"},
              {"100005", "十万零五"},
              {"2000人", "两千人"},
              {"20000", "两万"},
              {"22", "二十二"},
              {"123456789", "一亿二千三百四十五万六千七百八十九"},
              {"1000000000000", "一万亿"},
              {"-5度", "负五度"},
              {"0", "零"}});
}

TEST(NormalizeZhTest, TwoBeforeMeasureWords) {
  expect_all({{"2个模型", "两个模型"},
              {"用2块GPU", "用两块G P U"},
              {"2次", "两次"},
              {"第2章", "第二章"},
              {"版本2", "版本二"}});
}

TEST(NormalizeZhTest, DecimalsPercentagesAndFractions) {
  expect_all({{"3.14", "三点一四"},
              {"0.5秒", "零点五秒"},
              {"50%", "百分之五十"},
              {"上涨了12.5%", "上涨了百分之十二点五"},
              {"下降-3%", "下降负百分之三"},
              {"5%-10%", "百分之五到百分之十"},
              {"1/2", "二分之一"},
              {"2/3的用户", "三分之二的用户"}});
}

TEST(NormalizeZhTest, YearsDatesAndTimes) {
  expect_all({{"2026年", "二零二六年"},
              {"2007年发布", "二零零七年发布"},
              {"2026年4月22日", "二零二六年四月二十二日"},
              {"2026-04-22", "二零二六年四月二十二日"},
              {"2026/4/22发布", "二零二六年四月二十二日发布"},
              {"4月22号", "四月二十二号"},
              {"下午3:30", "下午三点三十分"},
              {"3:05", "三点零五分"},
              {"2:00", "两点"}});
}

TEST(NormalizeZhTest, CurrencyUnitsAndMultipliers) {
  expect_all({{"¥100", "一百元"},
              {"￥1,299.99元", "一千二百九十九点九九元"},
              {"$5", "五美元"},
              {"€20", "二十欧元"},
              {"£3", "三英镑"},
              {"$2bn", "二十亿美元"},
              {"$1.2 million", "一百二十万美元"},
              {"80GB内存", "八十G B内存"},
              {"5-10GB", "五到十G B"},
              {"3.35TB/s", "三点三五T B每秒"},
              {"100km", "一百公里"},
              {"5kg", "五公斤"},
              {"250ms", "两百五十毫秒"},
              {"700W", "七百瓦"},
              {"25℃", "二十五摄氏度"},
              {"-3.5°C", "负三点五摄氏度"},
              {"快10x", "快十倍"},
              {"约5~10倍", "约五到十倍"},
              {"1.5M个token", "一百五十万个token"},
              {"7B模型", "七十亿模型"}});
}

TEST(NormalizeZhTest, LettersAndSymbols) {
  expect_all({{"用GPU训练", "用G P U训练"},
              {"GPUs和TPUs", "G P U和T P U"},
              {"NASA和UNESCO", "NASA和UNESCO"},
              {"H100芯片", "H一百芯片"},
              {"GPT-4模型", "G P T四模型"},
              {"使用PyTorch和JAX", "使用PyTorch和JAX"},
              {"NVIDIA的CUDA", "英伟达的CUDA"},
              {"A&B", "A和B"},
              {"1+1=2", "一加一等于二"},
              {"输入→输出", "输入到输出"},
              {"苹果/香蕉", "苹果或香蕉"},
              {"电话13800138000", "电话一三八零零一三八零零零"}});
}

TEST(NormalizeZhTest, LinksMarkupAndCitations) {
  expect_all(
      {{"访问https://example.com了解更多", "访问example点com了解更多"},
       {"见https://a.very-long-subdomain-name.example-company.com/x", "见一个链接"},
       {"发邮件到info@example.com。", "发邮件到info at example点com。"},
       {"英伟达在2007年发布了CUDA平台。[file_gpu001:c0002]", "英伟达在二零零七年发布了CUDA平台。"},
       {"这是**重要**的内容 😀。", "这是重要的内容。"},
       {"## 标题", "标题"},
       {"他说：“这很好。”", "他说：这很好。"}});
}

// Sentences from every category: whatever the rule, these never reach the synthesiser.
TEST(NormalizeTest, NeverSpeaksMarkupCitationsEmojiOrUrls) {
  const std::vector<std::pair<std::string, std::string>> inputs = {
      {"**GPUs** won [file_gpu001:c0003] 🚀 see https://example.com/x?y=1 or [docs](http://d.io)",
       "en"},
      {"# Title\n- item *one* [1] [2, 3]\n> quote `code` ~~x~~ <i>tag</i> ✅👍🏽", "en"},
      {"Visit http://a.very-long-subdomain-name.example-company.com/path [^1]", "en"},
      {"__bold__ [file_x@v2:c0012; file_y:c0001] (file_gpu001:c0003) 🇺🇸 ❤️", "en"},
      {"用**GPU**训练[file_gpu001:c0003] 😀 https://example.com/x", "zh"},
      {"## 标题 [1] `代码` [链接](https://example.com) 🎉", "zh"}};
  for (const auto& [text, language] : inputs) {
    const std::string spoken = normalize_for_speech(text, language);
    for (const char* banned :
         {"*",    "_",     "`",   "#", "[", "]", "(", ")", "<", ">",           "~",
          "http", "file_", ":c0", "😀", "🚀", "✅", "👍", "🎉", "❤", "\xEF\xB8\x8F"}) {
      EXPECT_EQ(spoken.find(banned), std::string::npos)
          << "'" << banned << "' in: " << spoken << " (from: " << text << ")";
    }
  }
}

TEST(NormalizeTest, RejectsInvalidUtf8) {
  EXPECT_THROW(normalize_for_speech("bad \xC3\x28 bytes", "en"), InvalidInput);
}

TEST(NormalizeTest, EmptyAndCitationOnlyTextIsSilent) {
  EXPECT_EQ(normalize_for_speech("", "en"), "");
  EXPECT_EQ(normalize_for_speech("[file_gpu001:c0003]", "en"), "");
  EXPECT_EQ(normalize_for_speech("😀", "zh"), "");
}

// The renderer normalises sentences on several threads; results must not depend on that.
TEST(NormalizeTest, SameResultsFromManyThreads) {
  const std::vector<std::pair<std::string, std::string>> inputs = {
      {"In 2012, 80GB GPUs cost $3.50 (about 12.5%) on 2026-04-22.", "en"},
      {"2026年4月22日，80GB的GPU涨了12.5%。", "zh"}};
  std::vector<std::string> expected;
  for (const auto& [text, language] : inputs)
    expected.push_back(normalize_for_speech(text, language));
  std::vector<std::thread> threads;
  std::vector<int> mismatches(8, 0);
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 50; ++i) {
        const auto& [text, language] = inputs[static_cast<std::size_t>(i % 2)];
        if (normalize_for_speech(text, language) != expected[static_cast<std::size_t>(i % 2)]) {
          ++mismatches[static_cast<std::size_t>(t)];
        }
      }
    });
  }
  for (auto& thread : threads) thread.join();
  for (const int count : mismatches) EXPECT_EQ(count, 0);
}

}  // namespace
}  // namespace lectio::speech
