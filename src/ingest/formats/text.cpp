// Plain text: paragraphs are separated by blank lines, a form feed starts a new page, and a
// short unpunctuated line standing alone before a longer paragraph is taken as a heading.
#include <string>
#include <vector>

#include "lectio/ingest/extract.h"
#include "lectio/text/strings.h"
#include "lectio/text/words.h"
#include "page_join.h"

namespace lectio::ingest {

namespace {

std::vector<std::string> split_paragraphs(std::string_view page) {
  std::vector<std::string> out;
  std::string current;
  std::size_t pos = 0;
  while (pos <= page.size()) {
    std::size_t eol = page.find('\n', pos);
    if (eol == std::string_view::npos) eol = page.size();
    std::string_view line = page.substr(pos, eol - pos);
    pos = eol + 1;
    if (line.find_first_not_of(" \t\r\v") == std::string_view::npos) {
      if (!current.empty()) out.push_back(text::collapse_whitespace(current));
      current.clear();
      continue;
    }
    current.append(line);
    current.push_back('\n');
  }
  if (!current.empty()) out.push_back(text::collapse_whitespace(current));
  return out;
}

// A short unpunctuated line standing alone: a heading when a longer paragraph follows, or when
// it opens the document (a title, whatever comes next).
bool looks_like_heading(const std::string& para, const std::string* next, bool first) {
  if (!next || para.size() > 80 || ends_sentence(para) || para.back() == ',') return false;
  if (text::count_words(para) > 10) return false;
  return first || next->size() > para.size() * 2;
}

}  // namespace

Document extract_text(std::string_view bytes) {
  Document doc;
  for_each_page(bytes, [&](std::string_view page_text, int page) {
    const auto paragraphs = split_paragraphs(page_text);
    std::vector<Block> blocks;
    for (std::size_t i = 0; i < paragraphs.size(); ++i) {
      Block b;
      b.text = paragraphs[i];
      const std::string* next = i + 1 < paragraphs.size() ? &paragraphs[i + 1] : nullptr;
      const bool first = doc.blocks.empty() && blocks.empty();
      if (looks_like_heading(b.text, next, first)) {
        b.kind = BlockKind::kHeading;
        b.level = 2;
        if (doc.title.empty() && first) {
          doc.title = b.text;
          b.level = 1;
        }
      }
      blocks.push_back(std::move(b));
    }
    append_page(doc, std::move(blocks), page);
  });
  return doc;
}

}  // namespace lectio::ingest
