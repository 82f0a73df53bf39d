#pragma once
// The LLM engine's flashcards and quiz: for each insight of a lesson, the model is given the
// chunks that insight's section cites and asked for cards and questions (study_request). What
// it writes is then held to the study module's rules (study::hold_study_set) by
// study::add_study_set, like every other writer's cards.
#include <memory>

#include "lectio/llm/chat.h"
#include "lectio/study/card_writer.h"

namespace lectio::author {

// Shares `client` (its cap on requests in flight holds across lessons). write() throws Io
// when the server fails, like the LLM engine; name() is "llm:<model>".
[[nodiscard]] std::unique_ptr<study::CardWriter> make_llm_card_writer(
    std::shared_ptr<llm::ChatClient> client);

}  // namespace lectio::author
