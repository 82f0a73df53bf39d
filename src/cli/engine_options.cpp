#include "engine_options.h"

namespace lectio::cli {

void add_engine_options(CLI::App& command, EngineArgs& args) {
  command
      .add_option("--engine", args.engine,
                  "Who writes the script: extractive (built in) or llm (default: the brief's "
                  "engine, else extractive)")
      ->check(CLI::IsMember({"extractive", "llm"}));
  command.add_option("--llm-base-url", args.chat.base_url,
                     "OpenAI-compatible API base, e.g. http://127.0.0.1:11434/v1 "
                     "(default: $LECTIO_LLM_BASE_URL)");
  command.add_option("--llm-model", args.chat.model, "Model name (default: $LECTIO_LLM_MODEL)");
  command.add_option("--llm-max-tokens", args.chat.max_tokens, "Output limit per request")
      ->capture_default_str();
  command
      .add_option("--llm-timeout", args.chat.total_timeout_seconds,
                  "Seconds one request may take, connecting included")
      ->capture_default_str();
  command
      .add_option("--llm-connect-timeout", args.chat.connect_timeout_seconds,
                  "Seconds to wait for a connection")
      ->capture_default_str();
  command
      .add_option("--llm-attempts", args.chat.max_attempts,
                  "Attempts per request (429, 5xx, timeouts and unusable answers are retried)")
      ->capture_default_str();
  command
      .add_option("--llm-max-in-flight", args.chat.max_in_flight, "Requests to the server at once")
      ->capture_default_str();
}

pipeline::EngineSetup engine_setup(const EngineArgs& args) {
  pipeline::EngineSetup setup;
  setup.choice = args.engine;
  if (args.engine == "extractive") return setup;
  const llm::ChatOptions chat = llm::with_environment(args.chat);
  // Without --engine llm, a server is configured only when it is named in full.
  if (args.engine.empty() && (chat.base_url.empty() || chat.model.empty())) return setup;
  setup.llm = std::make_shared<llm::ChatClient>(chat);
  return setup;
}

}  // namespace lectio::cli
