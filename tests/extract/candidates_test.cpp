// Which sentences of the material a lesson may speak.
#include "lectio/extract/candidates.h"

#include <gtest/gtest.h>

#include <algorithm>

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

}  // namespace lectio::extract
