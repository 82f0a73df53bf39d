// PDF: poppler gives each page's words with boxes in reading order; lines are rebuilt from the
// boxes and paragraphs from the gaps between lines. A paragraph left unfinished at the foot of
// a page continues into the next page's first paragraph as one block.
#include <fmt/format.h>
#include <poppler-document.h>
#include <poppler-global.h>
#include <poppler-page.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <map>
#include <memory>
#include <mutex>
#include <new>

#include "lectio/core/error.h"
#include "lectio/core/text.h"
#include "lectio/ingest/extract.h"

namespace lectio::ingest {

namespace {

struct Line {
  std::string text;
  double top = 0, bottom = 0, left = 0, right = 0, size = 0;
  double height() const { return bottom - top; }
};

struct Para {
  std::string text;
  int lines = 0;
  double size = 0;
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

UChar32 last_char(std::string_view s) {
  if (s.empty()) return -1;
  int32_t i = static_cast<int32_t>(s.size());
  UChar32 c;
  U8_PREV(reinterpret_cast<const uint8_t*>(s.data()), 0, i, c);
  return c;
}

UChar32 first_char(std::string_view s) {
  if (s.empty()) return -1;
  int32_t i = 0;
  UChar32 c;
  U8_NEXT(reinterpret_cast<const uint8_t*>(s.data()), i, static_cast<int32_t>(s.size()), c);
  return c;
}

bool is_cjk(UChar32 c) {
  return (c >= 0x2E80 && c <= 0x9FFF) || (c >= 0xF900 && c <= 0xFAFF) ||
         (c >= 0xFF00 && c <= 0xFFEF) || (c >= 0x20000 && c <= 0x3FFFF);
}

bool is_letter(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || (c & 0x80);
}

// True when the text ends a sentence: . ! ? : or a CJK stop, maybe inside closing quotes.
bool ends_sentence(std::string_view s) {
  while (!s.empty() && (s.back() == '"' || s.back() == '\'' || s.back() == ')')) s.remove_suffix(1);
  for (std::string_view mark : {"\xe2\x80\x9d", "\xe2\x80\x99"}) {  // ” ’
    if (s.ends_with(mark)) s.remove_suffix(mark.size());
  }
  if (s.empty()) return false;
  const char c = s.back();
  if (c == '.' || c == '!' || c == '?' || c == ':') return true;
  return s.ends_with("\xe3\x80\x82") || s.ends_with("\xef\xbc\x81") ||  // 。！
         s.ends_with("\xef\xbc\x9f");                                   // ？
}

// Appends a line (or the next page's text) to a paragraph: a word broken by a hyphen at the
// line end is rejoined, CJK lines join without a space, anything else with one space.
// Returns the offset in `acc` where `next` begins.
std::size_t join_text(std::string& acc, std::string_view next) {
  if (acc.empty()) {
    acc = next;
    return 0;
  }
  const bool hyphen = acc.size() >= 2 && acc.back() == '-' && is_letter(acc[acc.size() - 2]);
  if (hyphen && std::islower(static_cast<unsigned char>(next.front()))) {
    acc.pop_back();
  } else if (acc.ends_with("\xc2\xad")) {  // soft hyphen
    acc.resize(acc.size() - 2);
  } else if (!(is_cjk(last_char(acc)) && is_cjk(first_char(next)))) {
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
    for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at)) {
      s.replace(at, from.size(), to);
      at += to.size();
    }
  }
  return s;
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
      fresh = overlap < 0.5 * std::min(h, std::max(cur.height(), 1.0)) ||
              box.left() < cur.right - 2 * h;
    }
    if (fresh) {
      lines.push_back({text, box.top(), box.bottom(), box.left(), box.right(), 0});
    } else {
      Line& cur = lines.back();
      if (space_after) cur.text.push_back(' ');
      cur.text += text;
      cur.top = std::min(cur.top, box.top());
      cur.bottom = std::max(cur.bottom, box.bottom());
      cur.right = std::max(cur.right, box.right());
    }
    lines.back().size =
        std::max(lines.back().size, word.has_font_info() ? word.get_font_size() : h);
    space_after = word.has_space_after();
  }
  return lines;
}

