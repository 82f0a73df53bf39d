// Plain text: paragraphs are separated by blank lines, a form feed starts a new page, a line
// underlined with a run of one mark ("=====", "-----": Setext, reStructuredText, Info files)
// is a heading of the level the mark gives, and a short unpunctuated line standing alone
// before a longer paragraph is taken as a heading.
#include <algorithm>
#include <string>
#include <vector>

#include "lectio/ingest/extract.h"
#include "lectio/text/strings.h"
#include "lectio/text/words.h"
#include "line_kind.h"
#include "page_join.h"

namespace lectio::ingest {

namespace {

struct Paragraph {
  std::string text;
  int level = 0;  // > 0: a heading underlined as such (its level by the underline's character)
};

// The level of a heading underlined with `line` (Setext, reStructuredText and Info files:
// "*****" chapter, "=====" section, "-----" subsection, "....", "~~~~" or "^^^^" below), or 0
// when `line` is not an underline for a title of `title_size` bytes.
int underline_level(std::string_view line, std::size_t title_size) {
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.remove_suffix(1);
  constexpr std::string_view kMarks = "*=-.~^";
  if (line.size() < 3 || kMarks.find(line[0]) == std::string_view::npos) return 0;
  if (line.find_first_not_of(line[0]) != std::string_view::npos) return 0;
  if (line.size() * 2 < title_size || title_size == 0) return 0;  // a rule, not an underline
  const std::size_t mark = kMarks.find(line[0]);
  return static_cast<int>(std::min<std::size_t>(mark, 3)) + 1;
}

std::vector<Paragraph> split_paragraphs(std::string_view page) {
  std::vector<Paragraph> out;
  std::string current;
  std::string last_line;  // the paragraph's last line so far, as written
  const auto flush = [&] {
    if (!current.empty()) out.push_back({text::collapse_whitespace(current), 0});
    current.clear();
    last_line.clear();
  };
  std::size_t pos = 0;
  while (pos <= page.size()) {
    std::size_t eol = page.find('\n', pos);
    if (eol == std::string_view::npos) eol = page.size();
    std::string_view line = page.substr(pos, eol - pos);
    pos = eol + 1;
    if (line.find_first_not_of(" \t\r\v") == std::string_view::npos) {
      flush();
      continue;
    }
    const std::string title = text::collapse_whitespace(last_line);
    if (const int level = underline_level(line, title.size()); level > 0) {
      current.resize(current.size() - last_line.size() - 1);  // the title leaves the paragraph
      flush();
      out.push_back({title, level});
      continue;
    }
    current.append(line);
    current.push_back('\n');
    last_line = line;
  }
  flush();
  return out;
}

// A short unpunctuated line standing alone: a heading when a longer paragraph follows, or when
// it opens the document (a title, whatever comes next).
bool looks_like_heading(const std::string& para, const std::string* next, bool first) {
  if (!next || para.size() > 80 || ends_sentence(para) || para.back() == ',') return false;
  if (text::count_words(para) > 10 || reads_as_code(para)) return false;
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
      b.text = paragraphs[i].text;
      const std::string* next = i + 1 < paragraphs.size() ? &paragraphs[i + 1].text : nullptr;
      const bool first = doc.blocks.empty() && blocks.empty();
      if (paragraphs[i].level > 0) {
        b.kind = BlockKind::kHeading;
        b.level = paragraphs[i].level;
        if (doc.title.empty() && first) doc.title = b.text;
      } else if (looks_like_heading(b.text, next, first)) {
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
