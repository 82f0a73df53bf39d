// HTML: gumbo parses (and decodes entities), the shared walker turns the body into blocks.
// Pages come only from CSS page breaks; a plain web page is one page.
#include "formats/finish.h"
#include "formats/html_blocks.h"
#include "lectio/ingest/extract.h"

namespace lectio::ingest {

Document extract_html(std::string_view bytes) {
  return read_guarded("HTML", "HTML could not be processed", [&] {
    const HtmlTree tree{std::string(bytes)};
    BlockBuilder builder;
    tree.walk(builder, PageMarkers::kCss);
    return finish_document(builder.take_blocks(), tree.head_title());
  });
}

}  // namespace lectio::ingest
