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

// Runs a program (a path, or a name found on PATH) with its arguments, no shell, stdin from
// /dev/null, with LECTIO_DATA unset and `extra_env` ("NAME=value") added. Throws
// std::runtime_error when it cannot be started.
RunResult run_program(const std::vector<std::string>& args,
                      const std::vector<std::string>& extra_env = {});

// Runs LECTIO_BINARY with the arguments (no shell), with LECTIO_DATA unset and `extra_env`
// ("NAME=value") added to the environment.
RunResult run_lectio(const std::vector<std::string>& args,
                     const std::vector<std::string>& extra_env = {});

// Path of the LD_PRELOAD library that logs and refuses internet sockets and name lookups
// (tests/support/no_network.cpp); its log goes to $LECTIO_NET_LOG.
std::string no_network_library();

}  // namespace lectio::testing
