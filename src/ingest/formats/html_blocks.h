#pragma once
// Shared pieces of the markup extractors: BlockBuilder turns a stream of text, block starts
// and page breaks into Blocks (used by HTML, EPUB and DOCX), and the gumbo walker feeds it from
// an HTML or XHTML tree (used by HTML and EPUB).
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "lectio/ingest/document.h"

struct GumboInternalOutput;

namespace lectio::ingest {

// Accumulates the text of the open block. White space is collapsed when the block is flushed
// (kept, apart from trimmed blank lines, in code). A page break inside a block's text becomes
// a page_breaks offset; breaks on a page that has no text yet are ignored, so no page is empty.
class BlockBuilder {
 public:
  // Flushes the open block, then makes the following text a block of `kind`. A `term` (a
  // definition list's) that is a sentence, a question or a statement, is the heading of its
  // description, a level below the section it is in: a FAQ written as a definition list ("What
  // should I put in user.name?", "I'm on Windows and git diff shows ^M."). A term that names
  // a thing ("core.fileMode") stays a paragraph.
  void start(BlockKind kind, int level = 0, bool term = false);
  void append(std::string_view text);
  // Ends the open block; nothing is emitted when it holds only white space.
  void flush();
  void page_break();

  int page() const { return page_; }  // the page the next text falls on
  // Flushes and returns the blocks; the builder is left empty.
  std::vector<Block> take_blocks();

 private:
  BlockKind kind_ = BlockKind::kParagraph;
  int level_ = 0;
  bool term_ = false;
  int section_level_ = 0;  // the level of the last heading that is not a question term
  std::string raw_;
  bool raw_has_text_ = false;
  int raw_page_ = 1;                     // page on which raw_'s first text fell
  std::vector<std::size_t> raw_breaks_;  // offsets into raw_ where a page began
  int page_ = 1;
  bool page_has_text_ = false;
  std::vector<Block> blocks_;
};

// Which markers start a new page while walking.
enum class PageMarkers {
  kCss,   // style="page-break-before: always" / "break-before: page" (and -after)
  kEpub,  // epub:type="pagebreak" or role="doc-pagebreak"
  kNone,  // the caller starts pages itself
};

// A parsed HTML document; owns the gumbo tree and the text it was parsed from.
class HtmlTree {
 public:
  explicit HtmlTree(std::string html);
  ~HtmlTree();
  HtmlTree(const HtmlTree&) = delete;
  HtmlTree& operator=(const HtmlTree&) = delete;

  // The collapsed text of <title> in <head>, or "".
  std::string head_title() const;
  // True when some element outside skipped content is an EPUB page-break marker.
  bool has_epub_page_markers() const;
  // Walks <body> in document order into `out`. Throws InvalidInput for absurdly deep nesting.
  void walk(BlockBuilder& out, PageMarkers markers) const;

 private:
  struct OutputDeleter {
    void operator()(GumboInternalOutput* output) const;
  };

  std::string html_;
  std::unique_ptr<GumboInternalOutput, OutputDeleter> output_;
};

}  // namespace lectio::ingest
