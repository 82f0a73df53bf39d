#pragma once
// --engine and the --llm-* options, shared by every command that composes (lesson, plan
// build, serve, ask), and the engines they configure.
#include <CLI/CLI.hpp>
#include <string>

#include "lectio/llm/chat.h"
#include "lectio/pipeline/engines.h"

namespace lectio::cli {

struct EngineArgs {
  std::string engine;     // "extractive" | "llm" | "": the brief's engine, else extractive
  llm::ChatOptions chat;  // unset fields come from the environment
};

void add_engine_options(CLI::App& command, EngineArgs& args);

// The engines the options configure: the LLM engine's server when --engine llm asks for it
// or the options and the environment name one (--llm-base-url and --llm-model, or
// LECTIO_LLM_BASE_URL and LECTIO_LLM_MODEL). Throws InvalidInput naming the option when
// --engine llm lacks the base URL or the model, or when one is malformed.
pipeline::EngineSetup engine_setup(const EngineArgs& args);

}  // namespace lectio::cli
