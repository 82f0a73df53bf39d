#pragma once
// The chunks an answer is picked from: ranked retrieval over the asked sources. Private to
// the compose module (answer.cpp, and bench/qa_bench.cpp for the ranker's fit).
#include <map>
#include <string>
#include <vector>

#include "lectio/lesson/material.h"
#include "lectio/search/index.h"
#include "lectio/store/content_store.h"

namespace lectio::ask {

// The retrieved chunks in document order (lesson source order, then ordinal), so that
// candidate positions follow the text, with each chunk's retrieval prior by its new index.
// Only these chunks are read: build_candidates() then drops the headings all of a source's
// retrieved chunks share, which can hide a section heading (never grant a false one).
struct Retrieved {
  lesson::Material material;
  std::map<int, double> prior;  // chunk index -> 1 for the top hit, falling with rank
};

// The best `depth` chunks of `source_ids` for `question`; no chunks when the question has
// nothing searchable. Whatever the store and the index throw (Io) passes through.
Retrieved retrieve(const std::string& question, const std::vector<std::string>& source_ids,
                   store::ContentStore& store, search::Index& index, int depth);

}  // namespace lectio::ask
