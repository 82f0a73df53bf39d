#pragma once
// Runs the real `lectio` binary in a child process and captures its output.
#include <sys/types.h>

#include <memory>
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

// The `lectio` binary under test: $LECTIO_BINARY, else the one this build made.
std::string lectio_binary();

// Runs LECTIO_BINARY with the arguments (no shell), with LECTIO_DATA unset and `extra_env`
// ("NAME=value") added to the environment.
RunResult run_lectio(const std::vector<std::string>& args,
                     const std::vector<std::string>& extra_env = {});

class TempDir;

// A program running beside the test (a worker, a server), started like run_program; its output
// goes to files read by wait(). The destructor kills (SIGKILL) and reaps it if still running.
class BackgroundProcess {
 public:
  BackgroundProcess(const std::vector<std::string>& args,
                    const std::vector<std::string>& extra_env = {});
  ~BackgroundProcess();
  BackgroundProcess(const BackgroundProcess&) = delete;
  BackgroundProcess& operator=(const BackgroundProcess&) = delete;
  pid_t pid() const { return pid_; }
  void signal(int number);  // kill(2)
  // Waits for it to exit; its status (128 + signal when killed) and output.
  RunResult wait();
  // What it wrote to stderr so far.
  std::string err_so_far() const;

 private:
  std::unique_ptr<TempDir> io_;
  pid_t pid_ = -1;
};

// Path of the LD_PRELOAD library that logs and refuses internet sockets and name lookups
// (tests/support/no_network.cpp); its log goes to $LECTIO_NET_LOG.
std::string no_network_library();

}  // namespace lectio::testing
