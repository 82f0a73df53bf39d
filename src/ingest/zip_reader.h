#pragma once
// Read-only access to a zip archive (EPUB, DOCX) held in memory. Every read counts against
// explicit caps, so a zip bomb is refused while it expands rather than after.
#include <cstdint>
#include <memory>
#include <optional>
#include <pugixml.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "lectio/core/error.h"
#include "lectio/ingest/limits.h"

struct zip;

namespace lectio::ingest {

// Thrown by ZipReader when the bytes are not a zip archive it can read (no readable central
// directory), so that a caller who has not yet named the container can say so its own way.
class NotAZipArchive : public InvalidInput {
 public:
  using InvalidInput::InvalidInput;
};

class ZipReader {
 public:
  // Opens the archive in `bytes`, which must outlive the reader. `kind` ("EPUB", "DOCX") names
  // the container in errors. Throws NotAZipArchive "corrupt <kind>: not a zip archive" and
  // InvalidInput when the archive has more entries than limits.max_archive_entries.
  ZipReader(std::string_view bytes, std::string_view kind, const Limits& limits);
  ~ZipReader();
  ZipReader(const ZipReader&) = delete;
  ZipReader& operator=(const ZipReader&) = delete;

  // Entry names in archive order.
  const std::vector<std::string>& names() const { return names_; }
  bool contains(const std::string& name) const;

  // The entry's expanded bytes, or nullopt when there is no such entry. Throws InvalidInput
  // when the entry cannot be read, and when the bytes expanded so far from this archive would
  // pass limits.max_expanded_bytes; the cap holds whatever sizes the archive declares.
  std::optional<std::string> read(const std::string& name);

  // Reads and parses an XML entry into `doc`; false when there is no such entry. Throws
  // InvalidInput "corrupt <kind>: <name> is not well-formed XML", and when the XML read from
  // this archive in all would pass limits.max_xml_bytes (before it is parsed).
  bool read_xml(const std::string& name, pugi::xml_document& doc,
                unsigned options = pugi::parse_default);

  std::uint64_t expanded_bytes() const { return expanded_; }

 private:
  struct ZipCloser {
    void operator()(zip* archive) const;
  };

  [[noreturn]] void fail_expanded() const;

  std::unique_ptr<zip, ZipCloser> archive_;
  std::string kind_;
  std::uint64_t max_expanded_;
  std::uint64_t expanded_ = 0;
  std::uint64_t max_xml_;
  std::uint64_t xml_ = 0;
  std::vector<std::string> names_;
};

// An element's name without its namespace prefix: "w:p" -> "p". EPUB and DOCX files are
// matched by local names, whatever prefixes their writers chose.
std::string_view local_name(const pugi::xml_node& node);

// The first child element with the given local name (an empty node when none).
pugi::xml_node child_named(const pugi::xml_node& node, std::string_view name);

}  // namespace lectio::ingest
