// English normalisation for speech: every category from the voices-and-audio issue, checked
// against the exact words a careful narrator would say.
#include "lectio/speech/normalize.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

namespace lectio::speech {
namespace {

using Cases = std::vector<std::pair<std::string, std::string>>;

void expect_all(const Cases& cases) {
  for (const auto& [written, spoken] : cases) {
    EXPECT_EQ(normalize_for_speech(written, "en"), spoken) << "input: " << written;
  }
}

TEST(NormalizeEnTest, Cardinals) {
  expect_all({{"7 chips", "seven chips"},
              {"21 layers", "twenty one layers"},
              {"256 by 256 cells", "two hundred fifty six by two hundred fifty six cells"},
              {"1,024 pages", "one thousand twenty four pages"},
              {"there were 2048 cores", "there were two thousand forty eight cores"},
              {"1,234,567 users",
               "one million two hundred thirty four thousand five hundred sixty seven users"},
              {"3000000000000 tokens", "three trillion tokens"},
              {"a loss of -42", "a loss of minus forty two"},
              {"code 007", "code zero zero seven"},
              {"0 errors", "zero errors"}});
}

TEST(NormalizeEnTest, DecimalsAndVersions) {
  expect_all({{"pi is 3.14", "pi is three point one four"},
              {"a rate of 0.05", "a rate of zero point zero five"},
              {"about .5 of it", "about point five of it"},
              {"Python 3.12", "Python three point one two"},
              {"ship v2.0.1 soon", "ship version two point zero point one soon"},
              {"a rate of 1e-5", "a rate of one times ten to the minus five"},
              {"1,2,3", "one, two, three"},
              {"host 192.168.0.1",
               "host one hundred ninety two dot one hundred sixty eight dot "
               "zero dot one"}});
}

TEST(NormalizeEnTest, Years) {
  expect_all({{"In 1999 it began.", "In nineteen ninety nine it began."},
              {"released in 2007, which", "released in two thousand seven, which"},
              {"Since 2016 TPUs", "Since twenty sixteen T P U's"},
              {"by 2030", "by twenty thirty"},
              {"from 1905", "from nineteen oh five"},
              {"in 2000", "in two thousand"},
              {"2010–2015", "twenty ten to twenty fifteen"},
              {"the 1990s", "the nineteen nineties"},
              {"the '80s", "the eighties"},
              {"the 2020s", "the twenty twenties"},
              {"in 1990-95", "in nineteen ninety to ninety five"},
              {"between 2010 and 2020 one", "between twenty ten and twenty twenty one"}});
}

TEST(NormalizeEnTest, OrdinalsAndFractions) {
  expect_all({{"1st place", "first place"},
              {"22nd floor", "twenty second floor"},
              {"the 3rd edition", "the third edition"},
              {"101st time", "one hundred first time"},
              {"1/2 the cost", "one half the cost"},
              {"3/4 of it", "three quarters of it"},
              {"one half and 3/4.", "one half and three quarters."},
              {"2/3 of them", "two thirds of them"},
              {"5/8 inch", "five eighths inch"},
              {"24/7 support", "twenty four seven support"}});
}

TEST(NormalizeEnTest, PercentagesAndCurrency) {
  expect_all({{"3.5% growth", "three point five percent growth"},
              {"50 % off", "fifty percent off"},
              {"5-10% faster", "five to ten percent faster"},
              {"It costs $5.", "It costs five dollars."},
              {"$1 each", "one dollar each"},
              {"$3.50 a cup", "three dollars and fifty cents a cup"},
              {"$0.99", "ninety nine cents"},
              {"€20", "twenty euros"},
              {"£1.2 million", "one point two million pounds"},
              {"£0.50", "fifty pence"},
              {"$2bn deal", "two billion dollars deal"},
              {"$5M", "five million dollars"},
              {"$1,299.99", "one thousand two hundred ninety nine dollars and ninety nine cents"},
              {"¥500", "five hundred yen"}});
}

TEST(NormalizeEnTest, DatesAndTimes) {
  expect_all({{"On 2026-04-22 we met", "On April twenty second, twenty twenty six we met"},
              {"22 April 2026", "the twenty second of April, twenty twenty six"},
              {"April 22, 2026", "April twenty second, twenty twenty six"},
              {"on Jan. 5th", "on January fifth"},
              {"in March 2024", "in March twenty twenty four"},
              {"4/22/2026", "April twenty second, twenty twenty six"},
              {"22/4/2026", "the twenty second of April, twenty twenty six"},
              {"at 3:30 pm", "at three thirty P M"},
              {"at 9am", "at nine A M"},
              {"We meet at 3 p.m.", "We meet at three P M."},
              {"We meet at 3:30 pm.", "We meet at three thirty P M."},
              {"at 10:05", "at ten oh five"},
              {"at 10:00", "at ten o'clock"},
              {"at 15:00", "at fifteen hundred"},
              {"a 16:9 screen", "a sixteen to nine screen"}});
}

TEST(NormalizeEnTest, RangesUnitsAndMultipliers) {
  expect_all({{"5-10 GB", "five to ten gigabytes"},
              {"pages 5–10", "pages five to ten"},
              {"80GB of memory", "eighty gigabytes of memory"},
              {"1 GB", "one gigabyte"},
              {"3.35 TB/s", "three point three five terabytes per second"},
              {"1.98 GHz", "one point nine eight gigahertz"},
              {"5 km and 5m", "five kilometers and five meters"},
              {"2 kg", "two kilograms"},
              {"250 ms", "two hundred fifty milliseconds"},
              {"700W", "seven hundred watts"},
              {"3 kWh", "three kilowatt hours"},
              {"-3.5°C", "minus three point five degrees Celsius"},
              {"21 °C", "twenty one degrees Celsius"},
              {"90°", "ninety degrees"},
              {"100 km/h", "one hundred kilometers per hour"},
              {"10x faster", "ten times faster"},
              {"1920x1080", "one thousand nine hundred twenty by one thousand eighty"},
              {"10k users", "ten thousand users"},
              {"1.5M tokens", "one point five million tokens"},
              {"a 7B model", "a seven billion model"},
              {"4K video", "four K video"}});
}

TEST(NormalizeEnTest, Acronyms) {
  expect_all(
      {{"a GPU", "a G P U"},
       {"GPUs and TPUs", "G P U's and T P U's"},
       {"the GPU's memory", "the G P U's memory"},
       {"NASA and NATO", "Nasa and Nato"},
       {"UNESCO sites", "Unesco sites"},
       {"JPEG and GIF", "jay peg and gif"},
       {"SATA drives", "Sata drives"},
       {"the FBI and the WHO", "the F B I and the W H O"},
       {"AI and ML", "A I and M L"},
       {"ask the FAA", "ask the F A Ay"},
       {"CUDA and JAX", "Cuda and jax"},
       {"the U.S. market", "the U S market"},
       {"THIS IS VERY IMPORTANT", "This Is Very Important"},
       {"NASA and the FBI; THIS IS VERY IMPORTANT.", "Nasa and the F B I; This Is Very Important."},
       {"USE THE GPU NOW", "Use The G P U Now"},
       {"GPU TPU CPU", "G P U T P U C P U"},
       {"NVIDIA and NCCL", "en vidia and nickel"}});
}

TEST(NormalizeEnTest, MixedTokens) {
  expect_all({{"bfloat16", "b float sixteen"},
              {"H100 and A100", "H one hundred and Ay one hundred"},
              {"x86", "x eighty six"},
              {"x86-64 hosts", "x eighty six sixty four hosts"},
              {"3D", "three D"},
              {"fp16", "F P sixteen"},
              {"MP3", "M P three"},
              {"GPT-4", "G P T four"},
              {"COVID-19", "Covid nineteen"},
              {"Qwen2.5-72B", "Qwen two point five seventy two billion"},
              {"PyTorch and TensorFlow", "Py Torch and Tensor Flow"},
              {"cuDNN", "cu D N N"},
              {"OpenAI", "Open A I"},
              {"iPhone and McDonald", "i Phone and McDonald"},
              {"max_batch_size", "max batch size"},
              {"torch.nn.Module", "torch dot N N dot Module"},
              {"C++ and C#", "C plus plus and C sharp"}});
}

TEST(NormalizeEnTest, Abbreviations) {
  expect_all({{"e.g. this", "for example this"},
              {"i.e. that", "that is that"},
              {"apples, pears, etc.", "apples, pears, et cetera."},
              {"GPU vs. TPU", "G P U versus T P U"},
              {"Dr. Smith and Mr. Brown", "Doctor Smith and Mister Brown"},
              {"Prof. Chen", "Professor Chen"},
              {"see Fig. 3", "see figure three"},
              {"No. 5", "number five"},
              {"#1 priority", "number one priority"},
              {"pp. 10-20", "pages ten to twenty"}});
}

TEST(NormalizeEnTest, Symbols) {
  expect_all({{"R&D", "R and D"},
              {"salt & pepper", "salt and pepper"},
              {"3 + 4 = 7", "three plus four equals seven"},
              {"2^10", "two to the power of ten"},
              {"and/or", "and or"},
              {"read/write", "read or write"},
              {"PyTorch/XLA bridge", "Py Torch X L Ay bridge"},
              {"the USA today", "the U S Ay today"},
              {"≈ 3 GB", "approximately three gigabytes"},
              {"≥ 2 cores", "greater than or equal to two cores"},
              {"±0.5", "plus or minus zero point five"},
              {"input → output", "input to output"},
              {"me@home", "me at home"},
              {"p < 0.05", "p less than zero point zero five"}});
}

TEST(NormalizeEnTest, Links) {
  expect_all({{"See https://example.com/a/b.", "See example dot com."},
              {"Visit www.nvidia.com/en-us/h100/ now", "Visit en vidia dot com now"},
              {"at https://arxiv.org/abs/1706.03762v7?x=cs.CL#s3 today", "at arxiv dot org today"},
              {"at https://a.very-long-subdomain-name.example-company.com/x", "at a link"},
              {"http://192.168.1.20:8080/admin", "a link"},
              {"mail jane.doe@example.org", "mail jane doe at example dot org"},
              {"on example.co.uk", "on example dot co dot uk"},
              {"files like notes.md", "files like notes dot M D"}});
}

TEST(NormalizeEnTest, OptionsPathsAndSectionNumbersAreSpokenAsAPersonReadsThem) {
  expect_all(
      {{"Use git commit --amend -a to fix it", "Use git commit dash dash amend dash a to fix it"},
       {"Edit /etc/apt/sources.list first",
        "Edit slash etc slash apt slash sources dot list first"},
       {"Clone it into ~/project today", "Clone it into home slash project today"},
       {"See Section 9.3 for more", "See Section nine point three for more"},
       {"Read 2.1.3 next", "Read two point one point three next"},
       {"It is 2.5 times faster", "It is two point five times faster"},
       {"a win-win and input/output", "a win win and input or output"}});
}

TEST(NormalizeEnTest, MarkupCitationsAndEmojiAreNeverRead) {
  expect_all({{"GPUs won. [file_gpu001:c0003]", "G P U's won."},
              {"As shown [1], [2, 3] and [4-6].", "As shown, and."},
              {"It holds [file_x@v2:c0012; file_y:c0001] true", "It holds true"},
              {"Cited (file_gpu001:c0003).", "Cited."},
              {"**bold** and _italic_ and `code`", "bold and italic and code"},
              {"## A heading", "A heading"},
              {"- a list item", "a list item"},
              {"> a quote with ~~strike~~", "a quote with strike"},
              {"a [link](https://example.com \"t\") here", "a link here"},
              {"an ![alt text](img.png) image", "an alt text image"},
              {"Hi 😀 there 👍🏽 🇺🇸 ❤️ ✅", "Hi there"},
              {"a <b>bold</b> tag", "a bold tag"},
              {"a footnote[^1].", "a footnote."},
              {"*2026-04-22 · quick · 11 min*",
               "April twenty second, twenty twenty six, quick, "
               "eleven minutes"}});
}

TEST(NormalizeEnTest, QuotesDashesAndParentheses) {
  expect_all({{"He said \"hello\" and ‘bye’.", "He said hello and bye."},
              {"It's a win-win — really.", "It's a win win, really."},
              {"The 3rd edition (2019) has 1,024 pages.",
               "The third edition, twenty nineteen, has one thousand twenty four pages."},
              {"Call 555-1234 now!", "Call five five five, one two three four now!"}});
}

TEST(NormalizeEnTest, LessonSentence) {
  EXPECT_EQ(normalize_for_speech(
                "NVIDIA released its CUDA programming platform in 2007, which let programmers "
                "write general-purpose code for graphics chips. [file_gpu001:c0002]",
                "en"),
            "en vidia released its Cuda programming platform in two thousand seven, which let "
            "programmers write general purpose code for graphics chips.");
}

}  // namespace
}  // namespace lectio::speech
