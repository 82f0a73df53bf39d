// PDF: poppler lists each page's words with boxes in reading order; lines are rebuilt from
// the boxes and paragraphs from the gaps between lines. A paragraph left unfinished at the
// foot of a page continues into the next page's first paragraph as one block.
#include <fmt/format.h>
#include <poppler-document.h>
#include <poppler-global.h>
#include <poppler-page.h>
#include <unicode/uchar.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <map>
#include <memory>
#include <mutex>

#include "formats/finish.h"
#include "formats/line_kind.h"
#include "lectio/core/error.h"
#include "lectio/ingest/extract.h"
#include "lectio/text/strings.h"
#include "lectio/text/unicode.h"

namespace lectio::ingest {

namespace {

struct Line {
  std::string text;
  double top = 0, bottom = 0, left = 0, right = 0, size = 0;
  bool mono = false;  // set in a typewriter font: code, never a heading
  double height() const { return std::max(bottom - top, 1.0); }
};

struct Para {
  std::string text;
  int lines = 0;
  double size = 0;
  bool mono = true;
  bool full_end = false;  // the last line reaches the right margin, as a wrapped line does
};

std::string utf8(const poppler::ustring& s) {
  const poppler::byte_array bytes = s.to_utf8();
  return std::string(bytes.begin(), bytes.end());
}

// Poppler reports recoverable damage on stderr unless told otherwise.
void silence_poppler() {
  static std::once_flag once;
  std::call_once(
      once, [] { poppler::set_debug_error_function([](const std::string&, void*) {}, nullptr); });
}

bool starts_lower(std::string_view s) {
  return u_islower(text::first_code_point(s));
}

// A bulleted line: "• item", "◦ item", "- item", "* item".
std::size_t bullet_length(std::string_view s) {
  for (std::string_view b : {"\xe2\x80\xa2", "\xe2\x97\xa6", "\xe2\x96\xaa", "\xe2\x97\x8f"}) {
    if (s.starts_with(b)) return b.size();
  }
  return s.starts_with("- ") || s.starts_with("* ") ? 1 : 0;
}

// True when the text ends a sentence: . ! ? : or a CJK stop, maybe inside closing quotes.
bool ends_sentence(std::string_view s) {
  while (!s.empty() && (s.back() == '"' || s.back() == '\'' || s.back() == ')')) s.remove_suffix(1);
  for (std::string_view quote : {"\xe2\x80\x9d", "\xe2\x80\x99"}) {  // ” ’
    if (s.ends_with(quote)) s.remove_suffix(quote.size());
  }
  if (s.empty()) return false;
  if (s.back() == '.' || s.back() == '!' || s.back() == '?' || s.back() == ':') return true;
  return s.ends_with("\xe3\x80\x82") || s.ends_with("\xef\xbc\x81") ||  // 。！
         s.ends_with("\xef\xbc\x9f");                                   // ？
}

// Appends a line (or the next page's text) to a paragraph: a word broken by a hyphen at the
// line end is rejoined, CJK lines join without a space, anything else with one space.
// Returns the offset in `acc` where `next` begins.
std::size_t join_text(std::string& acc, std::string_view next) {
  const std::size_t n = acc.size();
  if (n >= 2 && acc.back() == '-' &&
      u_isalpha(text::last_code_point(std::string_view(acc).substr(0, n - 1))) &&
      starts_lower(next)) {
    acc.pop_back();
  } else if (acc.ends_with("\xc2\xad")) {  // soft hyphen
    acc.resize(n - 2);
  } else if (!acc.empty() && !(text::is_cjk(text::last_code_point(acc)) &&
                               text::is_cjk(text::first_code_point(next)))) {
    acc.push_back(' ');
  }
  const std::size_t at = acc.size();
  acc.append(next);
  return at;
}

// Typographic ligatures come out of many PDFs as single code points; spell them out.
std::string expand_ligatures(std::string s) {
  static constexpr std::pair<std::string_view, std::string_view> kLigatures[] = {
      {"\xef\xac\x80", "ff"},  {"\xef\xac\x81", "fi"},  {"\xef\xac\x82", "fl"},
      {"\xef\xac\x83", "ffi"}, {"\xef\xac\x84", "ffl"}, {"\xef\xac\x86", "st"}};
  if (s.find("\xef\xac") == std::string::npos) return s;
  for (const auto& [from, to] : kLigatures) {
    for (auto at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size())) {
      s.replace(at, from.size(), to);
    }
  }
  return s;
}

bool is_mono_font(std::string name) {
  std::transform(name.begin(), name.end(), name.begin(), [](char c) { return std::tolower(c); });
  for (std::string_view hint : {"mono", "courier", "consol", "cmtt", "typewriter"}) {
    if (name.find(hint) != std::string::npos) return true;
  }
  return false;
}

// Rebuilds lines from the words poppler lists in reading order.
std::vector<Line> page_lines(poppler::page& page) {
  std::vector<Line> lines;
  bool space_after = false;
  for (const poppler::text_box& word : page.text_list(poppler::page::text_list_include_font)) {
    const std::string text = expand_ligatures(text::collapse_whitespace(utf8(word.text())));
    if (text.empty()) continue;
    const poppler::rectf box = word.bbox();
    const double h = std::max(box.height(), 1.0);
    bool fresh = lines.empty();
    if (!fresh) {
      const Line& cur = lines.back();
      const double overlap = std::min(cur.bottom, box.bottom()) - std::max(cur.top, box.top());
      fresh = overlap < 0.5 * std::min(h, cur.height()) || box.left() < cur.right - 2 * h;
    }
    const bool info = word.has_font_info();
    if (fresh) {
      lines.push_back({text, box.top(), box.bottom(), box.left(), box.right(), 0,
                       info && is_mono_font(word.get_font_name())});
    } else {
      Line& cur = lines.back();
      // White wider than a fifth of the line's height is a word break even where the PDF has
      // no space there: a definition list's term and its text in two columns ("A  The
      // expansion is ...") would otherwise run together ("AThe").
      const bool white = box.left() - cur.right > 0.2 * h;
      if (space_after || white) cur.text.push_back(' ');
      cur.text += text;
      cur.top = std::min(cur.top, box.top());
      cur.bottom = std::max(cur.bottom, box.bottom());
      cur.right = std::max(cur.right, box.right());
    }
    lines.back().size = std::max(lines.back().size, info ? word.get_font_size() : h);
    space_after = word.has_space_after();
  }
  return lines;
}

// "12", "- 12 -", "Page 12", "12 of 40", "xii": a folio, not text.
bool is_page_number(std::string_view s) {
  std::string t;
  for (char c : s) {
    if (c != ' ' && c != '-' && c != '[' && c != ']') t.push_back(std::tolower(c));
  }
  if (t.starts_with("page")) t.erase(0, 4);
  if (const auto of = t.find("of"); of != std::string::npos && of > 0) t.erase(of);
  if (t.empty() || t.size() > 7) return false;
  return t.find_first_not_of("0123456789") == std::string::npos ||
         t.find_first_not_of("ivxlc") == std::string::npos;
}

// A line's identity for spotting running heads: no digits, spaces or case.
std::string running_key(const Line& line) {
  std::string key;
  for (char c : line.text) {
    if (c != ' ' && !std::isdigit(static_cast<unsigned char>(c))) key.push_back(std::tolower(c));
  }
  return key.size() <= 80 ? key : std::string();
}

// Drops folios, and running heads and feet: the same first or last line on several pages.
void drop_page_furniture(std::vector<std::vector<Line>>& pages) {
  for (auto& lines : pages) {
    if (!lines.empty() && is_page_number(lines.back().text)) lines.pop_back();
    if (!lines.empty() && is_page_number(lines.front().text)) lines.erase(lines.begin());
  }
  std::map<std::string, int> seen;
  for (const auto& lines : pages) {
    if (lines.size() < 2) continue;
    ++seen[running_key(lines.front())];
    if (running_key(lines.back()) != running_key(lines.front())) ++seen[running_key(lines.back())];
  }
  auto repeated = [&](const Line& l) {
    const auto it = seen.find(running_key(l));
    return it != seen.end() && !it->first.empty() && it->second >= 3;
  };
  for (auto& lines : pages) {
    if (lines.size() >= 2 && repeated(lines.back())) lines.pop_back();
    if (lines.size() >= 2 && repeated(lines.front())) lines.erase(lines.begin());
  }
}

int size_key(double size) {
  return static_cast<int>(std::lround(size * 2));
}

// Document-wide measures: the size most text is set in, and per size the usual line pitch
// (a low percentile, so that a page of one-line paragraphs still shows its gaps).
struct Metrics {
  double body_size = 0;
  std::map<int, double> pitch;

