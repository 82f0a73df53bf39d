#include "page_join.h"

#include <algorithm>
#include <array>

namespace lectio::ingest {

bool ends_sentence(std::string_view text) {
  while (!text.empty() && (text.back() == ' ' || text.back() == '\n')) text.remove_suffix(1);
  if (text.empty()) return true;
  static constexpr std::array<std::string_view, 14> kEndings = {".",
                                                                "!",
                                                                "?",
                                                                ":",
                                                                ";",
                                                                "\"",
                                                                "'",
                                                                ")",
                                                                "\xe3\x80\x82" /*。*/,
                                                                "\xef\xbc\x81" /*！*/,
                                                                "\xef\xbc\x9f" /*？*/,
                                                                "\xe2\x80\x9d" /*”*/,
                                                                "\xe2\x80\x99" /*’*/,
                                                                "\xe2\x80\xa6" /*…*/};
  for (std::string_view e : kEndings) {
    if (text.size() >= e.size() && text.substr(text.size() - e.size()) == e) return true;
  }
  return false;
}

void for_each_page(std::string_view bytes,
                   const std::function<void(std::string_view, int)>& visit) {
  int page = 1;
  std::size_t start = 0;
  while (true) {
    const std::size_t ff = std::min(bytes.find('\f', start), bytes.size());
    visit(bytes.substr(start, ff - start), page);
    if (ff == bytes.size()) return;
    start = ff + 1;
    ++page;
  }
}

void append_page(Document& doc, std::vector<Block> page_blocks, int page) {
  if (!page_blocks.empty() && page > doc.page_count) doc.page_count = page;
  std::size_t first = 0;
  if (!doc.blocks.empty() && !page_blocks.empty()) {
    Block& last = doc.blocks.back();
    const Block& next = page_blocks.front();
    if (last.kind == BlockKind::kParagraph && next.kind == BlockKind::kParagraph &&
        !ends_sentence(last.text)) {
      last.text.push_back(' ');
      last.page_breaks.push_back(last.text.size());
      last.text += next.text;
      first = 1;
    }
  }
  for (std::size_t i = first; i < page_blocks.size(); ++i) {
    page_blocks[i].page = page;
    doc.blocks.push_back(std::move(page_blocks[i]));
  }
}

}  // namespace lectio::ingest
