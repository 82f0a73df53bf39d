#pragma once
// --engine and the --llm-* options, shared by every command that composes (lesson, plan
// build, serve), and the engine they choose.
#include <CLI/CLI.hpp>
#include <memory>
#include <string>

#include "lectio/compose/engine.h"
#include "lectio/llm/chat.h"

namespace lectio::cli {

struct EngineArgs {
  std::string engine = "extractive";  // "extractive" | "llm"
  llm::ChatOptions chat;              // unset fields come from the environment
};

void add_engine_options(CLI::App& command, EngineArgs& args);

// The chosen engine. Throws InvalidInput naming the option when the LLM engine lacks its base
// URL or model (from the options or LECTIO_LLM_BASE_URL / LECTIO_LLM_MODEL).
std::unique_ptr<compose::Engine> make_engine(const EngineArgs& args);

}  // namespace lectio::cli
