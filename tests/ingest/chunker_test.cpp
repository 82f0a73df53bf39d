#include "lectio/ingest/chunker.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "lectio/ingest/extract.h"
#include "lectio/text/strings.h"
#include "lectio/text/words.h"
#include "support/temp_dir.h"

namespace lectio::ingest {

namespace {

// A paragraph of `n` distinct numbered sentences of 8 words each.
std::string sentences(int n, const std::string& tag) {
  std::string out;
  for (int i = 0; i < n; ++i) {
    out += "Sentence " + tag + std::to_string(i) + " has exactly eight words in it. ";
  }
  return out;
}

Block para(std::string text, int page = 1) {
  Block b;
  b.text = std::move(text);
  b.page = page;
  return b;
}

Block heading(std::string text, int level) {
  Block b;
  b.kind = BlockKind::kHeading;
  b.level = level;
  b.text = std::move(text);
  return b;
}

}  // namespace

TEST(ChunkerTest, NeverCutsASentenceAndRespectsTheSizeLimit) {
  Document doc;
  doc.blocks = {para(sentences(60, "a"))};  // 480 words
  const auto chunks = chunk_document(doc, ChunkOptions{}, "en");
  ASSERT_GE(chunks.size(), 3u);
  int total = 0;
  for (const Chunk& c : chunks) {
    EXPECT_LE(c.word_count, 200);
    EXPECT_GE(c.word_count, 100) << "chunks of one section are balanced";
    EXPECT_EQ(c.text.substr(0, 9), "Sentence ");
    EXPECT_EQ(c.text.back(), '.');
    total += c.word_count;
  }
  EXPECT_EQ(total, 480);
  for (std::size_t i = 0; i < chunks.size(); ++i) EXPECT_EQ(chunks[i].ordinal, int(i));
}

// Joins chunks the way a reader of the source would see them: with one space between chunks
// of running text.
std::string joined_words(const std::vector<Chunk>& chunks) {
  std::string out;
  for (const Chunk& c : chunks) out += c.text + " ";
  return lectio::text::collapse_whitespace(out);
}

TEST(ChunkerTest, ASentenceOverTheCapIsCutAtWordBoundaries) {
  std::string line;
  for (int i = 0; i < 20000; ++i) line += "word" + std::to_string(i % 97) + (i % 7 ? " " : ",  ");
  Document doc;
  doc.blocks = {para(line), para("A short sentence after it.")};
  const auto chunks = chunk_document(doc, ChunkOptions{}, "en");
  ASSERT_GE(chunks.size(), 100u);
  int total = 0;
  for (const Chunk& c : chunks) {
    EXPECT_LE(c.word_count, 200);
    EXPECT_GT(c.word_count, 0);
    EXPECT_NE(c.text.front(), ' ');
    EXPECT_NE(c.text.back(), ' ');
    total += c.word_count;
  }
  EXPECT_EQ(total, 20005);
  EXPECT_EQ(joined_words(chunks),
            lectio::text::collapse_whitespace(line + " A short sentence after it."));
}

// The cap is checked by count_words(), whose ASCII rule counts what ICU's word boundaries do
// not (a lone apostrophe or underscore) and the other way round ("well-known"): a unit over
// the cap is cut by that same count, so no chunk passes it (found by fuzz_markdown: a code
// block of quoted fragments). A non-ASCII unit whose ASCII piece counts more is cut again.
TEST(ChunkerTest, AUnitOverTheCapIsCutByTheCountTheCapIsCheckedWith) {
  std::string quotes;
  for (int i = 0; i < 400; ++i) quotes += i % 2 ? "' " : "x_" + std::to_string(i % 9) + " _ ";
  std::string mixed = "\u00e9t\u00e9 " + quotes;
  for (int i = 0; i < 300; ++i) mixed += "well-known ";
  ChunkOptions small;
  small.target_words = 20;
  small.max_words = 25;
  for (const std::string& text : {quotes, mixed}) {
    Document doc;
    Block code;
    code.kind = BlockKind::kCode;
    code.text = text;
    doc.blocks = {code, para(text)};
    const auto chunks = chunk_document(doc, small, "en");
    ASSERT_GT(chunks.size(), 10u);
    int total = 0;
    for (const Chunk& c : chunks) {
      EXPECT_LE(c.word_count, 25) << c.text;
      total += c.word_count;
    }
    // ASCII is cut where its count starts words, so the counts add up exactly; a non-ASCII
    // unit is cut by ICU, which may part "well-" from "known", one word to the ASCII count.
    if (text == quotes) {
      EXPECT_EQ(total, 2 * text::count_words(text));
    }
  }
}

TEST(ChunkerTest, APieceCountedByICUOverTheCapGivesBackWords) {
  // Found by fuzz_markdown: a code block of 201 words (invalid UTF-8 in it, so ICU counts)
  // cut after its 200th counted word, whose first piece ICU counted as 201 words on its own.
  // The seed is kept in the fuzzers' corpus.
  std::ifstream in(testing::source_dir() / "fuzz/corpus/markdown/seed_09", std::ios::binary);
  ASSERT_TRUE(in) << "fuzz/corpus/markdown/seed_09";
  const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  const Document doc = extract_markdown(bytes);
  int code_words = 0;
  for (const Block& b : doc.blocks) {
    if (b.kind == BlockKind::kCode) code_words = std::max(code_words, text::count_words(b.text));
  }
  EXPECT_GT(code_words,
            ChunkOptions{}.max_words);  // the block that passes the cap is still in the seed
  for (const std::string language : {"en", "zh"}) {
    for (const Chunk& c : chunk_document(doc, {}, language)) {
      EXPECT_LE(c.word_count, ChunkOptions{}.max_words) << c.text;
    }
  }
}

TEST(ChunkerTest, CountedWordStartsCutTextIntoCountedWords) {
  const std::vector<std::string> texts = {"a ' b _ c", "x--y well-known e.g. 3.5 it's 'tis a_b",
                                          "... -a a- b .. ' _ __", "\u00e9t\u00e9 ' caf\u00e9 b"};
  for (const std::string& t : texts) {
    const std::vector<std::size_t> starts = text::counted_word_starts(t);
    EXPECT_EQ(static_cast<int>(starts.size()), text::count_words(t)) << t;
    for (std::size_t i = 0; i < starts.size(); ++i) {
      const std::size_t end = i + 1 < starts.size() ? starts[i + 1] : t.size();
      EXPECT_EQ(text::count_words(std::string_view(t).substr(starts[i], end - starts[i])), 1)
          << t << " @" << starts[i];
    }
  }
}

// "Say so in the chunk": the pieces of a sentence over the cap carry which side it runs on,
// and chunks of whole sentences carry neither flag.
TEST(ChunkerTest, ChunksCutInsideASentenceSaySo) {
  std::string line;
  for (int i = 0; i < 1000; ++i) line += "word" + std::to_string(i) + " ";
  line += "wordend.";
  Document doc;
  doc.blocks = {para(sentences(5, "a")), para(line), para(sentences(3, "b"))};
  const auto chunks = chunk_document(doc, ChunkOptions{}, "en");
  ASSERT_GE(chunks.size(), 5u);
  int opens = 0, closes = 0;
  for (const Chunk& c : chunks) {
    const bool starts_in_line = c.text.rfind("word", 0) == 0 && c.text.rfind("word0 ", 0) != 0;
    EXPECT_EQ(c.opens_mid_sentence, starts_in_line) << c.text.substr(0, 40);
    opens += c.opens_mid_sentence;
    closes += c.closes_mid_sentence;
  }
  EXPECT_EQ(opens, closes);  // each cut closes one chunk and opens the next
  EXPECT_GE(opens, 4);       // 1,001 words need at least five pieces
  EXPECT_FALSE(chunks.front().opens_mid_sentence);
  EXPECT_FALSE(chunks.back().closes_mid_sentence);

  Document plain;
  plain.blocks = {para(sentences(60, "c"))};
  for (const Chunk& c : chunk_document(plain, ChunkOptions{}, "en")) {
    EXPECT_FALSE(c.opens_mid_sentence || c.closes_mid_sentence) << c.text.substr(0, 40);
  }
}

TEST(ChunkerTest, ALongChineseSentenceAndCodeBlockAreCutToo) {
  std::string zh;
  for (int i = 0; i < 3000; ++i) zh += "张量处理器";
  Document doc;
  doc.blocks = {para(zh + "。")};
  const auto zh_chunks = chunk_document(doc, ChunkOptions{}, "zh");
  ASSERT_GE(zh_chunks.size(), 2u);
  std::string rejoined;
  for (const Chunk& c : zh_chunks) {
    EXPECT_LE(c.word_count, 200);
    rejoined += c.text;
  }
  EXPECT_EQ(rejoined, zh + "。");

  Block code;
  code.kind = BlockKind::kCode;
  for (int i = 0; i < 1000; ++i) code.text += "x" + std::to_string(i) + " = f(y);\n";
  code.text.pop_back();
  Document code_doc;
  code_doc.blocks = {code};
  const auto code_chunks = chunk_document(code_doc, ChunkOptions{}, "en");
  ASSERT_GE(code_chunks.size(), 10u);
  for (const Chunk& c : code_chunks) EXPECT_LE(c.word_count, 200);
}

TEST(ChunkerTest, HeadingsStartChunksAndFormThePath) {
  Document doc;
  doc.blocks = {heading("Book", 1),   para("Intro text here."), heading("Part A", 2),
                para("Alpha text."),  heading("Detail", 3),     para("Deep text."),
                heading("Part B", 2), para("Beta text.")};
  const auto chunks = chunk_document(doc, ChunkOptions{}, "en");
  ASSERT_EQ(chunks.size(), 4u);
  EXPECT_EQ(chunks[0].heading_path, (std::vector<std::string>{"Book"}));
  EXPECT_EQ(chunks[1].heading_path, (std::vector<std::string>{"Book", "Part A"}));
  EXPECT_EQ(chunks[2].heading_path, (std::vector<std::string>{"Book", "Part A", "Detail"}));
  EXPECT_EQ(chunks[3].heading_path, (std::vector<std::string>{"Book", "Part B"}));
  EXPECT_EQ(chunks[3].text, "Beta text.");
}

TEST(ChunkerTest, PagesFollowTheBlocksAndBreaksBetweenBlocksSplitChunks) {
  Document doc;
  Block spanning = para("First half of a sentence that runs on. Second sentence here.");
  spanning.page_breaks = {spanning.text.find("runs")};
  doc.blocks = {para("Page one opener.", 1), spanning, para("Later on page three.", 3)};
  doc.blocks[1].page = 1;
  const auto chunks = chunk_document(doc, ChunkOptions{}, "en");
  ASSERT_EQ(chunks.size(), 2u);
  EXPECT_EQ(chunks[0].page_start, 1);
  EXPECT_EQ(chunks[0].page_end, 2);
  EXPECT_EQ(chunks[1].page_start, 3);
  EXPECT_EQ(chunks[1].page_end, 3);
}

TEST(ChunkerTest, AbbreviationsDoNotEndSentences) {
  Document doc;
  doc.blocks = {para(sentences(24, "x") + "Dr. Smith met Mr. Jones at 3.5 p.m. on the day.")};
  ChunkOptions small;
  small.target_words = 20;
  small.max_words = 30;
  const auto chunks = chunk_document(doc, small, "en");
  bool found = false;
  for (const Chunk& c : chunks) {
    if (c.text.find("Dr. Smith met Mr. Jones at 3.5 p.m. on the day.") != std::string::npos) {
      found = true;
    }
    EXPECT_NE(c.text.substr(0, 6), "Smith ");
  }
  EXPECT_TRUE(found);
}

TEST(ChunkerTest, ChineseTextSplitsAtChineseSentenceEnds) {
  // 32 sentences of "图形处理器擅长并行计算。" (GPUs are good at parallel computing).
  std::string zh;
  for (int i = 0; i < 32; ++i) {
    zh +=
        "\xe5\x9b\xbe\xe5\xbd\xa2\xe5\xa4\x84\xe7\x90\x86\xe5\x99\xa8\xe6\x93\x85\xe9\x95\xbf"
        "\xe5\xb9\xb6\xe8\xa1\x8c\xe8\xae\xa1\xe7\xae\x97\xe3\x80\x82";
  }
  Document doc;
  doc.blocks = {para(zh)};
  ChunkOptions options;
  options.target_words = 40;
  options.max_words = 60;
  const auto chunks = chunk_document(doc, options, "zh");
  ASSERT_GE(chunks.size(), 2u);
  std::string joined;
  for (const Chunk& c : chunks) {
    EXPECT_LE(c.word_count, 60);
    EXPECT_EQ(c.text.substr(c.text.size() - 3), "\xe3\x80\x82") << "ends at a full stop";
    EXPECT_EQ(c.word_count, static_cast<int>(text::word_spans(c.text).size()));
    joined += c.text;
  }
  EXPECT_EQ(joined, zh);
}

TEST(ChunkerTest, MarkdownEndToEndKeepsListItemsAndTables) {
  const Document doc = extract_markdown(
      "# Guide\n\n## Checklist\n\n- Check the framework.\n- Check the budget.\n\n"
      "| Chip | Use |\n|---|---|\n| TPU | large stable training |\n");
  const auto chunks = chunk_document(doc, ChunkOptions{}, "en");
  ASSERT_EQ(chunks.size(), 1u);
  EXPECT_EQ(chunks[0].text,
            "Check the framework.\nCheck the budget.\nChip; Use\nTPU; large stable training");
  EXPECT_EQ(chunks[0].heading_path, (std::vector<std::string>{"Guide", "Checklist"}));
}

namespace {

// Code blocks are never split, so their word count is the count of their whole text.
int code_block_words(const std::string& text) {
  Document doc;
  Block code;
  code.kind = BlockKind::kCode;
  code.text = text;
  doc.blocks = {code};
  const auto chunks = chunk_document(doc, ChunkOptions{}, "en");
  return chunks.empty() ? 0 : chunks[0].word_count;
}

}  // namespace

TEST(ChunkerTest, WordCountsAreTheTextModulesCount) {
  for (const std::string s : {"well-known e.g. 3.5 --flag x... don't snake_case",
                              "Caf\xc3\xa9 au lait, well-known, \xe6\x88\x91\xe4\xbb\xac."}) {
    EXPECT_EQ(code_block_words(s), text::count_words(s)) << s;
  }
  EXPECT_EQ(code_block_words("well-known e.g. 3.5 --flag x... don't snake_case"), 7);
}

TEST(ChunkerTest, SentenceOffsetsSurviveMultiByteCharacters) {
  // A target of one word, so every sentence (none over the cap) becomes its own chunk.
  ChunkOptions one;
  one.target_words = 1;
  one.max_words = 4;
  Document doc;
  doc.blocks = {
      para("Caf\xc3\xa9 au lait. Tr\xc3\xa8s bien! \xe4\xb8\xad\xe6\x96\x87\xe5\x8f\xa5"
           "\xe5\xad\x90\xe3\x80\x82Next one. Smile \xf0\x9f\x98\x80. End.")};
  const auto chunks = chunk_document(doc, one, "en");
  std::vector<std::string> texts;
  for (const Chunk& c : chunks) texts.push_back(c.text);
  EXPECT_EQ(texts, (std::vector<std::string>{
                       "Caf\xc3\xa9 au lait.", "Tr\xc3\xa8s bien!",
                       "\xe4\xb8\xad\xe6\x96\x87\xe5\x8f\xa5\xe5\xad\x90\xe3\x80\x82", "Next one.",
                       "Smile \xf0\x9f\x98\x80.", "End."}));
}

TEST(ChunkerTest, BlocksOverAMegabyteSplitLikeSmallOnes) {
  // Past 1 MB the sentence splitter reads UTF-8 directly instead of a UTF-16 copy.
  const std::string big = sentences(25000, "b");  // about 1.2 MB, 200,000 words
  ASSERT_GT(big.size(), 1u << 20);
  Document doc;
  doc.blocks = {para(big)};
  const auto chunks = chunk_document(doc, ChunkOptions{}, "en");
  int total = 0;
  for (const Chunk& c : chunks) {
    ASSERT_EQ(c.text.substr(0, 9), "Sentence ");
    ASSERT_EQ(c.text.back(), '.');
    total += c.word_count;
  }
  EXPECT_EQ(total, 200000);
  EXPECT_TRUE(chunks.back().text.ends_with(". Sentence b24999 has exactly eight words in it."));
}

}  // namespace lectio::ingest
