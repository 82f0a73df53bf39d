#pragma once
// A data directory holding the notes of examples/ai-hardware (added from their own folder, so
// that briefs naming them by path resolve), for the plan tests.
#include <filesystem>
#include <string>
#include <vector>

#include "lectio/ingest/ingest.h"
#include "lectio/store/store.h"
#include "support/temp_dir.h"

namespace lectio::plan::testing_support {

inline const std::vector<std::string>& example_notes() {
  static const std::vector<std::string> kNotes = {"gpu_execution",     "memory_hierarchy",
                                                  "tensor_cores",      "interconnects",
                                                  "inference_serving", "cost"};
  return kNotes;
}

inline std::filesystem::path example_dir() {
  return lectio::testing::source_dir() / "examples/ai-hardware";
}

// Adds a file as source "file_<id>".
inline void add_source(const std::filesystem::path& data, const std::filesystem::path& file,
                       const std::string& id) {
  auto store = store::open_content_store(data);
  ingest::AddOptions options;
  options.id = id;
  ingest::add_file(*store, file, options);
}

// Adds every example note as file_<name>.
inline void add_example_notes(const std::filesystem::path& data) {
  for (const std::string& name : example_notes()) {
    add_source(data, example_dir() / (name + ".md"), name);
  }
}

}  // namespace lectio::plan::testing_support
