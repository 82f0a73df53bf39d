#pragma once
// Engines write lessons. The built-in extractive engine needs no network and no model; the
// LLM engine asks a model behind an OpenAI-compatible server. Whatever the engine,
// compose_lesson() runs the shared grounding verifier over its output.
#include <memory>
#include <string>
#include <vector>

#include "lectio/core/source.h"
#include "lectio/lesson/brief.h"
#include "lectio/lesson/lesson.h"
#include "lectio/lesson/material.h"
#include "lectio/search/index.h"

namespace lectio::llm {
class ChatClient;
}

namespace lectio::compose {

// What an engine may draw on: lesson::Material.
class Engine {
 public:
  virtual ~Engine() = default;
  virtual std::string name() const = 0;

  // Writes the script, FAQ, quote, title, description and tags. Sentences cite chunk ids of
  // `material`. An insight the material does not support gets no invented text: the engine
  // leaves its section empty and adds a warning. Throws lectio::Error on failure.
  virtual lesson::Lesson compose(const lesson::Brief& brief, const lesson::Material& material) = 0;
};

[[nodiscard]] std::unique_ptr<Engine> make_extractive_engine();

// Writes with the model behind `client` (shared, so that its cap on requests in flight holds
// across lessons). Every sentence the model writes is verified before it reaches the lesson;
// one the verifier rejects is sent back once with the finding and left out if the repair fails
// (counted in lesson.grounding). Throws Io with the endpoint and the reason when the server
// fails; name() is "llm:<model>".
[[nodiscard]] std::unique_ptr<Engine> make_llm_engine(std::shared_ptr<llm::ChatClient> client);

}  // namespace lectio::compose
