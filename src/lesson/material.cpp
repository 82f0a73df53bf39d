#include "lectio/lesson/material.h"

namespace lectio::lesson {

std::vector<std::string> Material::source_ids() const {
  std::vector<std::string> ids;
  for (const Source& s : sources) ids.push_back(s.id);
  return ids;
}

const Source* Material::source_of(const Chunk& chunk) const {
  for (const Source& s : sources) {
    if (s.id == chunk.source_id) return &s;
  }
  return nullptr;
}

}  // namespace lectio::lesson
