// Writes every chunk that ingestion stores for the given files or directories, one JSON line per
// chunk, so that two builds can be diffed byte for byte after a change meant to be invisible
// (a speed-up, a refactor).
//
//   lectio_chunk_dump DATA_DIR INPUT... > chunks.jsonl
//
// The files go through lectio::ingest::add_file into a fresh store at DATA_DIR, and the chunks
// are read back from the store, so the dump covers extraction, language detection, chunking and
// storing. Each line holds the file name, the detected language, and the chunk's ordinal, pages,
// heading path, word count and text. Files that ingestion rejects print one "error" line.
#include <cstdio>
#include <exception>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "lectio/core/error.h"
#include "lectio/ingest/ingest.h"
#include "lectio/store/store.h"

namespace fs = std::filesystem;

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: lectio_chunk_dump DATA_DIR INPUT...\n");
    return 2;
  }
  try {
    const fs::path data_dir = argv[1];
    if (fs::exists(data_dir)) {
      throw lectio::InvalidInput(data_dir.string() + ": exists; the dump needs a fresh store");
    }
    std::vector<fs::path> inputs(argv + 2, argv + argc);
    const auto files = lectio::ingest::expand_inputs(inputs);
    auto store = lectio::store::open_content_store(data_dir);
    std::map<std::string, std::string> file_of;  // source id -> input file, for the output
    for (const fs::path& path : files) {
      lectio::ingest::AddOptions options;
      try {
        const auto result = lectio::ingest::add_file(*store, path, options);
        file_of[result.put.source_id] = path.filename().string();
      } catch (const lectio::Error& e) {
        std::printf(
            "%s\n",
            nlohmann::json{{"file", path.filename().string()}, {"error", e.what()}}.dump().c_str());
      }
    }
    std::map<std::string, std::string> language_of;
    for (const auto& s : store->sources()) language_of[s.id] = s.language;
    store->for_each_current_chunk([&](const lectio::Chunk& c) {
      const nlohmann::json line = {{"file", file_of[c.source_id]},
                                   {"language", language_of[c.source_id]},
                                   {"ordinal", c.ordinal},
                                   {"pages", {c.page_start, c.page_end}},
                                   {"headings", c.heading_path},
                                   {"words", c.word_count},
                                   {"text", c.text}};
      std::printf("%s\n", line.dump().c_str());
    });
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "lectio_chunk_dump: %s\n", e.what());
    return 1;
  }
}
