#pragma once
// Test collections in the BEIR layout: corpus.jsonl ({"_id", "title", "text"}),
// queries.jsonl ({"_id", "text"}) and qrels/test.tsv ("query-id corpus-id score", with a
// header line).
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "lectio/eval/ir_eval.h"

namespace lectio::eval {

struct BeirDoc {
  std::string id;
  std::string title;
  std::string text;
};

struct BeirQuery {
  std::string id;
  std::string text;
};

// Streams the corpus, one document at a time, so that large corpora need not fit in memory.
// Throws NotFound or InvalidInput naming the file and line.
void for_each_beir_doc(const std::filesystem::path& dir,
                       const std::function<void(const BeirDoc&)>& visit);

[[nodiscard]] std::vector<BeirQuery> load_beir_queries(const std::filesystem::path& dir);

[[nodiscard]] Qrels load_beir_qrels(const std::filesystem::path& dir);

}  // namespace lectio::eval
