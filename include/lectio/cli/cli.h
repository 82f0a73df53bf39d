#pragma once
// The command line. `lectio` itself is a thin main() around run().

namespace lectio::cli {

// Parses arguments, runs one command and returns the process exit status: 0 on success, 1 when
// any input failed, 2 for a usage error. Never throws.
int run(int argc, char** argv);

}  // namespace lectio::cli
