// verify_text against a real SQLite store and Xapian index of the example notes: what a
// sentence adds that the notes do not hold costs it, a number most of all, and so does a term
// it repeats.
#include "lectio/grounding/verify.h"

#include <gtest/gtest.h>

#include "lectio/ingest/ingest.h"
#include "lectio/store/store.h"
#include "support/temp_dir.h"

namespace lectio::grounding {

namespace {

struct Notes {
  testing::TempDir dir;
  std::unique_ptr<store::ContentStore> store = store::open_content_store(dir.path());
  std::unique_ptr<search::Index> index;

  Notes() {
    ingest::AddOptions add;
    add.id = "gpu001";
    ingest::add_file(*store, testing::source_dir() / "examples/gpu-tpu/gpu_tpu_lesson_notes.md",
                     add);
    index = search::open_index(*store, dir.path());
  }

  Verification verify(std::string_view text) {
    VerifyOptions options;
    options.source_ids = {"file_gpu001"};
    options.language = "en";
    return verify_text(text, *store, *index, options);
  }
};

}  // namespace

TEST(VerifyTest, AnInventedNumberCostsMoreThanAnInventedWord) {
  Notes notes;
  // The notes: "NVIDIA released its CUDA programming platform in 2007, ..."
  const Verification right = notes.verify("NVIDIA released its CUDA programming platform in 2007.");
  const Verification number =
      notes.verify("NVIDIA released its CUDA programming platform in 1994.");
  const Verification word =
      notes.verify("NVIDIA released its CUDA programming platform in Antarctica.");
  ASSERT_EQ(right.sentences.size(), 1u);
  EXPECT_TRUE(right.sentences[0].unsupported.empty());
  EXPECT_DOUBLE_EQ(right.sentences[0].score, right.sentences[0].support);
  EXPECT_GT(right.score, 0.9);
  ASSERT_EQ(number.sentences[0].unsupported.size(), 1u);
  EXPECT_EQ(number.sentences[0].unsupported[0].kind, TermKind::kNumber);
  EXPECT_DOUBLE_EQ(number.sentences[0].score, 0.5 * number.sentences[0].support);
  EXPECT_DOUBLE_EQ(word.sentences[0].score, 0.9 * word.sentences[0].support);
  EXPECT_LT(number.score, word.score);
  EXPECT_LT(word.score, right.score);
}

TEST(VerifyTest, TokenisedTextIsSplitAtAStandalonePeriodAndEachSentenceCountsOnce) {
  Notes notes;
  const Verification v = notes.verify(
      "nvidia released its cuda programming platform in 2007 . google announced the tpu in "
      "1994 .");
  ASSERT_EQ(v.sentences.size(), 2u);
  EXPECT_EQ(v.sentences[0].text, "nvidia released its cuda programming platform in 2007 .");
  EXPECT_EQ(v.sentences[1].text, "google announced the tpu in 1994 .");
  ASSERT_FALSE(v.sentences[1].unsupported.empty());
  EXPECT_EQ(v.sentences[1].unsupported.back().text, "1994");
  EXPECT_DOUBLE_EQ(v.score, (v.sentences[0].score + v.sentences[1].score) / 2);
  EXPECT_LT(v.sentences[1].score, v.sentences[0].score);
}

TEST(VerifyTest, ARepeatedTermCostsLikeAnUnsupportedWord) {
  Notes notes;
  // Every word is in the notes; the second says "cuda" twice, as a model's decoding gone round.
  const Verification once = notes.verify("NVIDIA released its CUDA programming platform in 2007.");
  const Verification twice =
      notes.verify("NVIDIA released its CUDA CUDA programming platform in 2007.");
  ASSERT_EQ(twice.sentences.size(), 1u);
  EXPECT_TRUE(twice.sentences[0].unsupported.empty());
  EXPECT_DOUBLE_EQ(once.sentences[0].score, once.sentences[0].support);
  EXPECT_DOUBLE_EQ(twice.sentences[0].score, 0.9 * twice.sentences[0].support);
  EXPECT_LT(twice.score, once.score);
}

}  // namespace lectio::grounding
