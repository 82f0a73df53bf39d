// Fuzzes the zip reader under small caps: every entry is read, and every .xml entry parsed.
#include <pugixml.hpp>

#include "fuzz_support.h"
#include "zip_reader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  lectio::ingest::Limits limits;
  limits.max_expanded_bytes = 4u << 20;  // small caps: a bomb is refused quickly
  limits.max_archive_entries = 200;
  lectio::fuzz::refuse_or_parse([&] {
    lectio::ingest::ZipReader zip(lectio::fuzz::as_text(data, size), "EPUB", limits);
    for (const std::string& name : zip.names()) {
      if (name.size() > 4 && name.ends_with(".xml")) {
        pugi::xml_document doc;
        zip.read_xml(name, doc);
      } else {
        zip.read(name);
      }
    }
  });
  return 0;
}
