// Placeholder until the epub extractor lands (being written now).
#include "lectio/core/error.h"
#include "lectio/ingest/extract.h"

namespace lectio::ingest {

Document extract_epub(std::string_view, const Limits& ) {
  throw Unsupported("epub extraction is not built yet");
}

}  // namespace lectio::ingest
