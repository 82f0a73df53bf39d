// Plain text: paragraphs are separated by blank lines, a form feed starts a new page, a line
// underlined with a run of one mark ("=====", "-----": Setext, reStructuredText, Info files)
// is a heading of the level the mark gives, and a short unpunctuated line standing alone
// before a longer paragraph is taken as a heading. A definition list's term (short lines over
// a more indented description that opens a sentence of its own with a subject) and a list's
// item (after a line that ends a sentence or leads in with a colon) start paragraphs of their
// own. An Info file is read without what only an Info reader uses (info.h).
#include <algorithm>
#include <array>
#include <cctype>
#include <string>
#include <vector>

#include "info.h"
#include "lectio/ingest/extract.h"
#include "lectio/text/strings.h"
#include "lectio/text/words.h"
#include "line_kind.h"
#include "page_join.h"

namespace lectio::ingest {

namespace {

// A definition list's term is at most this long, and its description indented at least this
// much further.
constexpr std::size_t kMaxTermBytes = 48;
constexpr std::size_t kTermIndent = 3;

struct Paragraph {
  std::string text;
  int level = 0;      // > 0: a heading underlined as such (its level by the underline's character)
  bool term = false;  // a definition list's term: never a heading
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

std::size_t indent_of(std::string_view line) {
  std::size_t n = 0;
  for (char c : line) {
    if (c == ' ') {
      ++n;
    } else if (c == '\t') {
      n += 8 - n % 8;
    } else {
      break;
    }
  }
  return n;
}

std::string_view trimmed(std::string_view line) {
  const std::size_t from = line.find_first_not_of(" \t");
  if (from == std::string_view::npos) return {};
  std::size_t to = line.find_last_not_of(" \t\r");
  return line.substr(from, to - from + 1);
}

// A list item's marker opens the line: "1. ", "12) ", "* ", "- ", "• ".
bool opens_list_item(std::string_view line) {
  const std::string_view t = trimmed(line);
  for (std::string_view bullet : {"* ", "- ", "\u2022 "}) {
    if (t.substr(0, bullet.size()) == bullet) return true;
  }
  std::size_t digits = 0;
  while (digits < t.size() && digits < 3 && std::isdigit(static_cast<unsigned char>(t[digits]))) {
    ++digits;
  }
  return digits > 0 && digits + 1 < t.size() && (t[digits] == '.' || t[digits] == ')') &&
         t[digits + 1] == ' ';
}

// A line a definition list's term may be: short, no sentence (a quoted term ends in a quote,
// which page_join's ends_sentence() takes for a sentence's end), no list item.
bool term_like(std::string_view line) {
  const std::string_view t = trimmed(line);
  return !t.empty() && t.size() <= kMaxTermBytes && t.find_last_of(".!?") != t.size() - 1 &&
         !opens_list_item(line);
}

// Whether a term's description opens a sentence of its own: with a determiner, as a subject
// does ("The 'I' modifier ... is a GNU extension"). One that opens with a verb or a condition
// ("Print NUM lines ...", "appends a line ...", "If the substitution was made, then print
// ...") has the term for its subject and stays with it.
bool opens_own_sentence(std::string_view line) {
  static constexpr std::array<std::string_view, 11> kDeterminers = {
      "The", "A", "An", "Each", "Every", "All", "Any", "Some", "No", "Most", "Many"};
  const std::string_view t = trimmed(line);
  const std::string_view first = t.substr(0, t.find(' '));
  return first.size() < t.size() &&
         std::find(kDeterminers.begin(), kDeterminers.end(), first) != kDeterminers.end();
}

// Whether `line` starts a paragraph though no blank line comes before it: a term's description
// that opens a sentence of its own (more indented than the term), or a list item after a
// sentence's end or a lead-in.
bool starts_paragraph(std::string_view line, const std::vector<std::string_view>& current) {
  if (current.empty()) return false;
  if (opens_list_item(line)) {
    const std::string_view last = trimmed(current.back());
    return ends_sentence(last) || (!last.empty() && last.back() == ':');
  }
  return std::all_of(current.begin(), current.end(), term_like) &&
         indent_of(line) >= indent_of(current.front()) + kTermIndent && opens_own_sentence(line);
}

std::vector<Paragraph> split_paragraphs(std::string_view page) {
  std::vector<Paragraph> out;
  std::vector<std::string_view> current;  // the paragraph's lines so far, as written
  // `term`: the lines are a term its description follows.
  const auto flush = [&](bool term = false) {
    std::string joined;
    for (std::string_view l : current) {
      joined.append(l);
      joined.push_back('\n');
    }
    if (!current.empty()) out.push_back({text::collapse_whitespace(joined), 0, term});
    current.clear();
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
    const std::string title =
        current.empty() ? std::string() : text::collapse_whitespace(current.back());
    if (const int level = underline_level(line, title.size()); level > 0) {
      current.pop_back();  // the title leaves the paragraph
      flush();
      out.push_back({title, level});
      continue;
    }
    if (starts_paragraph(line, current)) flush(!opens_list_item(line));
    current.push_back(line);
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
  // An Info file underlines every heading it has: a short line standing alone there is an
  // example ("og+rX og-w", "patch <PATCHFILE") or a table's caption, never a heading.
  const bool underlined_only = is_info(bytes);
  std::string info;
  if (underlined_only) {
    info = info_to_text(bytes);
    bytes = info;
  }
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
      } else if (!underlined_only && !paragraphs[i].term &&
                 looks_like_heading(b.text, next, first)) {
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
  // An Info file opens with its copyright notice; its title is its top node's heading.
  if (underlined_only && doc.title.empty()) {
    for (const Block& b : doc.blocks) {
      if (b.kind == BlockKind::kHeading && b.level == 1) {
        doc.title = b.text;
        break;
      }
    }
  }
  return doc;
}

}  // namespace lectio::ingest
