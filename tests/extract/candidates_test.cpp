// Which sentences of the material a lesson may speak.
#include "lectio/extract/candidates.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "lectio/text/terms.h"

namespace lectio::extract {

namespace {

Chunk chunk(int ordinal, std::string text) {
  Chunk c;
  c.source_id = "file_notes";
  c.ordinal = ordinal;
  c.text = std::move(text);
  return c;
}

bool has(const std::vector<Candidate>& all, const std::string& original) {
  return std::any_of(all.begin(), all.end(),
                     [&](const Candidate& c) { return c.original == original; });
}

}  // namespace

// A sentence over the word cap is cut into pieces (ingest's chunker); the piece that ends a
// chunk or opens the next is not a sentence a listener could follow, even when it ends in a
// full stop.
TEST(CandidatesTest, PiecesOfACutSentenceAreNeverSpoken) {
  lesson::Material m;
  Chunk first = chunk(0,
                      "Graphics processors run many threads at the same time. Tensor cores "
                      "multiply small matrices in one step and");
  first.closes_mid_sentence = true;
  Chunk second = chunk(1,
                       "Engineers call this accumulation in higher precision a fused operation. "
                       "Memory bandwidth often limits the speed of training.");
  second.opens_mid_sentence = true;
  m.chunks = {first, second};
  const auto all = build_candidates(m, "en");
  EXPECT_TRUE(has(all, "Graphics processors run many threads at the same time."));
  EXPECT_TRUE(has(all, "Memory bandwidth often limits the speed of training."));
  EXPECT_FALSE(has(all, "Engineers call this accumulation in higher precision a fused operation."));
  for (const Candidate& c : all)
    EXPECT_EQ(c.original.find("multiply small matrices"), std::string::npos);

  // The same text, not cut: the opening sentence of the second chunk is spoken.
  m.chunks[1].opens_mid_sentence = false;
  EXPECT_TRUE(has(build_candidates(m, "en"),
                  "Engineers call this accumulation in higher precision a fused operation."));
}

namespace {

const Candidate* find(const std::vector<Candidate>& all, const std::string& original) {
  const auto it = std::find_if(all.begin(), all.end(),
                               [&](const Candidate& c) { return c.original == original; });
  return it == all.end() ? nullptr : &*it;
}

bool carries(const Candidate& c, const std::string& word) {
  const auto t = text::terms(word, "en").front();
  return std::find(c.heading_terms.begin(), c.heading_terms.end(), t) != c.heading_terms.end();
}

}  // namespace

// A list's short lead-in names what its items are, as a heading would (SQLite's WAL page,
// "1. Overview"); a longer line ending with a colon (the Bash manual's "Command substitution
// occurs when a command is enclosed as follows:") introduces a form, and the paragraphs after
// it are not its items.
TEST(CandidatesTest, AListsLeadInLendsItsWordsToItsItems) {
  lesson::Material m;
  m.chunks = {
      chunk(0,
            "There are advantages and disadvantages to using WAL instead of a rollback journal. "
            "Advantages include:\nWAL is significantly faster in most scenarios.\nBut there are "
            "also disadvantages:\nAll processes using a database must be on the same host "
            "computer; WAL does not work over a network filesystem.\nIt is not possible to open "
            "read-only WAL databases."),
      chunk(1,
            "Command substitution occurs when a command is enclosed as follows:\n$(command) or "
            "`command` Bash performs the expansion by executing command in a subshell "
            "environment.\nCommand substitutions may be nested."),
  };
  const auto all = build_candidates(m, "en");
  const Candidate* faster = find(all, "WAL is significantly faster in most scenarios.");
  const Candidate* host = find(all,
                               "All processes using a database must be on the same host "
                               "computer; WAL does not work over a network filesystem.");
  const Candidate* read_only = find(all, "It is not possible to open read-only WAL databases.");
  const Candidate* nested = find(all, "Command substitutions may be nested.");
  ASSERT_TRUE(faster && host && read_only && nested);
  EXPECT_TRUE(carries(*faster, "advantages"));
  EXPECT_FALSE(carries(*faster, "disadvantages"));
  EXPECT_TRUE(carries(*host, "disadvantages"));
  EXPECT_TRUE(carries(*read_only, "disadvantages"));
  EXPECT_FALSE(carries(*host, "advantages"));
  EXPECT_FALSE(carries(*nested, "enclosed"));
  EXPECT_FALSE(carries(*nested, "follows"));
}

// A manual's sentence that introduces a command on the next line is heard with it: a listener
// hears "git log", not "using" and a silence.
TEST(CandidatesTest, ASentenceIntroducingACommandIsHeardWithIt) {
  EXPECT_EQ(
      with_its_command("At any point you can view the history of your changes using", "$ git log"),
      "At any point you can view the history of your changes using git log.");
  EXPECT_EQ(with_its_command("To merge the changes into master, run", "$ git merge experimental"),
            "To merge the changes into master, run git merge experimental.");
  // A sentence that names the command already ends where the command would have followed.
  EXPECT_EQ(with_its_command("You can store the index in the repository with git commit:",
                             "$ git commit"),
            "You can store the index in the repository with git commit.");
  EXPECT_EQ(with_its_command("You can see what is about to be committed using git diff with the "
                             "--cached option:",
                             "$ git diff --cached"),
            "You can see what is about to be committed using git diff with the --cached option.");
  // A command a listener would need spelled out, a next line that is no command, or a sentence
  // that neither names nor leads into it: nothing.
  EXPECT_FALSE(with_its_command("If you also want complete diffs, use", "$ git log -p"));
  EXPECT_FALSE(with_its_command("Check the path with", "$ ls path/to/file"));
  EXPECT_FALSE(with_its_command("At any point you can view the history using", "git log"));
  EXPECT_FALSE(with_its_command("The easiest way to do so is:", "$ git config user.name"));
  EXPECT_FALSE(with_its_command("You can view the history.", "$ git log"));

  lesson::Material m;
  m.chunks = {chunk(0,
                    "At any point you can view the history of your changes using\n"
                    "$ git log\n"
                    "If you also want to see complete diffs at each step, use\n"
                    "$ git log -p")};
  const auto all = build_candidates(m, "en");
  EXPECT_TRUE(has(all, "At any point you can view the history of your changes using git log."));
  EXPECT_EQ(all.size(), 1u) << "the command lines and the unsayable lead-in are not spoken";
}

// From the Debian Reference in Chinese: a definition list's term, alone on its line, is said
// with the definition after it; a definition that points back, and a line that is a sentence
// of its own, are left as they are.
TEST(CandidatesTest, AChineseDefinitionIsSpokenWithItsTerm) {
  lesson::Material m;
  m.chunks = {chunk(0,
                    "“依赖”\n绝对的依赖，所有在这里列出的软件包都必须同时或提前安装。\n"
                    "\"预依赖\"\n类似于 Depends，但列出的软件包必须提前完成安装。\n"
                    "\"冲突\"\n这表明了绝对的不兼容。\n"
                    "注意\n请注意，同时定义虚拟的软件包是一个明智的配置。\n"
                    "Hello\n预定义的文件描述符有三个。\n"
                    "软件包之间有依赖关系。\n大多数依赖都由 APT 自动解决。")};
  const auto all = build_candidates(m, "zh");
  const auto text_of = [&](const std::string& original) {
    const auto it = std::find_if(all.begin(), all.end(),
                                 [&](const Candidate& c) { return c.original == original; });
    return it == all.end() ? std::string("(none)") : it->text;
  };
  EXPECT_EQ(text_of("绝对的依赖，所有在这里列出的软件包都必须同时或提前安装。"),
            "“依赖”：绝对的依赖，所有在这里列出的软件包都必须同时或提前安装。");
  EXPECT_EQ(text_of("类似于 Depends，但列出的软件包必须提前完成安装。"),
            "\"预依赖\"：类似于 Depends，但列出的软件包必须提前完成安装。");
  EXPECT_EQ(text_of("这表明了绝对的不兼容。"), "这表明了绝对的不兼容。");
  EXPECT_EQ(text_of("请注意，同时定义虚拟的软件包是一个明智的配置。"),
            "请注意，同时定义虚拟的软件包是一个明智的配置。");
  EXPECT_EQ(text_of("大多数依赖都由 APT 自动解决。"), "大多数依赖都由 APT 自动解决。");
  // A line of a command's output is no term.
  EXPECT_EQ(text_of("预定义的文件描述符有三个。"), "预定义的文件描述符有三个。");
}

// From the Debian Reference in Chinese: a closing quote ends a sentence only when the
// quotation's stop is inside it; a list item that ends on a quoted word is no sentence.
TEST(CandidatesTest, AChineseClosingQuoteEndsASentenceOnlyAfterAStop) {
  EXPECT_FALSE(rewrite_for_listening("所有其余的用户（o），同样称为“世界”和“所有人”", "zh"));
  EXPECT_TRUE(rewrite_for_listening("作者在结尾写道：“这确实很简单。”", "zh"));
  EXPECT_TRUE(rewrite_for_listening("可写权限允许所有者修改文件内容。", "zh"));
}

}  // namespace lectio::extract
