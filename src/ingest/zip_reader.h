#pragma once
// Read-only access to a zip archive (EPUB, DOCX) held in memory. Every read counts against
// explicit caps, so a zip bomb is refused while it expands rather than after.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lectio/ingest/limits.h"

struct zip;

namespace lectio::ingest {

class ZipReader {
 public:
  // Opens the archive in `bytes`, which must outlive the reader. `kind` ("EPUB", "DOCX") names
  // the container in errors. Throws InvalidInput "corrupt <kind>: not a zip archive" and
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
  std::vector<std::string> names_;
};

}  // namespace lectio::ingest