  double pitch_for(double size) const {
    const auto it = pitch.find(size_key(size));
    return it == pitch.end() ? 0 : it->second;
  }
};

Metrics measure(const std::vector<std::vector<Line>>& pages) {
  std::map<int, std::size_t> chars;
  std::map<int, std::vector<double>> pitches;
  for (const auto& lines : pages) {
    for (std::size_t i = 0; i < lines.size(); ++i) {
      chars[size_key(lines[i].size)] += lines[i].text.size();
      if (i == 0 || size_key(lines[i].size) != size_key(lines[i - 1].size)) continue;
      const double step = lines[i].top - lines[i - 1].top;
      const double h = lines[i - 1].height();
      if (step >= 0.9 * h && step < 3 * h) pitches[size_key(lines[i].size)].push_back(step);
    }
  }
  Metrics m;
  const auto body = std::max_element(
      chars.begin(), chars.end(), [](const auto& x, const auto& y) { return x.second < y.second; });
  if (body != chars.end()) m.body_size = body->first / 2.0;
  for (auto& [key, v] : pitches) {
    std::sort(v.begin(), v.end());
    m.pitch[key] = v[v.size() / 10];
  }
  return m;
}

// Whether line `b` starts a new paragraph after line `a`.
bool splits(const Line& a, const Line& b, double margin, const Metrics& metrics) {
  const double step = b.top - a.top;
  if (step <= 0 || step > 3 * a.height()) {  // another column or region
    return ends_sentence(a.text) || !starts_lower(b.text);
  }
  const double pitch = metrics.pitch_for(a.size);
  // A blank line's worth of white is a gap even in a document of one-line paragraphs.
  const bool gap = (pitch > 0 && step > 1.3 * pitch + 0.5) || b.top - a.bottom > 1.5 * a.height();
  const bool resized = std::abs(b.size - a.size) > 0.15 * std::max(a.size, b.size);
  const bool short_end = ends_sentence(a.text) && a.right < margin - 0.1 * (margin - a.left);
  return gap || resized || short_end || bullet_length(b.text) > 0;
}

std::vector<Para> page_paragraphs(const std::vector<Line>& lines, const Metrics& metrics) {
  std::vector<double> rights;
  for (const Line& l : lines) rights.push_back(l.right);
  std::sort(rights.begin(), rights.end());
  const double margin = rights.empty() ? 0 : rights[rights.size() * 9 / 10];
  std::vector<Para> paras;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const Line& b = lines[i];
    if (i == 0 || splits(lines[i - 1], b, margin, metrics)) paras.push_back({"", 0, b.size});
    Para& p = paras.back();
    join_text(p.text, b.text);
    ++p.lines;
    p.mono = p.mono && b.mono;
    p.full_end = b.right >= margin - 0.15 * (margin - b.left);
  }
  return paras;
}

