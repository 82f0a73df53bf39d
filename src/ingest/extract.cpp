#include "lectio/ingest/extract.h"

#include <fmt/format.h>

#include "lectio/core/error.h"

namespace lectio::ingest {

namespace {

Document extract_format(std::string_view bytes, Format format, const Limits& limits) {
  switch (format) {
    case Format::kMarkdown:
      return extract_markdown(bytes);
    case Format::kText:
      return extract_text(bytes);
    case Format::kHtml:
      return extract_html(bytes);
    case Format::kPdf:
      return extract_pdf(bytes, limits);
    case Format::kEpub:
      return extract_epub(bytes, limits);
    case Format::kDocx:
      return extract_docx(bytes, limits);
  }
  return extract_text(bytes);
}

}  // namespace

Document extract(std::string_view bytes, Format format, const Limits& limits) {
  Document doc = extract_format(bytes, format, limits);
  if (doc.blocks.size() > limits.max_paragraphs) {
    throw InvalidInput(
        fmt::format("the document expands to {} paragraphs, over the limit of {} (max_paragraphs)",
                    doc.blocks.size(), limits.max_paragraphs));
  }
  return doc;
}

}  // namespace lectio::ingest
