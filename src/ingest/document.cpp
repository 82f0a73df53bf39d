#include "lectio/ingest/document.h"

#include <algorithm>

namespace lectio::ingest {

int Block::page_at(std::size_t offset) const {
  const auto passed = std::upper_bound(page_breaks.begin(), page_breaks.end(), offset);
  return page + static_cast<int>(passed - page_breaks.begin());
}

}  // namespace lectio::ingest
