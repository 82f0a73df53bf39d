#include "connection.h"

#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include "connection_streams.h"
#include "request_head.h"

namespace lectio::web {

namespace {

// The library answers Range itself only by its own rules, which RFC 9110 does not hold to
// (lengths past the end, overlapping parts, doubled headers on a 416): the file routes read
// the Range header themselves (byte_range.h), so the library is never given ranges.
void take_ranges(httplib::Request& req) {
  req.ranges.clear();
}

int listening_socket(const std::string& host, int port, int backlog) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
  addrinfo* found = nullptr;
  const std::string service = std::to_string(port);
  if (::getaddrinfo(host.c_str(), service.c_str(), &hints, &found) != 0) return -1;
  int fd = -1;
  for (addrinfo* a = found; a != nullptr && fd < 0; a = a->ai_next) {
    fd = ::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK, a->ai_protocol);
    if (fd < 0) continue;
    // SO_REUSEADDR only: with SO_REUSEPORT a second server on a port in use would start and
    // silently share it.
    int yes = 1;
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    // Headers and body go out in separate writes; without this each answer waits for the
    // client's delayed ACK (about 40 ms). Accepted sockets inherit it.
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &yes, sizeof yes);
    if (::bind(fd, a->ai_addr, a->ai_addrlen) != 0 || ::listen(fd, backlog) != 0) {
      ::close(fd);
      fd = -1;
    }
  }
  ::freeaddrinfo(found);
  return fd;
}

int bound_port(int fd) {
  sockaddr_storage addr{};
  socklen_t len = sizeof addr;
  if (::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len) != 0) return 0;
  if (addr.ss_family == AF_INET) return ntohs(reinterpret_cast<sockaddr_in*>(&addr)->sin_port);
  return ntohs(reinterpret_cast<sockaddr_in6*>(&addr)->sin6_port);
}

}  // namespace

HttpServer::HttpServer(ConnectionLimits limits) : limits_(limits) {
  wake_fd_ = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
}

HttpServer::~HttpServer() {
  if (listen_fd_ >= 0) ::close(listen_fd_);
  if (wake_fd_ >= 0) ::close(wake_fd_);
}

int HttpServer::bind_and_listen(const std::string& host, int port) {
  listen_fd_ = listening_socket(host, port, limits_.backlog);
  if (listen_fd_ < 0) return 0;
  // The library writes a streamed answer (a content provider: media files) only while its
  // protected svr_sock_ is valid, which it reads as "not shutting down".
  svr_sock_ = listen_fd_;
  return bound_port(listen_fd_);
}

void HttpServer::stop() {
  stopping_ = true;
  svr_sock_ = INVALID_SOCKET;  // streamed answers stop (see bind_and_listen)
  const std::uint64_t one = 1;
  if (wake_fd_ >= 0) [[maybe_unused]]
    const auto n = ::write(wake_fd_, &one, sizeof one);
}

bool HttpServer::answer_one(RequestStream& stream, bool last) {
  bool closed = false;
  const bool ok = process_request(stream, last, closed, take_ranges);
  // After a 400 the client and the server may disagree on where the next request starts.
  return ok && !closed && !last && stream.status() != 400;
}

std::string HttpServer::answer(std::string_view bytes, int max_requests) {
  std::string out;
  for (int i = 0; i < max_requests; ++i) {
    while (bytes.size() >= 2 && bytes.substr(0, 2) == "\r\n") bytes.remove_prefix(2);
    if (bytes.empty()) break;
    const std::size_t end = find_head_end(bytes);
    if (end == std::string_view::npos || end > limits_.max_head_bytes) {
      if (bytes.size() > limits_.max_head_bytes) out += refusal(431, "the head is too large");
      break;
    }
    const RequestHead head = read_request_head(bytes.substr(0, end), limits_.max_body_bytes);
    if (head.status != 0) {
      out += refusal(head.status, head.reason);
      break;
    }
    bytes.remove_prefix(end);
    if (bytes.size() < head.content_length) {
      out += refusal(408, "the body ended early");
      break;
    }
    const std::string request = head.normalized + std::string(bytes.substr(0, head.content_length));
    bytes.remove_prefix(head.content_length);
    MemoryStream stream(request, out);
    if (!answer_one(stream, false)) break;
  }
  return out;
}

}  // namespace lectio::web
