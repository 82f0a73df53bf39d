#pragma once
// Verifies a text anyone wrote against the sources: each sentence is matched with the chunks
// that best support it and checked by the grounding verifier (check_claim), the same check
// every engine's output goes through. Lexical evidence only: shared terms and term pairs,
// names and numbers; no model.
#include <string>
#include <string_view>
#include <vector>

#include "lectio/grounding/grounding.h"
#include "lectio/search/index.h"
#include "lectio/store/content_store.h"

namespace lectio::grounding {

// Longest text verify_text accepts, in bytes: every sentence is a search.
inline constexpr std::size_t kMaxVerifyBytes = 1u << 20;

struct VerifyOptions {
  std::vector<std::string> source_ids;  // the sources to check against; empty = every source
  std::string language;                 // "en" or "zh"; empty: detected from the text
  int depth = 4;                        // chunks retrieved per sentence, 1..20
};

struct VerifiedSentence {
  std::string text;
  double support = 0;  // against the cited chunks, 0..1
  // The support discounted for what the sentence adds: halved for each number its chunks do
  // not hold, times 0.9 for each other word they do not hold (names included) and for each
  // repeat of a content term it already said ("care in care"), 0..1.
  double score = 0;
  bool supported = false;              // support >= kSupportThreshold and facts_held()
  std::vector<std::string> citations;  // the chunks it was checked against, best first
  std::vector<UnsupportedTerm> unsupported;
};

struct Verification {
  std::string language;
  // The text's faithfulness, 0..1: the mean of its sentences' scores (a sentence with no
  // content term is left out); 0 when nothing was checked.
  double score = 0;
  std::vector<VerifiedSentence> sentences;
};

// Splits `text` into sentences (also at a period standing alone between spaces, as in
// tokenised text) and verifies each against the sources. Throws InvalidInput
// for an empty text, one over kMaxVerifyBytes, text that is not UTF-8, no sentence, or options
// out of range, NotFound for an unknown source id; store and index errors pass through.
[[nodiscard]] Verification verify_text(std::string_view text, store::ContentStore& store,
                                       search::Index& index, const VerifyOptions& options = {});

}  // namespace lectio::grounding
