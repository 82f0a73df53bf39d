#include "formats/html_blocks.h"

#include <gumbo.h>

#include <algorithm>
#include <cctype>
#include <climits>

#include "formats/html_depth.h"
#include "lectio/core/error.h"
#include "lectio/text/strings.h"

namespace lectio::ingest {

namespace {

bool has_text(std::string_view s) {
  return std::any_of(s.begin(), s.end(),
                     [](char c) { return !std::isspace(static_cast<unsigned char>(c)); });
}

// Code keeps its line structure: only CRs, leading blank lines and trailing space go.
// `lead` receives the number of bytes removed from the front.
std::string tidy_code(std::string_view raw, std::size_t& lead) {
  std::string s;
  s.reserve(raw.size());
  for (char c : raw) {
    if (c != '\r') s.push_back(c);
  }
  std::size_t first = 0;
  for (std::size_t i = 0; i < s.size() && std::isspace(static_cast<unsigned char>(s[i])); ++i) {
    if (s[i] == '\n') first = i + 1;
  }
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.pop_back();
  lead = first;
  return s.substr(std::min(first, s.size()));
}

}  // namespace

void BlockBuilder::start(BlockKind kind, int level, bool term) {
  flush();
  kind_ = kind;
  level_ = level;
  term_ = term;
}

void BlockBuilder::append(std::string_view text) {
  const bool visible = has_text(text);
  // Soft hyphens (&shy;) only mark where a word may break; they are not text.
  for (auto at = text.find("\xc2\xad"); at != std::string_view::npos; at = text.find("\xc2\xad")) {
    raw_.append(text.substr(0, at));
    text.remove_prefix(at + 2);
  }
  raw_.append(text);
  if (!visible) return;
  if (!raw_has_text_) raw_page_ = page_;
  raw_has_text_ = true;
  page_has_text_ = true;
}

void BlockBuilder::page_break() {
  if (!page_has_text_) return;
  ++page_;
  page_has_text_ = false;
  if (raw_has_text_) raw_breaks_.push_back(raw_.size());
}

void BlockBuilder::flush() {
  if (!raw_has_text_) {
    raw_.clear();
    return;
  }
  Block block;
  block.kind = kind_;
  block.level = kind_ == BlockKind::kHeading ? std::clamp(level_, 1, 6) : 0;
  block.page = raw_page_;
  std::vector<std::size_t> offsets;
  if (kind_ == BlockKind::kCode) {
    std::size_t lead = 0;
    block.text = tidy_code(raw_, lead);
    for (std::size_t b : raw_breaks_) offsets.push_back(b > lead ? b - lead : 0);
  } else {
    block.text = text::collapse_whitespace(raw_);
    // A break's offset is where the text after it starts in the collapsed block.
    for (std::size_t b : raw_breaks_) {
      std::size_t off = text::collapse_whitespace(std::string_view(raw_).substr(0, b)).size();
      if (off < block.text.size() && block.text[off] == ' ') ++off;
      offsets.push_back(off);
    }
  }
  raw_.clear();
  raw_breaks_.clear();
  raw_has_text_ = false;
  if (block.text.empty()) return;  // only exotic white space, such as no-break spaces
  if (block.kind == BlockKind::kHeading) section_level_ = block.level;
  if (term_ && (block.text.back() == '?' || block.text.back() == '.')) {
    block.kind = BlockKind::kHeading;
    block.level = std::min(6, std::max(1, section_level_) + 1);
  }
  for (std::size_t off : offsets) {
    if (off == 0) {
      ++block.page;
    } else if (off < block.text.size()) {
      block.page_breaks.push_back(off);
    }
  }
  blocks_.push_back(std::move(block));
}

std::vector<Block> BlockBuilder::take_blocks() {
  flush();
  std::vector<Block> out = std::move(blocks_);
  blocks_.clear();
  return out;
}

namespace {

constexpr int kMaxDepth = 1000;
constexpr const char* kTooDeep = "HTML nests elements more than 1000 levels deep";

constexpr GumboTag kSkipped[] = {
    GUMBO_TAG_SCRIPT, GUMBO_TAG_STYLE, GUMBO_TAG_NOSCRIPT, GUMBO_TAG_TEMPLATE, GUMBO_TAG_SVG,
    GUMBO_TAG_IFRAME, GUMBO_TAG_NAV,   GUMBO_TAG_HEAD,     GUMBO_TAG_OBJECT,   GUMBO_TAG_EMBED,
    GUMBO_TAG_CANVAS, GUMBO_TAG_AUDIO, GUMBO_TAG_VIDEO,    GUMBO_TAG_SELECT,   GUMBO_TAG_TEXTAREA,
    GUMBO_TAG_BUTTON, GUMBO_TAG_RP,    GUMBO_TAG_RT,       GUMBO_TAG_NOFRAMES};

constexpr GumboTag kBlocks[] = {
    GUMBO_TAG_ADDRESS, GUMBO_TAG_ARTICLE,  GUMBO_TAG_ASIDE,      GUMBO_TAG_BLOCKQUOTE,
    GUMBO_TAG_BODY,    GUMBO_TAG_CAPTION,  GUMBO_TAG_CENTER,     GUMBO_TAG_DD,
    GUMBO_TAG_DETAILS, GUMBO_TAG_DIR,      GUMBO_TAG_DIV,        GUMBO_TAG_DL,
    GUMBO_TAG_DT,      GUMBO_TAG_FIELDSET, GUMBO_TAG_FIGCAPTION, GUMBO_TAG_FIGURE,
    GUMBO_TAG_FOOTER,  GUMBO_TAG_FORM,     GUMBO_TAG_H1,         GUMBO_TAG_H2,
    GUMBO_TAG_H3,      GUMBO_TAG_H4,       GUMBO_TAG_H5,         GUMBO_TAG_H6,
    GUMBO_TAG_HEADER,  GUMBO_TAG_HGROUP,   GUMBO_TAG_HR,         GUMBO_TAG_LEGEND,
    GUMBO_TAG_LI,      GUMBO_TAG_LISTING,  GUMBO_TAG_MAIN,       GUMBO_TAG_MENU,
    GUMBO_TAG_OL,      GUMBO_TAG_P,        GUMBO_TAG_PLAINTEXT,  GUMBO_TAG_PRE,
    GUMBO_TAG_SECTION, GUMBO_TAG_SUMMARY,  GUMBO_TAG_TABLE,      GUMBO_TAG_TBODY,
    GUMBO_TAG_TD,      GUMBO_TAG_TFOOT,    GUMBO_TAG_TH,         GUMBO_TAG_THEAD,
    GUMBO_TAG_TR,      GUMBO_TAG_UL,       GUMBO_TAG_XMP};

// Cell content that makes a table row page layout rather than data.
constexpr GumboTag kLayoutInCell[] = {
    GUMBO_TAG_H1,    GUMBO_TAG_H2, GUMBO_TAG_H3, GUMBO_TAG_H4,  GUMBO_TAG_H5,        GUMBO_TAG_H6,
    GUMBO_TAG_TABLE, GUMBO_TAG_UL, GUMBO_TAG_OL, GUMBO_TAG_PRE, GUMBO_TAG_BLOCKQUOTE};

template <std::size_t N>
bool one_of(const GumboTag (&tags)[N], GumboTag tag) {
  return std::find(std::begin(tags), std::end(tags), tag) != std::end(tags);
}

// A heading's permalink (Sphinx's and MkDocs' "¶", "#" or "§" linking to the heading itself):
// a mark for the eye that would otherwise end every heading's text ("Checkpointing¶").
bool is_permalink_mark(const GumboNode* node) {
  if (node->v.element.tag != GUMBO_TAG_A) return false;
  const GumboAttribute* href = gumbo_get_attribute(&node->v.element.attributes, "href");
  if (href == nullptr || href->value[0] != '#') return false;
  std::string text;
  const GumboVector& kids = node->v.element.children;
  for (unsigned i = 0; i < kids.length; ++i) {
    const auto* kid = static_cast<const GumboNode*>(kids.data[i]);
    if (kid->type == GUMBO_NODE_TEXT || kid->type == GUMBO_NODE_WHITESPACE) {
      text += kid->v.text.text;
    } else if (kid->type == GUMBO_NODE_ELEMENT) {
      return false;
    }
  }
  text.erase(0, text.find_first_not_of(" \t\n\r"));
  text.erase(text.find_last_not_of(" \t\n\r") + 1);
  return text == "\u00b6" || text == "#" || text == "\u00a7";
}

bool is_skipped(const GumboNode* node) {
  return one_of(kSkipped, node->v.element.tag) ||
         gumbo_get_attribute(&node->v.element.attributes, "hidden") != nullptr ||
         is_permalink_mark(node);
}

bool is_block(GumboTag tag) {
  return one_of(kBlocks, tag);
}

const char* attribute(const GumboNode* node, const char* name) {
  const GumboAttribute* a = gumbo_get_attribute(&node->v.element.attributes, name);
  return a ? a->value : nullptr;
}

bool has_token(const char* value, std::string_view token) {
  if (!value) return false;
  std::string_view v(value);
  std::size_t pos = 0;
  while (pos < v.size()) {
    const std::size_t end = std::min(v.find_first_of(" \t\n\r\f", pos), v.size());
    if (v.substr(pos, end - pos) == token) return true;
    pos = end + 1;
  }
  return false;
}

bool is_epub_marker(const GumboNode* node) {
  return has_token(attribute(node, "epub:type"), "pagebreak") ||
         has_token(attribute(node, "role"), "doc-pagebreak");
}

// Returns {break before, break after} from an inline style.
std::pair<bool, bool> css_breaks(const GumboNode* node) {
  const char* style = attribute(node, "style");
  if (!style) return {false, false};
  std::string s;
  for (const char* p = style; *p; ++p) {
    if (!std::isspace(static_cast<unsigned char>(*p))) {
      s.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(*p))));
    }
  }
  auto has = [&](std::string_view needle) { return s.find(needle) != std::string::npos; };
  return {has("page-break-before:always") || has("break-before:page"),
          has("page-break-after:always") || has("break-after:page")};
}

