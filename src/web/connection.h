#pragma once
// How the server reads its connections: the library's request parser over a socket stream of
// ours that enforces the limits the library lacks — a deadline for a request's head (a client
// sending a header byte a second), a cap on the head's size (endless header lines), a deadline
// for the whole request — and a bounded queue of accepted connections (thousands of idle
// ones). Private to the web module.
#include <httplib.h>

#include <chrono>
#include <cstddef>
#include <string>
#include <string_view>

namespace lectio::web {

struct ConnectionLimits {
  std::chrono::seconds head_timeout{10};      // request line and headers, from the first byte
  std::size_t max_head_bytes = 32u << 10;     // request line and headers together
  std::chrono::seconds request_timeout{300};  // head and body (a 32 MB upload at ~110 KB/s)
  int workers = 64;                           // connections served at once
  int max_waiting = 256;                      // accepted connections waiting for a worker
  int backlog = 1024;  // connections the kernel holds before accept (the library's is 5)
};

// The library's server with its connection loop replaced (see above). Connections past
// workers + max_waiting get a 503 and are closed at once.
class HttpServer : public httplib::Server {
 public:
  explicit HttpServer(ConnectionLimits limits);

  // After binding: listen with limits.backlog, so that a burst of clients is queued by the
  // kernel rather than dropped (they would retry after a second or more).
  void widen_backlog();

  // Answers the bytes of one connection held in memory, request by request (at most
  // max_requests), and returns what was written back. No socket, no limits: for the fuzzer.
  std::string answer(std::string_view connection_bytes, int max_requests);

 protected:
  bool process_and_close_socket(socket_t sock) override;

 private:
  ConnectionLimits limits_;
};

}  // namespace lectio::web
