#include "lectio/cli/cli.h"

#include <fmt/format.h>

#include <cstdio>
#include <exception>
#include <string>

#include "commands.h"
#include "lectio/core/data_dir.h"
#include "lectio/core/error.h"
#include "lectio/store/pg_store.h"
#include "lectio/voices/voice_registry.h"

namespace lectio::cli {

std::filesystem::path GlobalOptions::data() const {
  return resolve_data_dir(data_dir);
}

namespace {

// Every usage error is one line on stderr and exit status 2 (CLI11's own message, its codes
// and its "Run with --help" line vary by error).
int usage_error(std::string message) {
  for (char& c : message) {
    if (c == '\n' || c == '\r') c = ' ';
  }
  while (!message.empty() && message.back() == ' ') message.pop_back();
  std::fprintf(stderr, "lectio: usage: %s (see lectio --help)\n", message.c_str());
  return 2;
}

}  // namespace

int run(int argc, char** argv) {
  GlobalOptions global;
  CLI::App app{"Lectio: grounded audio lessons from your own documents", "lectio"};
  app.set_version_flag("--version", "lectio 0.1.0");
  app.require_subcommand(1);
  app.add_option("--data", global.data_dir,
                 "Data directory (default: $LECTIO_DATA, else ./lectio-data)");
  app.add_option("--store", global.store,
                 "Store: postgresql://user:pass@host:port/db (default: $LECTIO_STORE, else the "
                 "data directory's SQLite file)")
      ->envname("LECTIO_STORE");
  register_source_commands(app, global);
  register_search_commands(app, global);
  register_summarize_commands(app, global);
  register_lesson_commands(app, global);
  register_voices_commands(app, global);
  register_library_commands(app, global);
  register_study_commands(app, global);
  register_plan_commands(app, global);
  register_ask_commands(app, global);
  register_serve_command(app, global);
  register_worker_commands(app, global);
  // Runs after the global options are parsed and before any command. Every command opens its
  // stores through store::open_content_store / open_community_store, which then use the store
  // URL; briefs, plans, renders and the web server resolve host names among the data
  // directory's registered voices too.
  app.parse_complete_callback([&global] {
    store::set_store_url(global.store);
    voices::use_voice_registry(voices::open_voice_registry(global.data()));
  });
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help and --version
    return usage_error(e.what());
  } catch (const Error& e) {
    std::fprintf(stderr, "lectio: error: %s\n", e.what());
    return 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "lectio: internal error: %s\n", e.what());
    return 1;
  }
  return global.exit_code;
}

}  // namespace lectio::cli
