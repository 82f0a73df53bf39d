#pragma once
// The bundled GPU/TPU example in a fresh data directory, for the `lectio lesson` tests: the
// notes added as file_gpu001 with an origin URL, and the example brief with a fixed date (so
// the output is stable).
#include <gtest/gtest.h>

#include <string>

#include "support/run.h"
#include "support/temp_dir.h"

namespace lectio::cli {

struct Example {
  testing::TempDir dir;
  std::string data = (dir.path() / "data").string();
  std::string brief;

  Example() {
    const auto notes = testing::source_dir() / "examples/gpu-tpu/gpu_tpu_lesson_notes.md";
    auto add = testing::run_lectio({"--data", data, "add", notes.string(), "--id", "gpu001",
                                    "--url", "https://example.com/gpu-tpu-notes"});
    EXPECT_EQ(add.exit_code, 0) << add.err;
    const std::string text = testing::slurp(testing::source_dir() / "examples/gpu-tpu/brief.yaml") +
                             "date: 2026-04-22\n";
    brief = dir.write("brief.yaml", text).string();
  }
};

}  // namespace lectio::cli
