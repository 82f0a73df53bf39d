#pragma once
// Shared by extractors whose input has explicit page breaks (text, Markdown): appends one
// page's blocks to a document, joining a paragraph that runs over the break into one block.
#include <functional>
#include <string_view>
#include <vector>

#include "lectio/ingest/document.h"

namespace lectio::ingest {

// True when `text` ends like a finished sentence (., !, ?, :, ;, closing quotes, CJK stops).
bool ends_sentence(std::string_view text);

// Calls `visit(page_text, page)` for each form-feed separated page of `bytes`, page 1 first.
void for_each_page(std::string_view bytes, const std::function<void(std::string_view, int)>& visit);

// Appends `page_blocks` (all on page `page`) to `doc`. When the document's last block is an
// unfinished paragraph and the page opens with a paragraph, the two become one block with a
// page break recorded at the join.
void append_page(Document& doc, std::vector<Block> page_blocks, int page);

}  // namespace lectio::ingest
