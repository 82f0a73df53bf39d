#pragma once
// How the server reads its connections. One thread (the reader) owns every connection and
// reads request heads and bodies without blocking; a request goes to a worker only once it has
// arrived whole, so that a client sending slowly holds a connection slot, never a worker that
// other requests need. The reader enforces the limits the HTTP library lacks: a deadline for a
// request's head, a size cap on it, a deadline for its body by byte rate (like nginx's
// client_body_timeout, but for the body as a whole), a cap on connections per client address
// and in all, and a bounded queue of requests waiting for a worker. Heads go through the
// strict reader (request_head.h) first. The library only parses the checked request and runs
// the routes (its protected process_request), over a stream of ours. Private to the web module.
#include <httplib.h>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

namespace lectio::web {

class RequestStream;

struct ConnectionLimits {
  std::chrono::seconds head_timeout{10};      // request line and headers, from the first byte
  std::size_t max_head_bytes = 32u << 10;     // request line and headers together
  std::chrono::seconds read_timeout{10};      // between two reads of a body
  std::chrono::seconds keep_alive{2};         // waiting for a connection's next request
  std::chrono::seconds write_timeout{30};     // between two writes of an answer
  std::size_t max_body_bytes = 32u << 20;     // a longer Content-Length: 413 at once
  std::chrono::seconds body_grace{10};        // plus length / min_body_rate: the body's deadline
  std::size_t min_body_rate = 8u << 10;       // bytes per second a body must average
  std::chrono::seconds request_timeout{300};  // the whole request, head and body, at most
  std::size_t keep_alive_max = 1000;          // requests on one connection
  int workers = 64;                           // requests served at once
  int max_waiting = 256;                      // whole requests waiting for a worker; then 503
  int max_connections = 1024;                 // open at once; then 503 and close
  int max_per_address = 32;                   // open at once from one client address
  int backlog = 1024;  // connections the kernel holds before accept (the library's is 5)
};

// The library's server (routes, handlers, error pages) behind a connection loop of ours.
class HttpServer : public httplib::Server {
 public:
  explicit HttpServer(ConnectionLimits limits);
  ~HttpServer() override;
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  // Binds and listens; port 0 picks a free one. Returns the port, or 0 when the address
  // cannot be bound (in use, not this machine's).
  int bind_and_listen(const std::string& host, int port);
  // Serves until stop(); returns false when there was no socket to serve.
  bool serve();
  // From any thread: serve() returns once the requests being answered are done.
  void stop();

  // Answers the bytes of one connection held in memory, request by request (at most
  // max_requests) through the same strict reader, and returns what was written back. No
  // socket and no deadlines: for the fuzzer.
  std::string answer(std::string_view connection_bytes, int max_requests);

  // Answers one request already read whole (head checked, body complete) from `stream`.
  // Returns whether the connection may carry another request. Used by the workers.
  bool answer_one(RequestStream& stream, bool last);

  const ConnectionLimits& limits() const { return limits_; }

 private:
  struct Loop;
  ConnectionLimits limits_;
  int listen_fd_ = -1;
  int wake_fd_ = -1;
  std::atomic<bool> stopping_{false};
};

}  // namespace lectio::web
