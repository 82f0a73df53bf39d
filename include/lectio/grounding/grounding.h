#pragma once
// The grounding verifier shared by every engine: checks that citations name real chunks and
// scores how well each claim is supported by the chunks it cites.
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lectio/core/source.h"
#include "lectio/lesson/lesson.h"

namespace lectio::store {
class ContentStore;
}

namespace lectio::grounding {

// Content sentences scoring below this are counted as unsupported.
inline constexpr double kSupportThreshold = 0.6;

// How much of `sentence` the texts support, 0..1: the mean of the share of its content terms
// and the share of its adjacent content-term pairs found in the texts.
[[nodiscard]] double support_score(std::string_view sentence, const std::vector<std::string>& texts,
                                   const std::string& language);

// What a claim carries that none of its texts holds.
enum class TermKind {
  kName,    // a capitalised word or run of them ("Zorblax Institute"), or an acronym
  kNumber,  // a word with a digit ("1987", "4.2bn")
  kTerm,    // any other content word (paraphrase, or an invented rare term)
};

struct UnsupportedTerm {
  std::string text;  // as written in the claim
  TermKind kind = TermKind::kTerm;
};

struct ClaimCheck {
  double support = 0;  // support_score of the claim against the texts
  // The claim's content words whose term none of the texts holds, in the claim's order, each
  // once; adjacent unsupported capitalised words are one name.
  std::vector<UnsupportedTerm> unsupported;
  // True when no name and no number is unsupported: the claim invents no fact a reader could
  // check. A paraphrase may still leave common words unsupported.
  bool facts_held() const;
};

// Checks one claim against the texts it cites: its support and what it says that they don't.
// This is what an engine's output is held to: a claim whose facts are not held must not pass.
[[nodiscard]] ClaimCheck check_claim(std::string_view claim, const std::vector<std::string>& texts,
                                     const std::string& language);

// Resolves a chunk id; std::nullopt when it does not exist.
using ChunkLookup = std::function<std::optional<Chunk>(const std::string& chunk_id)>;
// Finds the source record of a chunk.
using SourceLookup = std::function<std::optional<Source>(const Chunk& chunk)>;

// Checks and scores a lesson in place: drops citations of chunks that do not exist (a content
// sentence left with none is removed, with a warning), sets every content sentence's support,
// fills lesson.sources with each cited chunk and lesson.grounding with the totals and the
// per-insight coverage.
void verify_grounding(lesson::Lesson& lesson, const ChunkLookup& chunks,
                      const SourceLookup& sources);

// The same, with chunks and sources looked up in `store` (a chunk id may name its version).
void verify_grounding(lesson::Lesson& lesson, store::ContentStore& store);

}  // namespace lectio::grounding
