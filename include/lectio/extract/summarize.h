#pragma once
// The sentence-selection core: picks the sentences of a text that best summarise it, or that
// best answer a focus query. Extractive and deterministic; no network, no model.
#include <string>
#include <vector>

namespace lectio::extract {

struct SelectOptions {
  int count = 3;                // how many sentences to pick (fewer when the text is shorter)
  std::string language = "en";  // "en" or "zh": tokenisation, stemming and stopwords
  std::string focus;            // optional query; when set, relevance to it dominates
};

// Indices into `sentences` of the chosen ones, in document order. Without a focus: a lead
// prior plus directed TF-IDF centrality, fragments and bylines held back, near-duplicates
// avoided (MMR). With a focus: BM25 relevance to its terms dominates; when no sentence shares
// a term with it the result is the plain summary. See docs/benchmarks.md.
[[nodiscard]] std::vector<int> select_sentences(const std::vector<std::string>& sentences,
                                                const SelectOptions& options);

}  // namespace lectio::extract
