#include "lectio/pipeline/engines.h"

#include <fmt/format.h>

#include "lectio/author/card_writer.h"
#include "lectio/core/error.h"
#include "lectio/llm/chat.h"

namespace lectio::pipeline {

std::vector<std::string> available_engines(const EngineSetup& setup) {
  if (!setup.llm) return {"extractive"};
  return {"extractive", "llm"};
}

lesson::Brief with_engine(lesson::Brief brief, const EngineSetup& setup, const std::string& name) {
  if (!setup.choice.empty()) brief.engine = setup.choice;
  if (brief.engine.empty()) brief.engine = "extractive";
  if (brief.engine == "llm" && !setup.llm) {
    throw InvalidField("engine",
                       fmt::format("{}: field 'engine': llm needs a model server: set "
                                   "--llm-base-url and --llm-model (or LECTIO_LLM_BASE_URL and "
                                   "LECTIO_LLM_MODEL)",
                                   name));
  }
  if (brief.engine != "llm" && brief.engine != "extractive") {
    throw InvalidField("engine",
                       fmt::format("{}: field 'engine': must be extractive or llm", name));
  }
  return brief;
}

std::unique_ptr<compose::Engine> make_engine(const lesson::Brief& brief, const EngineSetup& setup) {
  if (brief.engine != "llm") return compose::make_extractive_engine();
  if (!setup.llm) throw Internal("the LLM engine was chosen without a model server");
  return compose::make_llm_engine(setup.llm);
}

std::string engine_name(const lesson::Brief& brief, const EngineSetup& setup) {
  return make_engine(brief, setup)->name();
}

std::unique_ptr<study::CardWriter> make_card_writer(const lesson::Brief& brief,
                                                    const EngineSetup& setup) {
  if (brief.engine != "llm" || !setup.llm) return nullptr;
  return author::make_llm_card_writer(setup.llm);
}

}  // namespace lectio::pipeline
