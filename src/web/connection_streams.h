#pragma once
// The streams the HTTP library reads one checked request from and writes its answer to: a
// socket (the workers) or memory (the fuzzer). Both read only the bytes of the one request
// they were given, so the library cannot read past it, and both note the status the answer
// began with. Private to the web module.
#include <httplib.h>

#include <chrono>
#include <string>
#include <string_view>

namespace lectio::web {

class RequestStream : public httplib::Stream {
 public:
  explicit RequestStream(std::string_view request) : in_(request) {}

  bool is_readable() const override { return !in_.empty(); }
  ssize_t read(char* ptr, size_t size) override;
  ssize_t write(const char* ptr, size_t size) override;
  // No descriptor for the library: it would check it against select()'s FD_SETSIZE.
  socket_t socket() const override { return INVALID_SOCKET; }

  // The status line's code of what was written, 0 before anything was.
  int status() const { return status_; }

 protected:
  virtual ssize_t send(const char* ptr, size_t size) = 0;

 private:
  std::string_view in_;
  std::string status_line_;
  int status_ = 0;
};

// Writes to a client's socket (non-blocking), waiting at most write_timeout for each write.
class SocketStream final : public RequestStream {
 public:
  SocketStream(int fd, std::string_view request, std::string ip, int port,
               std::chrono::milliseconds write_timeout)
      : RequestStream(request),
        fd_(fd),
        ip_(std::move(ip)),
        port_(port),
        write_timeout_(write_timeout) {}
  bool is_writable() const override;
  void get_remote_ip_and_port(std::string& ip, int& port) const override;
  void get_local_ip_and_port(std::string& ip, int& port) const override;

 private:
  ssize_t send(const char* ptr, size_t size) override;

  int fd_;
  std::string ip_;
  int port_;
  std::chrono::milliseconds write_timeout_;
};

// Appends what is written to a string.
class MemoryStream final : public RequestStream {
 public:
  MemoryStream(std::string_view request, std::string& out) : RequestStream(request), out_(out) {}
  bool is_writable() const override { return true; }
  void get_remote_ip_and_port(std::string& ip, int& port) const override {
    ip = "127.0.0.1";
    port = 40000;
  }
  void get_local_ip_and_port(std::string& ip, int& port) const override {
    ip = "127.0.0.1";
    port = 8080;
  }

 private:
  ssize_t send(const char* ptr, size_t size) override {
    out_.append(ptr, size);
    return static_cast<ssize_t>(size);
  }
  std::string& out_;
};

// A whole answer refusing a request before the library saw it, with Connection: close.
std::string refusal(int status, const std::string& reason);

}  // namespace lectio::web
