#pragma once
// What the answer ranker knows of a candidate sentence for one question: lexical and
// structural features of answer-sentence selection (question terms weighted by idf, in the
// sentence, its headings, its neighbours and its chunk; phrase overlap; the kind of thing
// asked for; length and place). pick_answer() scores a candidate as a weighted sum of them;
// bench/qa_bench.cpp --features writes them out for bench/fit_answer_ranker.py, which fits
// the weights. Private to the compose module.
#include <array>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "lectio/ask/answer_words.h"
#include "lectio/extract/candidates.h"
#include "lectio/text/weighting.h"
#include "lectio/text/wordnet.h"

namespace lectio::ask {

// The features; kFeatureNames holds their names, the columns of the dump.
// A question term the sentence (its headings, the sentence before) lacks but holds a word
// WordNet relates to counts kBridgeShare of its weight there: SQuAD dev's first sentence 0.671
// -> 0.692 (0.5: 0.678; 1.0 answered more and refused fewer). docs/benchmarks.md.
inline constexpr double kBridgeShare = 0.7;

enum Feature : std::size_t {
  kOwn,            // share of the question's idf weight the sentence carries itself (and, at
                   // kBridgeShare, by WordNet's bridges); so for heading and before
  kHeading,        // ... carried only by the chunk's headings
  kBefore,         // ... only by the sentence before (same chunk)
  kAfter,          // ... only by the sentence after (same chunk)
  kChunk,          // share of the weight anywhere in the sentence's chunk
  kCosine,         // tf-idf cosine of sentence and question
  kPrior,          // retrieval prior of the chunk, 1 for the top hit
  kTyped,          // the question has an answer type and the sentence holds one not asked
  kUntyped,        // the question has an answer type and the sentence holds none
  kDangling,       // opens by pointing back ("It", "However")
  kPairs,          // pair_share()
  kRun,            // longest_run() over the number of question terms
  kRarest,         // holds the question's rarest term the material uses
  kDensity,        // density()
  kLogWords,       // log(1 + words)
  kFirst,          // first candidate of its chunk
  kNovel,          // share of the sentence's distinct terms the question lacks
  kBm25,           // BM25 of the sentence over the best candidate's
  kChunkBm25,      // BM25 of the chunk over the best chunk's
  kMatched,        // share of the question's terms (unweighted) the sentence holds
  kWhoName,        // who, and WordView::name
  kWhereName,      // where, and WordView::name
  kWhenYear,       // when / what year, and WordView::year
  kHowManyNumber,  // how many, and WordView::number
  kWhatName,       // what / which, and WordView::name
  kWhatNumber,     // what / which, and WordView::number
  kNearType,       // WordView::near
  kExactNames,     // WordView::exact_names
  kOwnRel,         // own over the best own of all candidates
  kChunkRel,       // chunk over the best chunk of all candidates
  kTopInChunk,     // carries the most (own) of its chunk's candidates
  kOwnTop,         // carries the most (own) of all candidates
  // Of the question, the same for every candidate (the ranking ignores them; the refusal
  // model, answer_confidence.h, reads them):
  kAbsent,         // share of its weight in terms no candidate says, nor a bridge of them
  kQuestionTerms,  // log(1 + its terms)
  // What the question says that the sentence, its headings and the sentence before do not
  // (nor a WordNet bridge of it): SQuAD 2.0's unanswerable questions are mostly an answerable
  // one with one word swapped ("largest *US* company").
  kMissMax,     // the heaviest such term's share of the question's weight
  kMissCount,   // such terms over the question's terms
  kMissSaid,    // share of the weight in such terms that other candidates hold
  kMissName,    // such terms among the question's names (capitalised past its first word),
                // over its names; 0 when it has none
  kMissNumber,  // 1 when a term of the question with a digit is such a term
  kSwapped,     // slot_swapped(): the sentence has another word where the question has one of
                // its own, the words beside it the same ("First" / "Second World War")
  kDefines,     // a what-is question, and the sentence's subject names what it asks
  kFeatureCount
};

inline constexpr std::array<std::string_view, kFeatureCount> kFeatureNames = {
    "own",          "heading",     "before",      "after",          "chunk",     "cosine",
    "prior",        "typed",       "untyped",     "dangling",       "pairs",     "run",
    "rarest",       "density",     "log_words",   "first",          "novel",     "bm25",
    "chunk_bm25",   "matched",     "who_name",    "where_name",     "when_year", "how_many_number",
    "what_name",    "what_number", "near_type",   "exact_names",    "own_rel",   "chunk_rel",
    "top_in_chunk", "own_top",     "absent",      "question_terms", "miss_max",  "miss_count",
    "miss_said",    "miss_name",   "miss_number", "swapped",        "defines",
};

using Features = std::array<double, kFeatureCount>;

struct CandidateFeatures {
  int candidate = 0;
  // Share of the question's weight carried by the sentence, its headings or the sentence
  // before: what the coverage bars of PickOptions are measured on.
  double coverage = 0;
  Features values{};
};

// The inputs that depend only on the question and the candidates.
struct FeatureInputs {
  const Question& question;
  const std::vector<extract::Candidate>& candidates;
  const text::TermStats& stats;                  // over the candidates' terms, one document each
  const std::vector<text::TermVector>& vectors;  // tf-idf of each candidate
  const TermWeights& weight;                     // question term -> idf
  const std::vector<bool>& excluded;             // may be empty
  const std::map<int, double>& chunk_prior;
  const text::WordNet* wordnet = nullptr;  // bridges; null: exact terms only
};

// Features of every candidate that carries at least one question term itself (a heading
// alone never makes a sentence an answer), in candidate order.
[[nodiscard]] std::vector<CandidateFeatures> candidate_features(const FeatureInputs& in);

}  // namespace lectio::ask
