#pragma once
// How a format reader ends. The readers that call a parser library (HTML, PDF, EPUB, DOCX) run
// through one error ladder, and the markup readers (HTML, EPUB, DOCX) finish their document
// the same way.
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "lectio/ingest/document.h"

namespace lectio::ingest {

// Runs `read` and turns what a parser library throws into InvalidInput: a lectio::Error
// passes through unchanged, running out of memory becomes "<format> is too large to process"
// and any other exception becomes `unreadable`. As extract.h says, the messages give the
// reason only; the caller prefixes the file name.
Document read_guarded(std::string_view format, std::string_view unreadable,
                      const std::function<Document()>& read);

// The document of `blocks`, titled `title` or, when that is empty, by the first heading of
// the highest rank; it has as many pages as its last block reaches (at least one).
Document finish_document(std::vector<Block> blocks, std::string title);

}  // namespace lectio::ingest
