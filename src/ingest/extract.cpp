#include "lectio/ingest/extract.h"

namespace lectio::ingest {

Document extract(std::string_view bytes, Format format, const Limits& limits) {
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

}  // namespace lectio::ingest
