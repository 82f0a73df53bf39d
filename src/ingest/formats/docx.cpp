// DOCX: word/document.xml holds the body as paragraphs (w:p) and tables (w:tbl). Paragraph
// styles (resolved through word/styles.xml when present) give headings, list items and
// quotes; explicit page breaks start pages, as Word has no fixed pages before layout.
#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <map>

#include "formats/finish.h"
#include "formats/html_blocks.h"
#include "lectio/core/error.h"
#include "lectio/ingest/extract.h"
#include "lectio/text/strings.h"
#include "zip_reader.h"

namespace lectio::ingest {

namespace {

[[noreturn]] void corrupt(std::string_view reason) {
  throw InvalidInput(fmt::format("corrupt DOCX: {}", reason));
}

// Deeper nesting than this is hostile, not a document; it would exhaust the stack.
constexpr int kMaxDepth = 256;

void check_depth(int depth) {
  if (depth > kMaxDepth) corrupt("elements nest too deeply");
}

// Run content that is not body text: properties, deletions, field codes, drawings, notes.
constexpr std::string_view kSkippedInRuns[] = {
    "pPr",  "rPr",    "del", "delText",           "instrText",        "drawing",
    "pict", "object", "sym", "footnoteReference", "endnoteReference", "commentReference"};

struct Style {
  BlockKind kind = BlockKind::kParagraph;
  int level = 0;
};

// An attribute by local name ("w:val" -> "val"), whatever the prefix.
std::string_view attr(const pugi::xml_node& node, std::string_view name) {
  for (const pugi::xml_attribute a : node.attributes()) {
    const std::string_view full = a.name();
    const std::size_t colon = full.find(':');
    if ((colon == std::string_view::npos ? full : full.substr(colon + 1)) == name) return a.value();
  }
  return {};
}

std::string_view val(const pugi::xml_node& node) {
  return attr(node, "val");
}

// An on/off property such as <w:pageBreakBefore/>: on unless its value says otherwise.
bool is_on(const pugi::xml_node& node) {
  if (!node) return false;
  const std::string_view v = val(node);
  return v != "0" && v != "false" && v != "off";
}

// Reads a style from its id or display name ("Heading2" / "heading 2", "Title", "List
// Paragraph", "Quote") and its outline level.
Style classify(std::string_view id, std::string_view name, const pugi::xml_node& ppr) {
  Style s;
  const std::string key = text::ascii_lower(name.empty() ? id : name);
  std::string squashed;
  for (char c : key) {
    if (c != ' ') squashed.push_back(c);
  }
  if (squashed == "title") return {BlockKind::kHeading, 1};
  if (squashed.starts_with("heading") && squashed.size() == 8 &&
      std::isdigit(static_cast<unsigned char>(squashed[7]))) {
    return {BlockKind::kHeading, std::clamp(squashed[7] - '0', 1, 6)};
  }
  if (const auto outline = child_named(ppr, "outlineLvl"); outline) {
    const std::string v(val(outline));
    const int level = v.empty() ? 9 : std::atoi(v.c_str());
    if (level >= 0 && level < 9) return {BlockKind::kHeading, std::min(level + 1, 6)};
  }
  if (squashed.starts_with("list") || child_named(ppr, "numPr")) s.kind = BlockKind::kListItem;
  if (squashed == "quote" || squashed == "intensequote") s.kind = BlockKind::kQuote;
  return s;
}

// Paragraph styles by id, following basedOn chains (bounded, as files can loop).
std::map<std::string, Style, std::less<>> read_styles(ZipReader& zip) {
  std::map<std::string, Style, std::less<>> out;
  pugi::xml_document doc;
  if (!zip.read_xml("word/styles.xml", doc)) return out;
  std::map<std::string, pugi::xml_node, std::less<>> by_id;
  for (pugi::xml_node style : child_named(doc, "styles").children()) {
    if (local_name(style) == "style") by_id[std::string(attr(style, "styleId"))] = style;
  }
  for (const auto& [id, node] : by_id) {
    pugi::xml_node at = node;
    Style s;
    for (int depth = 0; at && depth < 10 && s.kind == BlockKind::kParagraph; ++depth) {
      s = classify(attr(at, "styleId"), val(child_named(at, "name")), child_named(at, "pPr"));
      const auto parent = by_id.find(val(child_named(at, "basedOn")));
      at = parent == by_id.end() ? pugi::xml_node() : parent->second;
    }
    out[id] = s;
  }
  return out;
}

class BodyWalker {
 public:
  BodyWalker(BlockBuilder& out, const std::map<std::string, Style, std::less<>>& styles)
      : out_(out), styles_(styles) {}

  // Walks block-level content: paragraphs, tables, and the containers that hold them.
  void blocks(const pugi::xml_node& parent, int depth = 0) {
    check_depth(depth);
    for (pugi::xml_node node : parent.children()) {
      const std::string_view name = local_name(node);
      if (name == "p") {
        paragraph(node);
      } else if (name == "tbl") {
        table(node);
      } else if (name == "sdt" || name == "sdtContent" || name == "customXml") {
        blocks(node, depth + 1);
      }
    }
  }

