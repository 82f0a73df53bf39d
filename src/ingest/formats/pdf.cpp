// Placeholder until the pdf extractor lands (being written now).
#include "lectio/core/error.h"
#include "lectio/ingest/extract.h"

namespace lectio::ingest {

Document extract_pdf(std::string_view, const Limits& ) {
  throw Unsupported("pdf extraction is not built yet");
}

}  // namespace lectio::ingest