const GumboVector& children(const GumboNode* node) {
  return node->type == GUMBO_NODE_DOCUMENT ? node->v.document.children : node->v.element.children;
}

class Walker {
 public:
  Walker(BlockBuilder& out, PageMarkers markers) : out_(out), markers_(markers) {}

  void walk(const GumboNode* node, int depth) {
    if (depth > kMaxDepth) throw InvalidInput(kTooDeep);
    if (node->type == GUMBO_NODE_TEXT || node->type == GUMBO_NODE_WHITESPACE ||
        node->type == GUMBO_NODE_CDATA) {
      out_.append(node->v.text.text);
      return;
    }
    if (node->type != GUMBO_NODE_ELEMENT) return;
    if (is_skipped(node)) return;
    const GumboTag tag = node->v.element.tag;
    if (tag == GUMBO_TAG_BR) {
      out_.append(kind_ == BlockKind::kCode ? "\n" : " ");
      return;
    }
    const auto [before, after] =
        markers_ == PageMarkers::kCss ? css_breaks(node) : std::pair{false, false};
    const bool block = is_block(tag);
    if (block) out_.start(kind_, level_, term_);
    if (before || (markers_ == PageMarkers::kEpub && is_epub_marker(node))) out_.page_break();
    if (!block) {
      walk_children(node, depth);
    } else if (tag == GUMBO_TAG_TR && !is_layout_row(node, 0)) {
      emit_row(node, depth);
    } else {
      const BlockKind saved_kind = kind_;
      const int saved_level = level_;
      const bool saved_term = term_;
      enter(tag);
      out_.start(kind_, level_, term_);
      walk_children(node, depth);
      out_.flush();
      kind_ = saved_kind;
      level_ = saved_level;
      term_ = saved_term;
      out_.start(kind_, level_, term_);
    }
    if (after) out_.page_break();
  }

