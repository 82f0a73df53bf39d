// Placeholder until the html extractor lands (being written now).
#include "lectio/core/error.h"
#include "lectio/ingest/extract.h"

namespace lectio::ingest {

Document extract_html(std::string_view) {
  throw Unsupported("html extraction is not built yet");
}

}  // namespace lectio::ingest
