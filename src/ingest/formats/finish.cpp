#include "formats/finish.h"

#include <fmt/format.h>

#include <algorithm>
#include <new>

#include "lectio/core/error.h"

namespace lectio::ingest {

namespace {

// The text of the first heading among those of the highest rank (lowest level); "" if none.
std::string first_top_heading(const std::vector<Block>& blocks) {
  const Block* best = nullptr;
  for (const Block& b : blocks) {
    if (b.kind != BlockKind::kHeading) continue;
    if (!best || b.level < best->level) best = &b;
  }
  return best ? best->text : std::string();
}

}  // namespace

Document read_guarded(std::string_view format, std::string_view unreadable,
                      const std::function<Document()>& read) {
  try {
    return read();
  } catch (const Error&) {
    throw;
  } catch (const std::bad_alloc&) {
    throw InvalidInput(fmt::format("{} is too large to process", format));
  } catch (const std::exception&) {
    throw InvalidInput(std::string(unreadable));
  }
}

Document finish_document(std::vector<Block> blocks, std::string title) {
  Document doc;
  doc.blocks = std::move(blocks);
  doc.title = title.empty() ? first_top_heading(doc.blocks) : std::move(title);
  for (const Block& b : doc.blocks) doc.page_count = std::max(doc.page_count, b.last_page());
  return doc;
}

}  // namespace lectio::ingest
