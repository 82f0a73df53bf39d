// Placeholder until the docx extractor lands (being written now).
#include "lectio/core/error.h"
#include "lectio/ingest/extract.h"

namespace lectio::ingest {

Document extract_docx(std::string_view, const Limits& ) {
  throw Unsupported("docx extraction is not built yet");
}

}  // namespace lectio::ingest
