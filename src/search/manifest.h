#pragma once
// The manifest: which segments make the index, which version of each source it holds and in
// which batch, and the store generation it reflects. Private to the search module.
//
// A batch is the segments one write of the index made (a rebuild, or one sync's new source
// versions). A document of a segment is live when the manifest holds its source at its
// version in the segment's batch: replacing or deleting a source is a change of the manifest
// alone, and a batch's dead documents go when a later write compacts it. The manifest is the
// commit point of every write: written to a temporary file, synced and renamed over the old.
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace lectio::search {

struct ManifestSegment {
  std::string file;  // name inside the index directory
  std::int64_t batch = 0;
  std::uint32_t documents = 0;
};

struct ManifestSource {
  int version = 0;
  std::int64_t batch = 0;
};

struct Manifest {
  std::string format;
  std::int64_t generation = -1;  // the seq of the last change of the store's feed applied
  std::int64_t next_batch = 1;
  std::vector<ManifestSegment> segments;
  std::map<std::string, ManifestSource> sources;
};

// Reads the manifest of an index directory; nullopt when there is none. Throws IndexDamage
// when it is not one this code wrote, Io when it cannot be read.
std::optional<Manifest> read_manifest(const std::filesystem::path& dir);

// Replaces the manifest atomically. Throws Io.
void write_manifest(const std::filesystem::path& dir, const Manifest& manifest);

// The path of the manifest in an index directory.
std::filesystem::path manifest_path(const std::filesystem::path& dir);

}  // namespace lectio::search
