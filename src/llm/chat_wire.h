#pragma once
// The chat-completions wire format: the request body, and what one HTTP response means (an
// answer, a failure worth retrying, or a failure that ends the request). No I/O here.
#include <optional>
#include <string>

#include "lectio/llm/chat.h"

namespace lectio::llm {

enum class Outcome { kOk, kRetry, kFatal };

struct Attempt {
  Outcome outcome = Outcome::kFatal;
  std::string reason;                 // one line, for kRetry and kFatal
  std::optional<double> retry_after;  // seconds, from the Retry-After header
  ChatReply reply;                    // kOk
};

// The JSON body of `POST /chat/completions`.
std::string request_body(const ChatRequest& request, const ChatOptions& options);

// Reads one response: a JSON completion or an SSE stream of chunks (by content type or by its
// "data:" lines), or an error status with the server's message.
Attempt read_response(int status, const std::string& retry_after, const std::string& content_type,
                      const std::string& body);

}  // namespace lectio::llm
