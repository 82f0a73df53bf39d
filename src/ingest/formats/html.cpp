// HTML: gumbo parses (and decodes entities), the shared walker turns the body into blocks.
// Pages come only from CSS page breaks; a plain web page is one page.
#include <algorithm>
#include <new>

#include "formats/html_blocks.h"
#include "lectio/core/error.h"
#include "lectio/ingest/extract.h"

namespace lectio::ingest {

Document extract_html(std::string_view bytes) {
  try {
    const HtmlTree tree{std::string(bytes)};
    BlockBuilder builder;
    tree.walk(builder, PageMarkers::kCss);
    Document doc;
    doc.blocks = builder.take_blocks();
    doc.title = tree.head_title();
    if (doc.title.empty()) doc.title = first_top_heading(doc.blocks);
    for (const Block& b : doc.blocks) doc.page_count = std::max(doc.page_count, b.last_page());
    return doc;
  } catch (const Error&) {
    throw;
  } catch (const std::bad_alloc&) {
    throw InvalidInput("HTML is too large to process");
  } catch (const std::exception&) {
    throw InvalidInput("HTML could not be processed");
  }
}

}  // namespace lectio::ingest
