#pragma once
// Runs the real `lectio` binary in a child process and captures its output.
#include <string>
#include <vector>

namespace lectio::testing {

struct RunResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

// Runs LECTIO_BINARY with the arguments (no shell), with LECTIO_DATA unset.
RunResult run_lectio(const std::vector<std::string>& args);

}  // namespace lectio::testing