  void walk_children(const GumboNode* node, int depth) {
    const GumboVector& kids = children(node);
    for (unsigned i = 0; i < kids.length; ++i) {
      walk(static_cast<const GumboNode*>(kids.data[i]), depth + 1);
    }
  }

 private:
  // Sets the kind for text inside a block element; containers keep the enclosing kind.
  void enter(GumboTag tag) {
    if (tag >= GUMBO_TAG_H1 && tag <= GUMBO_TAG_H6) {
      kind_ = BlockKind::kHeading;
      level_ = 1 + static_cast<int>(tag - GUMBO_TAG_H1);
    } else if (tag == GUMBO_TAG_LI) {
      kind_ = BlockKind::kListItem;
    } else if (tag == GUMBO_TAG_BLOCKQUOTE) {
      kind_ = BlockKind::kQuote;
    } else if (tag == GUMBO_TAG_PRE || tag == GUMBO_TAG_LISTING || tag == GUMBO_TAG_XMP ||
               tag == GUMBO_TAG_PLAINTEXT) {
      kind_ = BlockKind::kCode;
    } else if (tag == GUMBO_TAG_TR || tag == GUMBO_TAG_CAPTION) {
      kind_ = BlockKind::kParagraph;
    }
    if (kind_ != BlockKind::kHeading) level_ = 0;
    // A definition list's term; what is inside a description is not.
    if (tag == GUMBO_TAG_DT || tag == GUMBO_TAG_DD) term_ = tag == GUMBO_TAG_DT;
  }

