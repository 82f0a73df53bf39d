#pragma once
// Which engine writes a lesson: the command's choice (--engine), else the brief's `engine`,
// else the built-in extractive engine. The LLM engine exists only where a model server is
// configured; a brief asking for it elsewhere is refused before anything is done.
#include <memory>
#include <string>
#include <vector>

#include "lectio/compose/engine.h"
#include "lectio/lesson/brief.h"
#include "lectio/study/card_writer.h"

namespace lectio::llm {
class ChatClient;
}

namespace lectio::pipeline {

struct EngineSetup {
  // "extractive" or "llm": overrides every brief's `engine`; "" lets each brief choose.
  std::string choice;
  // The model server; null when none is configured. Shared, so that its cap on requests in
  // flight holds across lessons and threads.
  std::shared_ptr<llm::ChatClient> llm;
};

// The engines `setup` writes with: "extractive", and "llm" when a server is configured.
std::vector<std::string> available_engines(const EngineSetup& setup);

// The brief with `engine` set to the engine that writes it. Throws InvalidField naming
// `engine` (the message starts with `name`) when that is the LLM engine and no server is
// configured: "brief.yaml: field 'engine': llm needs a model server: set --llm-base-url ...".
lesson::Brief with_engine(lesson::Brief brief, const EngineSetup& setup,
                          const std::string& name = "brief");

// The engine for a brief that with_engine() returned, and its Engine::name()
// ("extractive", "llm:<model>").
std::unique_ptr<compose::Engine> make_engine(const lesson::Brief& brief, const EngineSetup& setup);
std::string engine_name(const lesson::Brief& brief, const EngineSetup& setup);

// Who writes the cards and quiz of a lesson that brief makes: the model for the LLM engine;
// null for the built-in engine, whose cards the study module makes itself.
std::unique_ptr<study::CardWriter> make_card_writer(const lesson::Brief& brief,
                                                    const EngineSetup& setup);

}  // namespace lectio::pipeline
