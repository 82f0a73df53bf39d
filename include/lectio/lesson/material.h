#pragma once
// What a lesson is made from: the brief's sources, their chunks and ranked retrieval restricted
// to them. Engines, the sentence extractor, the LLM writer and question answering all draw on
// a Material; none of them fetches anything.
#include <string>
#include <vector>

#include "lectio/core/source.h"

namespace lectio::search {
class Index;
}

namespace lectio::lesson {

struct Material {
  std::vector<Source> sources;  // current versions, in the brief's order
  std::vector<Chunk> chunks;    // every chunk of those sources, in document order
  search::Index* index = nullptr;

  std::vector<std::string> source_ids() const;
  const Source* source_of(const Chunk& chunk) const;
};

}  // namespace lectio::lesson
