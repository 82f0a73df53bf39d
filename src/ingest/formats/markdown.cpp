// Markdown through md4c (CommonMark + GitHub tables). Each form-feed page is parsed on its own;
// inline markup, link targets, images and raw HTML tags never reach the text.
#include <md4c.h>

#include <cstdint>
#include <string>
#include <vector>

#include "entities.h"
#include "lectio/core/error.h"
#include "lectio/ingest/extract.h"
#include "lectio/text/strings.h"
#include "page_join.h"

namespace lectio::ingest {

namespace {

class MarkdownWalker {
 public:
  std::vector<Block> parse(std::string_view page) {
    MD_PARSER parser{};
    parser.flags = MD_DIALECT_GITHUB | MD_FLAG_NOINDENTEDCODEBLOCKS;
    parser.enter_block = [](MD_BLOCKTYPE t, void* d, void* self) {
      return static_cast<MarkdownWalker*>(self)->enter_block(t, d);
    };
    parser.leave_block = [](MD_BLOCKTYPE t, void*, void* self) {
      return static_cast<MarkdownWalker*>(self)->leave_block(t);
    };
    parser.enter_span = [](MD_SPANTYPE t, void*, void* self) {
      if (t == MD_SPAN_IMG) ++static_cast<MarkdownWalker*>(self)->in_image_;
      return 0;
    };
    parser.leave_span = [](MD_SPANTYPE t, void*, void* self) {
      if (t == MD_SPAN_IMG) --static_cast<MarkdownWalker*>(self)->in_image_;
      return 0;
    };
    parser.text = [](MD_TEXTTYPE t, const MD_CHAR* s, MD_SIZE n, void* self) {
      return static_cast<MarkdownWalker*>(self)->on_text(t, std::string_view(s, n));
    };
    page_ = page;
    md_parse(page.data(), static_cast<MD_SIZE>(page.size()), &parser, this);
    if (lost_) throw InvalidInput("the Markdown parser lost its place in the text");
    return std::move(blocks_);
  }

 private:
  int enter_block(MD_BLOCKTYPE type, void* detail) {
    if (type == MD_BLOCK_TD || type == MD_BLOCK_TH) {
      if (cells_ > 0) buffer_ += "; ";
      ++cells_;
      return 0;
    }
    flush();
    if (type == MD_BLOCK_H) heading_level_ = static_cast<MD_BLOCK_H_DETAIL*>(detail)->level;
    if (type == MD_BLOCK_TR) cells_ = 0;
    stack_.push_back(type);
    return 0;
  }

  int leave_block(MD_BLOCKTYPE type) {
    if (type == MD_BLOCK_TD || type == MD_BLOCK_TH) return 0;
    flush();
    if (!stack_.empty()) stack_.pop_back();
    return 0;
  }

  int on_text(MD_TEXTTYPE type, std::string_view s) {
    if (in_image_ > 0) return 0;
    // md4c's text is a piece of the page or one of its own short strings (a code block's line
    // break, its indentation); the fuzzer found inputs after which it hands back a length of
    // gigabytes. Such a piece is never read: parsing stops and the file is refused.
    const bool uses_text = type != MD_TEXT_BR && type != MD_TEXT_SOFTBR && type != MD_TEXT_NULLCHAR;
    if (uses_text && s.size() > kMaxOwnText && !within_page(s)) {
      lost_ = true;
      return 1;  // md_parse stops
    }
    switch (type) {
      case MD_TEXT_HTML:
        // Inline tags are dropped; a whole HTML block is kept to extract its text on flush.
        if (!stack_.empty() && stack_.back() == MD_BLOCK_HTML) buffer_.append(s);
        break;
      case MD_TEXT_ENTITY:
        buffer_ += decode_entity(s);
        break;
      case MD_TEXT_BR:
      case MD_TEXT_SOFTBR:
        buffer_ += in(MD_BLOCK_CODE) ? "\n" : " ";
        break;
      case MD_TEXT_NULLCHAR:
        break;
      default:
        buffer_.append(s);
        break;
    }
    return 0;
  }

  bool within_page(std::string_view s) const {
    const std::uintptr_t page = reinterpret_cast<std::uintptr_t>(page_.data());
    const std::uintptr_t at = reinterpret_cast<std::uintptr_t>(s.data());
    return at >= page && s.size() <= page_.size() && at - page <= page_.size() - s.size();
  }

  bool in(MD_BLOCKTYPE type) const {
    for (MD_BLOCKTYPE t : stack_) {
      if (t == type) return true;
    }
    return false;
  }

  BlockKind current_kind() const {
    if (in(MD_BLOCK_CODE)) return BlockKind::kCode;
    if (in(MD_BLOCK_H)) return BlockKind::kHeading;
    if (in(MD_BLOCK_TR)) return BlockKind::kTableRow;
    if (in(MD_BLOCK_QUOTE)) return BlockKind::kQuote;
    if (in(MD_BLOCK_LI)) return BlockKind::kListItem;
    return BlockKind::kParagraph;
  }

  void flush() {
    if (buffer_.empty()) return;
    if (!stack_.empty() && stack_.back() == MD_BLOCK_HTML) {
      for (Block& b : extract_html(buffer_).blocks) blocks_.push_back(std::move(b));
      buffer_.clear();
      return;
    }
    Block b;
    b.kind = current_kind();
    b.text = b.kind == BlockKind::kCode ? buffer_ : text::collapse_whitespace(buffer_);
    while (b.kind == BlockKind::kCode && !b.text.empty() && b.text.back() == '\n') {
      b.text.pop_back();
    }
    if (b.kind == BlockKind::kHeading) b.level = heading_level_;
    buffer_.clear();
    if (!b.text.empty()) blocks_.push_back(std::move(b));
  }

  static constexpr std::size_t kMaxOwnText = 64;
  std::string_view page_;
  bool lost_ = false;
  std::vector<Block> blocks_;
  std::vector<MD_BLOCKTYPE> stack_;
  std::string buffer_;
  int heading_level_ = 1;
  int cells_ = 0;
  int in_image_ = 0;
};

// Strips a leading YAML front matter block; returns its `title:` value when present.
std::string strip_front_matter(std::string_view& page) {
  if (page.substr(0, 4) != "---\n" && page.substr(0, 5) != "---\r\n") return {};
  const std::size_t end = page.find("\n---", 3);
  if (end == std::string_view::npos) return {};
  std::string_view front = page.substr(0, end);
  std::size_t after = page.find('\n', end + 4);
  page = after == std::string_view::npos ? std::string_view() : page.substr(after + 1);
  const std::size_t key = front.find("\ntitle:");
  if (key == std::string_view::npos) return {};
  std::string_view value = front.substr(key + 7);
  value = value.substr(0, value.find('\n'));
  std::string title = text::collapse_whitespace(value);
  if (title.size() >= 2 && (title.front() == '"' || title.front() == '\'') &&
      title.back() == title.front()) {
    title = title.substr(1, title.size() - 2);
  }
  return title;
}

}  // namespace

Document extract_markdown(std::string_view bytes) {
  Document doc;
  for_each_page(bytes, [&](std::string_view page_text, int page) {
    if (page == 1) doc.title = strip_front_matter(page_text);
    append_page(doc, MarkdownWalker().parse(page_text), page);
  });
  if (doc.title.empty()) {
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
