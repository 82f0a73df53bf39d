#include "lectio/cli/cli.h"

#include <cstdio>
#include <exception>

#include <fmt/format.h>

#include "commands.h"
#include "lectio/core/data_dir.h"
#include "lectio/core/error.h"
#include "lectio/core/voice_registry.h"

namespace lectio::cli {

std::filesystem::path GlobalOptions::data() const { return resolve_data_dir(data_dir); }

int run(int argc, char** argv) {
  GlobalOptions global;
  CLI::App app{"Lectio: grounded audio lessons from your own documents", "lectio"};
  app.set_version_flag("--version", "lectio 0.1.0");
  app.require_subcommand(1);
  app.add_option("--data", global.data_dir,
                 "Data directory (default: $LECTIO_DATA, else ./lectio-data)");
  register_source_commands(app, global);
  register_search_commands(app, global);
  register_summarize_commands(app, global);
  register_lesson_commands(app, global);
  register_voices_commands(app, global);
  register_library_commands(app, global);
  register_plan_commands(app, global);
  register_serve_command(app, global);
  // Runs after --data is parsed and before any command: briefs, plans, renders and the web
  // server resolve host names among the data directory's registered voices too.
  app.parse_complete_callback(
      [&global] { use_voice_registry(open_voice_registry(global.data())); });
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;  // --help and --version exit 0; CLI11's other codes vary
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
