#pragma once
// The format-independent shape of an extracted document: a flat list of text blocks in reading
// order. Every format extractor produces one; the chunker consumes it.
#include <cstddef>
#include <string>
#include <vector>

namespace lectio::ingest {

enum class BlockKind { kHeading, kParagraph, kListItem, kQuote, kCode, kTableRow };

struct Block {
  BlockKind kind = BlockKind::kParagraph;
  int level = 0;     // 1-6 for headings, 0 otherwise
  std::string text;  // plain UTF-8, no markup; white space collapsed except in code
  int page = 1;      // page on which the block starts (1-based)
  // Byte offsets into `text` where a new page begins, ascending. A PDF paragraph that runs
  // over a page break keeps one block, so no sentence is cut at the break.
  std::vector<std::size_t> page_breaks;

  int page_at(std::size_t offset) const;  // the page of the byte at `offset`
  int last_page() const { return page + static_cast<int>(page_breaks.size()); }
};

struct Document {
  std::string title;  // from metadata or the first top heading; may be empty
  std::vector<Block> blocks;
  int page_count = 1;
};

}  // namespace lectio::ingest
