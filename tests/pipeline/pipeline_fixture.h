#pragma once
// A data directory with two of the examples/ai-hardware notes, and a brief over them.
#include <filesystem>
#include <string>

#include "lectio/ingest/ingest.h"
#include "lectio/lesson/brief.h"
#include "lectio/store/store.h"
#include "support/temp_dir.h"

namespace lectio::pipeline::testing_support {

struct DataDir {
  lectio::testing::TempDir dir;
  std::filesystem::path data = dir.path() / "data";

  DataDir() {
    auto store = store::open_content_store(data);
    for (const char* name : {"gpu_execution", "memory_hierarchy"}) {
      ingest::AddOptions options;
      options.id = name;
      ingest::add_file(
          *store,
          lectio::testing::source_dir() / "examples/ai-hardware" / (std::string(name) + ".md"),
          options);
    }
  }
};

inline lesson::Brief warps_brief() {
  return lesson::parse_brief(
      "topic: Warps\ninsights: [How warps run in lockstep under SIMT]\n"
      "sources: [gpu_execution]\nminutes: 1\ndate: 2026-04-22\n",
      "brief.yaml");
}

}  // namespace lectio::pipeline::testing_support
