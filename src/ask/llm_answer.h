#pragma once
// The model's answer to a learner's question, for answer.cpp. Private to the compose module.
#include <string>
#include <vector>

#include "lectio/lesson/lesson.h"
#include "lectio/lesson/material.h"
#include "lectio/llm/chat.h"

namespace lectio::ask {

// The model writes at most `max_sentences` sentences from `material`'s chunks (given to it
// with labels); each goes through LlmSession::accept: labels mapped back to chunk ids, the
// grounding verifier, one repair with its finding, dropped if that fails too. Empty when
// nothing survives. Throws Io naming the endpoint when the server fails.
std::vector<lesson::ScriptSentence> llm_answer(llm::ChatClient& client, const std::string& question,
                                               const std::string& language,
                                               const lesson::Material& material, int max_sentences);

}  // namespace lectio::ask
