#include "lectio/cli/cli.h"

int main(int argc, char** argv) {
  return lectio::cli::run(argc, argv);
}