// "12", "- 12 -", "Page 12", "12 of 40", "xii": a folio, not text.
bool is_page_number(std::string_view s) {
  std::string t;
  for (char c : s) {
    if (c != ' ' && c != '-' && c != '[' && c != ']')
      t.push_back(static_cast<char>(std::tolower(c)));
  }
  if (t.starts_with("page")) t.erase(0, 4);
  if (const auto of = t.find("of"); of != std::string::npos && of > 0) t.erase(of);
  if (t.empty() || t.size() > 7) return false;
  if (std::all_of(t.begin(), t.end(), [](char c) { return c >= '0' && c <= '9'; })) return true;
  return t.find_first_not_of("ivxlc") == std::string::npos;
}

// A line's identity for spotting running heads: without digits, spaces or case.
std::string running_key(const Line& line) {
  std::string key;
  for (char c : line.text) {
    if (c != ' ' && !std::isdigit(static_cast<unsigned char>(c)))
      key.push_back(static_cast<char>(std::tolower(c)));
  }
  return key.size() <= 80 ? key : std::string();
}

// Drops folios and running heads/feet: the same first or last line on many pages.
void drop_page_furniture(std::vector<std::vector<Line>>& pages) {
  for (auto& lines : pages) {
    if (!lines.empty() && is_page_number(lines.back().text)) lines.pop_back();
    if (!lines.empty() && is_page_number(lines.front().text)) lines.erase(lines.begin());
  }
  if (pages.size() < 3) return;
  std::map<std::string, std::size_t> seen;
  for (const auto& lines : pages) {
    if (lines.size() < 2) continue;
    ++seen[running_key(lines.front())];
    if (running_key(lines.back()) != running_key(lines.front())) ++seen[running_key(lines.back())];
  }
  const std::size_t threshold = std::max<std::size_t>(3, pages.size() / 3);
  auto repeated = [&](const Line& l) {
    const std::string key = running_key(l);
    return !key.empty() && seen[key] >= threshold;
  };
  for (auto& lines : pages) {
    if (lines.size() < 2) continue;
    if (repeated(lines.back())) lines.pop_back();
    if (repeated(lines.front())) lines.erase(lines.begin());
  }
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::nth_element(v.begin(), v.begin() + static_cast<long>(v.size() / 2), v.end());
  return v[v.size() / 2];
}

// Groups a page's lines into paragraphs: a wider gap than the page's usual line pitch, a
// change of font size, a move to another column, or a short line that ends a sentence.
std::vector<Para> page_paragraphs(std::vector<Line> lines) {
  std::vector<double> pitches, rights;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    rights.push_back(lines[i].right);
    if (i == 0) continue;
    const double pitch = lines[i].top - lines[i - 1].top;
    if (pitch > 0 && pitch < 3 * lines[i - 1].height()) pitches.push_back(pitch);
  }
  const double pitch = median(pitches);
  std::sort(rights.begin(), rights.end());
  const double margin = rights.empty() ? 0 : rights[rights.size() * 9 / 10];

  std::vector<Para> paras;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const Line& b = lines[i];
    bool split = paras.empty();
    if (!split) {
      const Line& a = lines[i - 1];
      const double step = b.top - a.top;
      const bool moved = step <= 0 || step > 3 * a.height();
      const bool gap = pitch > 0 ? step > 1.3 * pitch + 0.5 : b.top - a.bottom > 0.8 * a.height();
      const bool resized = std::abs(b.size - a.size) > 0.15 * std::max(a.size, b.size);
      const bool short_end = ends_sentence(a.text) && a.right < margin - 0.1 * (margin - a.left);
      split = resized || short_end ||
              (moved &&
               (ends_sentence(a.text) || !std::islower(static_cast<unsigned char>(b.text[0])))) ||
              (!moved && gap);
    }
    if (split) paras.push_back({"", 0, b.size});
    join_text(paras.back().text, b.text);
    ++paras.back().lines;
  }
  return paras;
}

