// The chat test server with the tests' scripted author (tests/support/fake_author.h), as a
// process of its own, so that the real `lectio` binary can be pointed at it
// (`--engine llm --llm-base-url URL --llm-model scripted`); bench/lessons/llm_dev.sh uses it to
// score the LLM engine's dev lessons with the same topicality measure as the built-in engine's.
//   lectio_fake_llm_server [--honest] [--verbatim]
// Prints its base URL ("http://127.0.0.1:PORT/v1") on the first line of standard output and
// serves until standard input closes. --honest: the author plants nothing (no invented or
// woven sentences, no citation of a missing label), so what is measured is the engine's choice
// of excerpts alone; by default it plants as in the tests and the verifier must drop them.
// --verbatim: no sentence is reworded ("Put simply, ..."). The topicality measure matches a
// sentence to the judged chunks by its words, and a short reworded one can miss its chunk;
// which sentences get reworded alternates over the whole run, so a change to one lesson's
// requests moves the next lesson's figures by a few sentences. Verbatim, they do not.
#include <fmt/format.h>

#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>

#include "support/chat_server.h"
#include "support/fake_author.h"

int main(int argc, char** argv) {
  lectio::testing::FakeAuthorOptions options;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--honest") == 0) {
      options.plant_invented = false;
      options.plant_woven = false;
      options.cite_missing = false;
      continue;
    }
    if (std::strcmp(argv[i], "--verbatim") == 0) {
      options.paraphrase = false;
      continue;
    }
    fmt::print(stderr,
               "lectio_fake_llm_server: unknown argument '{}' (known: --honest, --verbatim)\n",
               argv[i]);
    return 2;
  }
  try {
    lectio::testing::FakeAuthor author(options);
    lectio::testing::ChatServer server(author.handler());
    fmt::print("{}\n", server.base_url());
    std::fflush(stdout);
    // Serves on the server's own threads until whoever started it closes our standard input.
    std::string line;
    while (std::getline(std::cin, line)) {
    }
    const auto written = author.written();
    fmt::print(stderr,
               "lectio_fake_llm_server: {} requests; wrote {} good and {} planted sentences\n",
               server.calls().size(), written.good.size(), written.planted.size());
    return 0;
  } catch (const std::exception& e) {
    fmt::print(stderr, "lectio_fake_llm_server: {}\n", e.what());
    return 1;
  }
}
