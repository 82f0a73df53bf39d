#pragma once
// The strict reader of a request's head (request line and header fields), run before the HTTP
// library sees a byte of it. It refuses what a proxy in front could read differently (request
// smuggling, RFC 9112 §6.3 and §11.2): a second Content-Length, Transfer-Encoding (with or
// without a length), a header line without a colon or with space before it, a folded line, a
// bare LF or CR, a second Host or none. What it accepts it hands on rewritten, one field a
// line, so that the library parses exactly what was checked. Pure: no socket, no state.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace lectio::web {

struct RequestHead {
  int status = 0;      // 0: accepted; otherwise the status to refuse it with, then close
  std::string reason;  // why it was refused, one line for the error body
  std::string method;
  std::size_t content_length = 0;  // 0 when the request has no body
  bool expect_continue = false;    // the client waits for "100 Continue" before its body
  // The accepted head as the library is given it: request line and fields, CRLF ended, the
  // blank line included; without Expect (answered here) and the names the library reserves
  // for itself (REMOTE_ADDR, LOCAL_PORT, ...).
  std::string normalized;
};

// Where the head in `bytes` ends: the index just past its blank line, or npos when the blank
// line has not arrived. A line may end in LF alone here; read_request_head refuses it.
std::size_t find_head_end(std::string_view bytes);

// Reads one head (up to and including its blank line). max_body_bytes: a longer
// Content-Length is refused with 413 before any of the body is read.
RequestHead read_request_head(std::string_view head, std::size_t max_body_bytes);

// Whether a method carries a body that must be announced by Content-Length (else 411).
bool method_needs_length(std::string_view method);

}  // namespace lectio::web