  // A row whose cells hold headings, lists or tables is page layout, not data: its cells
  // are walked as ordinary blocks.
  static bool is_layout_row(const GumboNode* node, int depth) {
    if (depth > 64) return true;
    const GumboVector& kids = node->v.element.children;
    for (unsigned i = 0; i < kids.length; ++i) {
      const auto* kid = static_cast<const GumboNode*>(kids.data[i]);
      if (kid->type != GUMBO_NODE_ELEMENT) continue;
      if (one_of(kLayoutInCell, kid->v.element.tag)) return true;
      if (is_layout_row(kid, depth + 1)) return true;
    }
    return false;
  }

  // One table row: each cell's text collapsed, empty cells dropped, joined with "; ".
  void emit_row(const GumboNode* row, int depth) {
    std::string joined;
    BlockBuilder cells;  // also counts page markers met inside the row
    const GumboVector& kids = row->v.element.children;
    for (unsigned i = 0; i < kids.length; ++i) {
      const auto* cell = static_cast<const GumboNode*>(kids.data[i]);
      if (cell->type != GUMBO_NODE_ELEMENT || is_skipped(cell)) continue;
      Walker(cells, markers_).walk_children(cell, depth + 1);
      std::string text;
      for (const Block& b : cells.take_blocks()) text += (text.empty() ? "" : " ") + b.text;
      if (text.empty()) continue;
      joined += (joined.empty() ? "" : "; ") + text;
    }
    out_.start(BlockKind::kTableRow);
    out_.append(joined);
    out_.start(kind_, level_);
    for (int i = 1; i < cells.page(); ++i) out_.page_break();
  }

  BlockBuilder& out_;
  PageMarkers markers_;
  BlockKind kind_ = BlockKind::kParagraph;
  int level_ = 0;
  bool term_ = false;
};

const GumboNode* find_child(const GumboNode* node, GumboTag tag) {
  const GumboVector& kids = children(node);
  for (unsigned i = 0; i < kids.length; ++i) {
    const auto* kid = static_cast<const GumboNode*>(kids.data[i]);
    if (kid->type == GUMBO_NODE_ELEMENT && kid->v.element.tag == tag) return kid;
  }
  return nullptr;
}

bool find_marker(const GumboNode* node, int depth) {
  if (node->type != GUMBO_NODE_ELEMENT || depth > kMaxDepth || is_skipped(node)) return false;
  if (is_epub_marker(node)) return true;
  const GumboVector& kids = node->v.element.children;
  for (unsigned i = 0; i < kids.length; ++i) {
    if (find_marker(static_cast<const GumboNode*>(kids.data[i]), depth + 1)) return true;
  }
  return false;
}

}  // namespace

void HtmlTree::OutputDeleter::operator()(GumboInternalOutput* output) const {
  gumbo_destroy_output(&kGumboDefaultOptions, output);
}

HtmlTree::HtmlTree(std::string html) : html_(std::move(html)) {
  if (html_.size() > static_cast<std::size_t>(UINT_MAX)) throw InvalidInput("HTML is too large");
  // Refused before gumbo sees it: gumbo's cost grows with the square of the nesting depth.
  if (html_nests_deeper_than(html_, kMaxDepth)) throw InvalidInput(kTooDeep);
  output_.reset(gumbo_parse_with_options(&kGumboDefaultOptions, html_.data(), html_.size()));
  if (!output_) throw InvalidInput("HTML could not be parsed");
}

HtmlTree::~HtmlTree() = default;

std::string HtmlTree::head_title() const {
  const GumboNode* head = find_child(output_->root, GUMBO_TAG_HEAD);
  const GumboNode* title = head ? find_child(head, GUMBO_TAG_TITLE) : nullptr;
  if (!title) return {};
  std::string raw;
  const GumboVector& kids = title->v.element.children;
  for (unsigned i = 0; i < kids.length; ++i) {
    const auto* kid = static_cast<const GumboNode*>(kids.data[i]);
    if (kid->type == GUMBO_NODE_TEXT || kid->type == GUMBO_NODE_WHITESPACE) raw += kid->v.text.text;
  }
  return text::collapse_whitespace(raw);
}

bool HtmlTree::has_epub_page_markers() const {
  const GumboNode* body = find_child(output_->root, GUMBO_TAG_BODY);
  return body && find_marker(body, 0);
}

void HtmlTree::walk(BlockBuilder& out, PageMarkers markers) const {
  const GumboNode* body = find_child(output_->root, GUMBO_TAG_BODY);
  if (!body) return;
  Walker walker(out, markers);
  out.start(BlockKind::kParagraph);
  walker.walk_children(body, 0);
  out.flush();
}

}  // namespace lectio::ingest