// Conservative: one short line with no closing punctuation, standing before more text on
// its page, or set clearly larger than the body text.
int heading_level(const Para& p, bool followed, double body_size) {
  if (p.lines != 1 || p.text.size() > 80 || ends_sentence(p.text)) return 0;
  const char end = p.text.back();
  if (end == ',' || end == ';' || end == '-' || std::islower(static_cast<unsigned char>(p.text[0])))
    return 0;
  if (std::count(p.text.begin(), p.text.end(), ' ') >= 12) return 0;
  const bool larger = body_size > 0 && p.size >= 1.15 * body_size;
  if (!larger && !followed) return 0;
  return larger && p.size >= 1.4 * body_size ? 1 : 2;
}

void append_page(Document& doc, std::vector<Para> paras, int page, double body_size) {
  for (std::size_t i = 0; i < paras.size(); ++i) {
    const int level = heading_level(paras[i], i + 1 < paras.size(), body_size);
    if (i == 0 && level == 0 && !doc.blocks.empty()) {
      Block& last = doc.blocks.back();
      if (last.kind == BlockKind::kParagraph && last.last_page() == page - 1 &&
          !ends_sentence(last.text)) {
        last.page_breaks.push_back(join_text(last.text, paras[i].text));
        continue;
      }
    }
    Block block;
    block.kind = level ? BlockKind::kHeading : BlockKind::kParagraph;
    block.level = level;
    block.text = std::move(paras[i].text);
    block.page = page;
    doc.blocks.push_back(std::move(block));
  }
}

// The font size that most of the text is set in.
double body_font_size(const std::vector<std::vector<Line>>& pages) {
  std::vector<std::pair<double, std::size_t>> sizes;
  for (const auto& lines : pages) {
    for (const Line& l : lines) {
      const double s = std::round(l.size * 2) / 2;
      auto it =
          std::find_if(sizes.begin(), sizes.end(), [&](const auto& e) { return e.first == s; });
      if (it == sizes.end())
        sizes.push_back({s, l.text.size()});
      else
        it->second += l.text.size();
    }
  }
  const auto best = std::max_element(
      sizes.begin(), sizes.end(), [](const auto& x, const auto& y) { return x.second < y.second; });
  return best == sizes.end() ? 0 : best->first;
}

std::unique_ptr<poppler::document> open_pdf(std::string_view bytes, const Limits& limits) {
  if (!bytes.starts_with("%PDF")) throw InvalidInput("not a PDF (no %PDF header)");
  const std::string_view tail =
      bytes.substr(bytes.size() - std::min<std::size_t>(bytes.size(), 1024));
  if (tail.find("%%EOF") == std::string_view::npos) {
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
  try {
    const std::unique_ptr<poppler::document> pdf = open_pdf(bytes, limits);
    std::vector<std::vector<Line>> pages(static_cast<std::size_t>(pdf->pages()));
    for (int i = 0; i < pdf->pages(); ++i) {
      // An unreadable page stays empty rather than failing the whole document.
      const std::unique_ptr<poppler::page> page(pdf->create_page(i));
      if (page) pages[static_cast<std::size_t>(i)] = page_lines(*page);
    }
    drop_page_furniture(pages);
    const double body_size = body_font_size(pages);
    Document doc;
    doc.page_count = pdf->pages();
    for (std::size_t i = 0; i < pages.size(); ++i) {
      append_page(doc, page_paragraphs(std::move(pages[i])), static_cast<int>(i) + 1, body_size);
    }
    doc.title = text::collapse_whitespace(utf8(pdf->get_title()));
    if (doc.title.empty()) {
      const auto first = std::find_if(doc.blocks.begin(), doc.blocks.end(),
                                      [](const Block& b) { return b.kind == BlockKind::kHeading; });
      if (first != doc.blocks.end() && first->level == 1) doc.title = first->text;
    }
    return doc;
  } catch (const Error&) {
    throw;
  } catch (const std::bad_alloc&) {
    throw InvalidInput("PDF is too large to process");
  } catch (const std::exception&) {
    throw InvalidInput("corrupt PDF");
  }
}

}  // namespace lectio::ingest
