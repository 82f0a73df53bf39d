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

// Runs LECTIO_BINARY with the arguments (no shell), with LECTIO_DATA unset and `extra_env`
// ("NAME=value") added to the environment.
RunResult run_lectio(const std::vector<std::string>& args,
                     const std::vector<std::string>& extra_env = {});

// Path of the LD_PRELOAD library that logs and refuses internet sockets and name lookups
// (tests/support/no_network.cpp); its log goes to $LECTIO_NET_LOG.
std::string no_network_library();

}  // namespace lectio::testing
