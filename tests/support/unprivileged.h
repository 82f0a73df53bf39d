#pragma once
// Runs a piece of a test in a child process that file permissions apply to, even when the test
// runs as root (CI does): the child drops the capabilities that let root ignore them.
#include <functional>

namespace lectio::testing {

// Forks; the child drops CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH and CAP_FOWNER when it is root,
// runs `body` and exits 0 when no GoogleTest assertion failed in it (and no exception escaped),
// 1 otherwise. Returns the child's exit status, or -1 when it did not exit normally. The child
// shares the parent's files, so `body` may check what is on disk; its assertion messages are
// printed by the child. Throws std::runtime_error when fork fails.
int run_unprivileged(const std::function<void()>& body);

}  // namespace lectio::testing
