// lectio serve: the web app on one data directory, until interrupted.
#include <csignal>
#include <cstdio>
#include <thread>

#include "commands.h"
#include "engine_options.h"
#include "lectio/media/media.h"
#include "lectio/web/server.h"

namespace lectio::cli {

namespace {

struct ServeArgs {
  std::string host = "127.0.0.1";
  int port = 8080;
  std::string base_url;
  bool secure_cookies = false;
  int threads = 0;
  EngineArgs engine;
  std::optional<std::string> media;
};

web::Server* running = nullptr;  // for the signal handler

void run_serve(const ServeArgs& args, GlobalOptions& global) {
  web::ServerOptions options;
  options.data_dir = global.data();
  options.host = args.host;
  options.port = args.port;
  options.base_url = args.base_url;
  options.secure_cookies = args.secure_cookies;
  options.threads = args.threads;
  // Lessons and answers by the chosen engine; with a model server, a brief may pick either.
  options.llm = engine_setup(args.engine).llm;
  options.engine = args.engine.engine.empty() ? "extractive" : args.engine.engine;
  options.media_dir = media::resolve_media_dir(args.media, options.data_dir);
  web::Server server(options);
  std::fprintf(stderr, "lectio: serving %s on %s (Ctrl-C stops)\n", options.data_dir.c_str(),
               server.base_url().c_str());
  // Stopping from a signal handler: the library's stop() only flips a flag and shuts the
  // listening socket, which is safe there.
  running = &server;
  std::signal(SIGINT, [](int) {
    if (running) running->stop();
  });
  std::signal(SIGTERM, [](int) {
    if (running) running->stop();
  });
  const bool ok = server.run();
  running = nullptr;
  if (!ok) global.exit_code = 1;
}

}  // namespace

void register_serve_command(CLI::App& app, GlobalOptions& global) {
  auto args = std::make_shared<ServeArgs>();
  CLI::App* serve = app.add_subcommand("serve", "Serve the web app: lessons, plans, feeds, API");
  serve->add_option("--host", args->host, "Address to listen on (default 127.0.0.1)");
  serve->add_option("--port", args->port, "Port (default 8080; 0 = any free port)")
      ->check(CLI::Range(0, 65535));
  serve->add_option("--base-url", args->base_url,
                    "Public address for feeds and links (default http://HOST:PORT)");
  serve->add_flag("--secure-cookies", args->secure_cookies,
                  "Mark cookies Secure (when served behind TLS)");
  serve->add_option("--threads", args->threads, "Request workers (default 16 per core, min 64)")
      ->check(CLI::Range(1, 1024));
  add_engine_options(*serve, args->engine);
  serve->add_option("--media", args->media,
                    "Where uploads are handed to the workers with a PostgreSQL store (default: "
                    "$LECTIO_MEDIA, else <data>/audio); shared by the fleet");
  serve->callback([args, &global] { run_serve(*args, global); });
}

}  // namespace lectio::cli