// Conservative: one short line that reads like a title, standing before more text on its
// page, or set clearly larger than the body text. 0 when not a heading.
int heading_level(const Para& p, bool followed, double body_size) {
  if (p.lines != 1 || p.mono || p.text.size() > 80 || ends_sentence(p.text)) return 0;
  if (p.text.find_first_of("<>{}=|;,") != std::string::npos || reads_as_code(p.text)) return 0;
  const text::CodePoint first = text::first_code_point(p.text);
  if (!u_isalnum(first) || u_islower(first) || p.text.back() == '-') return 0;
  const auto letters = std::count_if(p.text.begin(), p.text.end(), [](char c) {
    return std::isalpha(static_cast<unsigned char>(c)) || (c & 0x80);
  });
  if (letters < 2 || std::count(p.text.begin(), p.text.end(), ' ') >= 12) return 0;
  const bool larger = body_size > 0 && p.size >= 1.15 * body_size;
  if (!larger && !followed) return 0;
  return larger && p.size >= 1.4 * body_size ? 1 : 2;
}

// The document's last block as the next page sees it.
struct Tail {
  bool unfinished = false;  // a paragraph or list item that does not end a sentence
  bool full = false;        // whose last line runs to the margin
};

// Appends one page's paragraphs; the first continues the last block when that was left
// unfinished and this one does not look like a fresh start.
void append_page(Document& doc, std::vector<Para> paras, int page, double body_size, Tail& tail) {
  for (std::size_t i = 0; i < paras.size(); ++i) {
    const Para& p = paras[i];
    const int level = heading_level(p, i + 1 < paras.size(), body_size);
    const std::size_t bullet = bullet_length(p.text);
    if (i == 0 && tail.unfinished && level == 0 && bullet == 0 &&
        (tail.full || starts_lower(p.text))) {
      Block& last = doc.blocks.back();
      last.page_breaks.push_back(join_text(last.text, p.text));
    } else {
      Block block;
      block.kind = level    ? BlockKind::kHeading
                   : bullet ? BlockKind::kListItem
                            : BlockKind::kParagraph;
      block.level = level;
      block.text = text::collapse_whitespace(std::string_view(p.text).substr(bullet));
      block.page = page;
      doc.blocks.push_back(std::move(block));
    }
    tail = {level == 0 && !ends_sentence(p.text), p.full_end};
  }
  if (paras.empty()) tail = {};
}

