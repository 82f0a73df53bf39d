// Any bytes as the manifest of a search index (src/search/manifest.cpp): read_manifest either
// returns a manifest or throws IndexDamage (the index is then rebuilt from the store) or a
// lectio::Error.
//
// The first byte is the harness's: when odd, the right "checksum" line is appended to the
// rest, so that mutations get past the check to the lines before it.
#include <fmt/format.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "fuzz_support.h"
#include "manifest.h"
#include "segment.h"
#include "segment_format.h"

namespace {

namespace fs = std::filesystem;
using namespace lectio::search;

const fs::path& index_dir() {
  static const fs::path dir = [] {
    std::string pattern = (fs::temp_directory_path() / "lectio-fuzz-manifest-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) std::abort();
    return fs::path(pattern);
  }();
  return dir;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  if ((data[0] & 1) != 0) {
    text += fmt::format(
        "checksum {:016x}\n",
        format::checksum(reinterpret_cast<const unsigned char*>(text.data()), text.size()));
  }
  {
    std::ofstream out(manifest_path(index_dir()), std::ios::binary | std::ios::trunc);
    out << text;
    if (!out) std::abort();
  }
  lectio::fuzz::refuse_or_parse([] {
    try {
      (void)read_manifest(index_dir());
    } catch (const IndexDamage&) {
      // Damage found: the expected answer to bytes this code did not write.
    }
  });
  return 0;
}
