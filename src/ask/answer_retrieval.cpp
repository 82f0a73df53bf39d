#include "answer_retrieval.h"

#include <algorithm>
#include <tuple>
#include <utility>

#include "lectio/core/error.h"

namespace lectio::ask {

Retrieved retrieve(const std::string& question, const std::vector<std::string>& source_ids,
                   store::ContentStore& store, search::Index& index, int depth) {
  search::Query query;
  query.text = question;
  query.k = depth;
  query.source_ids = source_ids;
  query.words_only = true;  // a question is not search syntax
  query.snippets = false;
  std::vector<search::Hit> hits;
  try {
    hits = index.search(query);
  } catch (const InvalidInput&) {
    return {};  // nothing searchable in it (only stop words): no material, no answer
  }
  struct Found {
    std::size_t source_rank;
    Chunk chunk;
    double prior;
  };
  std::vector<Found> found;
  for (std::size_t rank = 0; rank < hits.size(); ++rank) {
    const auto source = std::find(source_ids.begin(), source_ids.end(), hits[rank].source_id);
    if (source == source_ids.end()) continue;  // the index filters; this keeps the contract
    const auto ref = ChunkRef::parse(hits[rank].chunk_id);
    if (!ref) continue;
    auto chunk = store.chunk(*ref);
    if (!chunk) continue;  // the source changed since the index saw it
    found.push_back({static_cast<std::size_t>(source - source_ids.begin()), std::move(*chunk),
                     1.0 / (1.0 + 0.5 * static_cast<double>(rank))});
  }
  std::sort(found.begin(), found.end(), [](const Found& a, const Found& b) {
    return std::tie(a.source_rank, a.chunk.ordinal) < std::tie(b.source_rank, b.chunk.ordinal);
  });
  Retrieved r;
  r.material.index = &index;
  for (Found& f : found) {
    r.prior[static_cast<int>(r.material.chunks.size())] = f.prior;
    r.material.chunks.push_back(std::move(f.chunk));
  }
  return r;
}

}  // namespace lectio::ask
