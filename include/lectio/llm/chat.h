#pragma once
// A client for OpenAI-compatible chat-completions servers (OpenAI, Ollama, llama.cpp's
// llama-server, vLLM, LM Studio): `POST {base_url}/chat/completions` with structured output
// (`response_format: json_schema`), streamed (SSE) or not. It contacts only base_url, retries
// what is worth retrying (429, 5xx, timeouts, unparsable or rejected answers) with backoff,
// jitter and Retry-After, and caps the requests it has in flight. The API key is sent as a
// Bearer token and never appears in a message or a log.
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lectio/core/error.h"

namespace lectio::llm {

struct ChatOptions {
  std::string base_url;  // e.g. "http://127.0.0.1:11434/v1"; required
  std::string model;     // required
  std::string api_key;   // empty: no Authorization header (local servers)
  double connect_timeout_seconds = 10;
  double total_timeout_seconds = 300;  // per attempt, from connecting to the last byte
  int max_attempts = 4;                // attempts per request, retries included
  int max_in_flight = 2;               // requests on the wire at once, per client
  int max_tokens = 2048;
  double temperature = 0.4;
  bool stream = true;
  double backoff_seconds = 0.5;     // first wait; doubles per retry, with ±50% jitter
  double max_backoff_seconds = 30;  // also caps a server's Retry-After
};

// Fills what the environment sets: LECTIO_LLM_BASE_URL, LECTIO_LLM_MODEL, and the key from
// LECTIO_LLM_API_KEY, else OPENAI_API_KEY. Fields already set are kept.
ChatOptions with_environment(ChatOptions options);

// Throws InvalidInput naming the option when base_url or model is missing or malformed.
void check_options(const ChatOptions& options);

struct ChatMessage {
  std::string role;  // "system" | "user" | "assistant"
  std::string content;
};

struct ChatRequest {
  std::vector<ChatMessage> messages;
  std::string schema_name;  // response_format.json_schema.name
  std::string schema;       // the JSON Schema, as JSON text; empty: no response_format
  int max_tokens = 0;       // 0: the client's default
};

struct ChatReply {
  std::string content;  // the assistant's text as sent
  std::string json;     // complete_json(): the object found in content, as strict JSON
  std::string finish_reason;
  int prompt_tokens = 0;
  int completion_tokens = 0;
  int attempts = 0;
};

// Totals over a client's life. Thread-safe snapshot.
struct ChatStats {
  int requests = 0;  // HTTP attempts
  int retries = 0;
  long prompt_tokens = 0;
  long completion_tokens = 0;
  std::vector<double> waits;  // seconds waited before each retry, in order
};

// The model stopped at max_tokens (finish_reason "length"): the answer is cut off and is never
// parsed. The caller asks for less (a smaller section) rather than retrying the same request.
class Truncated : public Error {
 public:
  using Error::Error;
};

// Checks an answer's JSON (already strict): std::nullopt when it is usable, else the reason,
// which makes the client ask again (the shape is wrong, the language is wrong, ...).
using AnswerCheck = std::function<std::optional<std::string>(const std::string& json)>;

class ChatClient {
 public:
  // Throws InvalidInput like check_options().
  explicit ChatClient(ChatOptions options);
  ~ChatClient();
  ChatClient(const ChatClient&) = delete;
  ChatClient& operator=(const ChatClient&) = delete;

  // One completion. Throws Truncated, or Io with a one-line message naming the endpoint and
  // the reason once the attempts are spent or the failure is not retryable (connection
  // refused, 400, 401, 404 ...). Thread-safe.
  ChatReply complete(const ChatRequest& request);

  // complete(), then finds the JSON object in the answer (think blocks, code fences, preambles,
  // single quotes and trailing commas are tolerated) and runs `check` on it; an answer without
  // an object or failing the check is asked for again, within the same attempts.
  ChatReply complete_json(const ChatRequest& request, const AnswerCheck& check = {});

  const ChatOptions& options() const;
  std::string endpoint() const;  // base_url + "/chat/completions"
  ChatStats stats() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The outermost JSON object in a model's answer, as strict JSON text; std::nullopt when there
// is none. Strips <think>…</think> blocks (closed or not) and code fences, skips preambles, and
// repairs single-quoted strings, trailing commas and Python literals (True/False/None).
std::optional<std::string> extract_json_object(std::string_view text);

}  // namespace lectio::llm
