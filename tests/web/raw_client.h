#pragma once
// A raw client socket for the tests that speak HTTP byte by byte (limits, hostile clients).
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdint>
#include <string>

namespace lectio::web::testing {

// A client socket to the test server; closed on destruction.
class RawClient {
 public:
  // from: the client's own loopback address (127.0.0.2 is another client to the server).
  explicit RawClient(int port, bool blocking = true, const char* from = nullptr) {
    fd_ = ::socket(AF_INET, SOCK_STREAM | (blocking ? 0 : SOCK_NONBLOCK), 0);
    if (from != nullptr) {
      sockaddr_in self{};
      self.sin_family = AF_INET;
      inet_pton(AF_INET, from, &self.sin_addr);
      ::bind(fd_, reinterpret_cast<sockaddr*>(&self), sizeof self);
    }
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<std::uint16_t>(port));
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    connected_ = ::connect(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0 ||
                 errno == EINPROGRESS;
  }
  ~RawClient() {
    if (fd_ >= 0) ::close(fd_);
  }
  RawClient(const RawClient&) = delete;
  RawClient& operator=(const RawClient&) = delete;

  bool connected() const { return connected_; }
  bool send(const std::string& bytes) {
    return ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL) ==
           static_cast<ssize_t>(bytes.size());
  }
  // Everything the server sends until it closes the connection or `timeout` passes.
  std::string read_all(std::chrono::milliseconds timeout) {
    std::string out;
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < deadline) {
      pollfd p{fd_, POLLIN, 0};
      if (::poll(&p, 1, 50) <= 0) continue;
      char buf[65536];
      const ssize_t n = ::recv(fd_, buf, sizeof buf, 0);
      if (n <= 0) {
        closed_ = true;
        break;
      }
      out.append(buf, static_cast<std::size_t>(n));
    }
    return out;
  }
  // What has arrived so far, without waiting; notes when the server has closed.
  std::string drain() {
    std::string out;
    char buf[4096];
    while (!closed_) {
      const ssize_t n = ::recv(fd_, buf, sizeof buf, MSG_DONTWAIT);
      if (n > 0) {
        out.append(buf, static_cast<std::size_t>(n));
        continue;
      }
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
      closed_ = true;  // end of file, or the connection was refused or reset
    }
    return out;
  }
  // Whether the server has closed its side (reads return end of file or an error).
  bool closed_by_server() {
    if (closed_) return true;
    pollfd p{fd_, POLLIN, 0};
    if (::poll(&p, 1, 0) <= 0) return false;
    char buf[4096];
    const ssize_t n = ::recv(fd_, buf, sizeof buf, MSG_DONTWAIT);
    closed_ = n <= 0;
    return closed_;
  }

 private:
  int fd_ = -1;
  bool connected_ = false;
  bool closed_ = false;
};

// The status code of a raw answer; 0 when it is not an HTTP/1.1 answer.
inline int status_of(const std::string& response) {
  if (response.rfind("HTTP/1.1 ", 0) != 0 || response.size() < 12) return 0;
  return std::stoi(response.substr(9, 3));
}

}  // namespace lectio::web::testing