 private:
  void paragraph(const pugi::xml_node& p) {
    const pugi::xml_node ppr = child_named(p, "pPr");
    const std::string_view id = val(child_named(ppr, "pStyle"));
    const auto known = styles_.find(id);
    Style style = known != styles_.end() ? known->second : classify(id, "", ppr);
    if (style.kind == BlockKind::kParagraph) style = classify("", "", ppr);
    if (is_on(child_named(ppr, "pageBreakBefore"))) out_.page_break();
    out_.start(style.kind, style.level);
    std::string text;
    int breaks = 0;
    runs(p, text, breaks, true);
    out_.append(text);
    out_.flush();
  }

  // Collects a paragraph's text; with `live`, page breaks go to the builder at their place.
  void runs(const pugi::xml_node& node, std::string& text, int& breaks, bool live, int depth = 0) {
    check_depth(depth);
    for (pugi::xml_node child : node.children()) {
      const std::string_view name = local_name(child);
      if (child.type() != pugi::node_element ||
          std::find(std::begin(kSkippedInRuns), std::end(kSkippedInRuns), name) !=
              std::end(kSkippedInRuns)) {
        continue;
      }
      if (name == "t") {
        text += child.text().get();
      } else if (name == "br" && attr(child, "type") == "page") {
        ++breaks;
        if (live) {
          out_.append(text);
          text.clear();
          out_.page_break();
        }
        text += ' ';
      } else if (name == "tab" || name == "ptab" || name == "cr" || name == "br") {
        text += ' ';
      } else if (name == "noBreakHyphen") {
        text += '-';
      } else if (name == "AlternateContent") {
        // Alternatives of the same content: read one, the plainer fallback when there is one.
        const pugi::xml_node fallback = child_named(child, "Fallback");
        runs(fallback ? fallback : child_named(child, "Choice"), text, breaks, live, depth + 1);
      } else {
        runs(child, text, breaks, live, depth + 1);
      }
    }
  }

  // Each row becomes one block: cell texts joined with "; ", empty cells left out.
  void table(const pugi::xml_node& tbl) {
    for (pugi::xml_node row : tbl.children()) {
      if (local_name(row) != "tr") continue;
      std::string joined;
      int breaks = 0;
      for (pugi::xml_node cell : row.children()) {
        if (local_name(cell) != "tc") continue;
        std::string raw;
        cell_text(cell, raw, breaks);
        const std::string t = text::collapse_whitespace(raw);
        if (t.empty()) continue;
        joined += (joined.empty() ? "" : "; ") + t;
      }
      out_.start(BlockKind::kTableRow);
      out_.append(joined);
      out_.flush();
      for (int i = 0; i < breaks; ++i) out_.page_break();
    }
  }

  void cell_text(const pugi::xml_node& node, std::string& raw, int& breaks, int depth = 0) {
    check_depth(depth);
    for (pugi::xml_node child : node.children()) {
      const std::string_view name = local_name(child);
      if (name == "p") {
        runs(child, raw, breaks, false, depth + 1);
        raw += ' ';
      } else if (name == "tbl" || name == "tr" || name == "tc" || name == "sdt" ||
                 name == "sdtContent") {
        cell_text(child, raw, breaks, depth + 1);
      }
    }
  }

  BlockBuilder& out_;
  const std::map<std::string, Style, std::less<>>& styles_;
};

// The main document part: from the package relationships, else the usual name.
std::string main_part(ZipReader& zip) {
  pugi::xml_document rels;
  if (zip.read_xml("_rels/.rels", rels)) {
    for (pugi::xml_node rel : child_named(rels, "Relationships").children()) {
      const std::string_view type = rel.attribute("Type").value();
      if (!type.ends_with("/officeDocument")) continue;
      std::string target = rel.attribute("Target").value();
      if (target.starts_with('/')) target.erase(0, 1);
      if (!target.empty()) return target;
    }
  }
  return "word/document.xml";
}

}  // namespace

Document extract_docx(std::string_view bytes, const Limits& limits) {
  return read_guarded("DOCX", "corrupt DOCX: unreadable content", [&] {
    ZipReader zip(bytes, "DOCX", limits);
    const std::string part = main_part(zip);
    pugi::xml_document document;
    // Keep white-space-only text: <w:t xml:space="preserve"> </w:t> is a real space.
    if (!zip.read_xml(part, document, pugi::parse_default | pugi::parse_ws_pcdata)) {
      corrupt(fmt::format("{} is missing", part));
    }
    const pugi::xml_node body = child_named(child_named(document, "document"), "body");
    if (!body) corrupt(fmt::format("{} has no body", part));
    const auto styles = read_styles(zip);
    BlockBuilder builder;
    BodyWalker(builder, styles).blocks(body);
    std::string title;
    pugi::xml_document core;
    if (zip.read_xml("docProps/core.xml", core)) {
      title = text::collapse_whitespace(
          child_named(child_named(core, "coreProperties"), "title").text().as_string());
    }
    return finish_document(builder.take_blocks(), std::move(title));
  });
}

}  // namespace lectio::ingest
