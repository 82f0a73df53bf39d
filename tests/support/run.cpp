#include "support/run.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "support/temp_dir.h"

extern char** environ;

namespace lectio::testing {

std::string no_network_library() {
  return LECTIO_NO_NETWORK_LIB;
}

namespace {

// Starts a program with stdin from /dev/null and stdout/stderr into files; returns its pid.
pid_t spawn(const std::vector<std::string>& args, const std::vector<std::string>& extra_env,
            const std::string& out_path, const std::string& err_path) {
  if (args.empty()) throw std::invalid_argument("run_program: no program");
  std::vector<std::string> argv_storage(args);
  std::vector<char*> argv;
  for (auto& a : argv_storage) argv.push_back(a.data());
  argv.push_back(nullptr);

  std::vector<std::string> env_storage(extra_env.begin(), extra_env.end());
  std::vector<char*> env;
  for (char** e = environ; *e; ++e) {
    if (std::string_view(*e).rfind("LECTIO_DATA=", 0) != 0) env.push_back(*e);
  }
  for (auto& e : env_storage) env.push_back(e.data());
  env.push_back(nullptr);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                   0644);
  posix_spawn_file_actions_addopen(&actions, 2, err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                   0644);
  pid_t pid = 0;
  const int rc = posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), env.data());
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) throw std::runtime_error("cannot start " + args[0] + ": " + std::strerror(rc));
  return pid;
}

int exit_code(int status) {
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace

RunResult run_program(const std::vector<std::string>& args,
                      const std::vector<std::string>& extra_env) {
  TempDir io;
  const std::string out_path = (io.path() / "out").string();
  const std::string err_path = (io.path() / "err").string();
  const pid_t pid = spawn(args, extra_env, out_path, err_path);
  int status = 0;
  waitpid(pid, &status, 0);
  RunResult result;
  result.exit_code = exit_code(status);
  result.out = slurp(out_path);
  result.err = slurp(err_path);
  return result;
}

BackgroundProcess::BackgroundProcess(const std::vector<std::string>& args,
                                     const std::vector<std::string>& extra_env)
    : io_(std::make_unique<TempDir>()) {
  pid_ = spawn(args, extra_env, (io_->path() / "out").string(), (io_->path() / "err").string());
}

BackgroundProcess::~BackgroundProcess() {
  if (pid_ <= 0) return;
  ::kill(pid_, SIGKILL);
  ::kill(pid_, SIGCONT);
  int status = 0;
  waitpid(pid_, &status, 0);
}

void BackgroundProcess::signal(int number) {
  if (pid_ > 0) ::kill(pid_, number);
}

RunResult BackgroundProcess::wait() {
  RunResult result;
  if (pid_ > 0) {
    int status = 0;
    waitpid(pid_, &status, 0);
    result.exit_code = exit_code(status);
    pid_ = -1;
  }
  result.out = slurp(io_->path() / "out");
  result.err = slurp(io_->path() / "err");
  return result;
}

std::string BackgroundProcess::err_so_far() const {
  return slurp(io_->path() / "err");
}

std::string lectio_binary() {
  const char* from_env = std::getenv("LECTIO_BINARY");
  return from_env ? from_env : LECTIO_BINARY_DEFAULT;
}

RunResult run_lectio(const std::vector<std::string>& args,
                     const std::vector<std::string>& extra_env) {
  std::vector<std::string> argv{lectio_binary()};
  argv.insert(argv.end(), args.begin(), args.end());
  return run_program(argv, extra_env);
}

}  // namespace lectio::testing