std::unique_ptr<poppler::document> open_pdf(std::string_view bytes, const Limits& limits) {
  if (!bytes.starts_with("%PDF")) throw InvalidInput("not a PDF (no %PDF header)");
  if (bytes.substr(bytes.size() - std::min<std::size_t>(bytes.size(), 1024)).find("%%EOF") ==
      std::string_view::npos) {
    throw InvalidInput("truncated PDF (no %%EOF marker)");
  }
  if (bytes.size() > static_cast<std::size_t>(INT_MAX)) throw InvalidInput("PDF is too large");
  silence_poppler();
  std::unique_ptr<poppler::document> doc(
      poppler::document::load_from_raw_data(bytes.data(), static_cast<int>(bytes.size())));
  if (!doc) throw InvalidInput("corrupt PDF");
  if (doc->is_locked()) throw Unsupported("encrypted PDF: a password is needed");
  const int pages = doc->pages();
  if (pages <= 0) throw InvalidInput("corrupt PDF: no pages");
  if (pages > limits.max_pages) {
    throw InvalidInput(
        fmt::format("PDF has {} pages, past the {}-page limit", pages, limits.max_pages));
  }
  return doc;
}

}  // namespace

Document extract_pdf(std::string_view bytes, const Limits& limits) {
  return read_guarded("PDF", "corrupt PDF", [&] {
    const std::unique_ptr<poppler::document> pdf = open_pdf(bytes, limits);
    std::vector<std::vector<Line>> pages(static_cast<std::size_t>(pdf->pages()));
    for (int i = 0; i < pdf->pages(); ++i) {
      // An unreadable page stays empty rather than failing the whole document.
      const std::unique_ptr<poppler::page> page(pdf->create_page(i));
      if (page) pages[static_cast<std::size_t>(i)] = page_lines(*page);
    }
    drop_page_furniture(pages);
    const Metrics metrics = measure(pages);
    Document doc;
    doc.page_count = pdf->pages();
    Tail tail;
    for (std::size_t i = 0; i < pages.size(); ++i) {
      append_page(doc, page_paragraphs(pages[i], metrics), static_cast<int>(i) + 1,
                  metrics.body_size, tail);
    }
    doc.title = text::collapse_whitespace(utf8(pdf->get_title()));
    const auto heading = std::find_if(doc.blocks.begin(), doc.blocks.end(),
                                      [](const Block& b) { return b.kind == BlockKind::kHeading; });
    if (doc.title.empty() && heading != doc.blocks.end() && heading->level == 1) {
      doc.title = heading->text;
    }
    return doc;
  });
}

}  // namespace lectio::ingest
