#include "connection_streams.h"

#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>

#include <algorithm>
#include <cerrno>
#include <nlohmann/json.hpp>

namespace lectio::web {

ssize_t RequestStream::read(char* ptr, size_t size) {
  const size_t n = std::min(size, in_.size());
  std::copy_n(in_.data(), n, ptr);
  in_.remove_prefix(n);
  return static_cast<ssize_t>(n);
}

ssize_t RequestStream::write(const char* ptr, size_t size) {
  if (status_ == 0 && status_line_.size() < 12) {
    status_line_.append(ptr, std::min<size_t>(size, 12 - status_line_.size()));
    if (status_line_.size() == 12 && status_line_.rfind("HTTP/1.1 ", 0) == 0) {
      status_ = std::atoi(status_line_.c_str() + 9);
    }
  }
  return send(ptr, size);
}

bool SocketStream::is_writable() const {
  pollfd p{fd_, POLLOUT, 0};
  int r;
  do {
    r = ::poll(&p, 1, static_cast<int>(write_timeout_.count()));
  } while (r < 0 && errno == EINTR);
  return r > 0 && (p.revents & POLLOUT) != 0;
}

ssize_t SocketStream::send(const char* ptr, size_t size) {
  if (!is_writable()) return -1;
  ssize_t n;
  do {
    n = ::send(fd_, ptr, size, MSG_NOSIGNAL);
  } while (n < 0 && errno == EINTR);
  if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return 0;
  return n;
}

void SocketStream::get_remote_ip_and_port(std::string& ip, int& port) const {
  ip = ip_;
  port = port_;
}

void SocketStream::get_local_ip_and_port(std::string& ip, int& port) const {
  sockaddr_storage addr{};
  socklen_t len = sizeof addr;
  char host[NI_MAXHOST] = "";
  char serv[NI_MAXSERV] = "";
  if (::getsockname(fd_, reinterpret_cast<sockaddr*>(&addr), &len) == 0 &&
      getnameinfo(reinterpret_cast<sockaddr*>(&addr), len, host, sizeof host, serv, sizeof serv,
                  NI_NUMERICHOST | NI_NUMERICSERV) == 0) {
    ip = host;
    port = std::atoi(serv);
  }
}

std::string refusal(int status, const std::string& reason) {
  const char* code = status == 408   ? "timeout"
                     : status == 411 ? "length_required"
                     : status == 413 ? "too_large"
                     : status == 431 ? "head_too_large"
                     : status == 503 ? "busy"
                                     : "bad_request";
  const std::string body =
      nlohmann::json{{"error", {{"status", status}, {"code", code}, {"message", reason}}}}.dump();
  const char* text = status == 408   ? "Request Timeout"
                     : status == 411 ? "Length Required"
                     : status == 413 ? "Payload Too Large"
                     : status == 417 ? "Expectation Failed"
                     : status == 431 ? "Request Header Fields Too Large"
                     : status == 503 ? "Service Unavailable"
                     : status == 505 ? "HTTP Version Not Supported"
                                     : "Bad Request";
  std::string out = "HTTP/1.1 " + std::to_string(status) + " " + text +
                    "\r\nContent-Type: application/json\r\nX-Content-Type-Options: nosniff\r\n"
                    "Cache-Control: no-store\r\nConnection: close\r\n";
  if (status == 503) out += "Retry-After: 1\r\n";
  out += "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
  return out;
}

}  // namespace lectio::web
