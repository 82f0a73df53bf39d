#include "connection.h"

#include <arpa/inet.h>
#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace lectio::web {

namespace {

using Clock = std::chrono::steady_clock;

constexpr std::size_t kMaxRanges = 8;  // ranges in one Range header

// Set while the accepting thread runs a connection that found every worker busy and the
// queue full: process_and_close_socket then only answers 503.
thread_local bool t_turn_away = false;

// A fixed set of workers and a bounded queue. A connection over the bound is handed back to
// the accepting thread, marked to be turned away, instead of waiting without limit.
class BoundedPool : public httplib::TaskQueue {
 public:
  BoundedPool(int workers, int max_waiting) : max_waiting_(static_cast<std::size_t>(max_waiting)) {
    for (int i = 0; i < workers; ++i) threads_.emplace_back([this] { work(); });
  }
  ~BoundedPool() override = default;

  void enqueue(std::function<void()> fn) override {
    {
      std::lock_guard lock(mutex_);
      if (jobs_.size() < max_waiting_) {
        jobs_.push_back(std::move(fn));
        wake_.notify_one();
        return;
      }
    }
    t_turn_away = true;
    fn();
    t_turn_away = false;
  }

  void shutdown() override {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    wake_.notify_all();
    for (auto& t : threads_) t.join();
  }

 private:
  void work() {
    for (;;) {
      std::function<void()> fn;
      {
        std::unique_lock lock(mutex_);
        wake_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
        if (jobs_.empty()) return;  // stopping, and nothing left to serve
        fn = std::move(jobs_.front());
        jobs_.pop_front();
      }
      fn();
    }
  }

  const std::size_t max_waiting_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> jobs_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

int millis_until(Clock::time_point deadline, std::chrono::milliseconds cap) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
  return static_cast<int>(std::clamp(left, std::chrono::milliseconds(0), cap).count());
}

// A client socket with the library's per-read timeout plus the request deadlines and the
// head-size cap. A read past a limit fails, which the library answers 400 (a request cut
// short) or by closing the connection.
class GuardedStream : public httplib::Stream {
 public:
  GuardedStream(socket_t sock, const ConnectionLimits& limits, std::chrono::seconds read_timeout,
                std::chrono::seconds write_timeout)
      : sock_(sock), limits_(limits), read_timeout_(read_timeout), write_timeout_(write_timeout) {}

  // Called before each request of the connection: its clocks start at its first byte.
  void next_request() {
    in_head_ = true;
    head_bytes_ = 0;
    crlf_ = 0;
    started_ = false;
  }

  bool is_readable() const override { return buffered() || wait(POLLIN, read_timeout_); }
  // Writes have the write timeout only: a slow download is not a slow request.
  bool buffered() const { return start_ < end_; }
  bool is_writable() const override { return wait(POLLOUT, write_timeout_); }

  // Whether a read failed on a limit (a deadline, the head's size): the connection ends.
  bool limit_hit() const { return limit_hit_; }

  ssize_t read(char* ptr, size_t size) override {
    if (start_ == end_ && !fill()) return -1;
    std::size_t n = std::min(size, end_ - start_);
    if (in_head_) n = count_head(n);
    if (n == 0) {
      limit_hit_ = true;
      return -1;
    }
    std::copy_n(buffer_ + start_, n, ptr);
    start_ += n;
    return static_cast<ssize_t>(n);
  }

  ssize_t write(const char* ptr, size_t size) override {
    if (!wait(POLLOUT, write_timeout_)) return -1;
    return ::send(sock_, ptr, size, MSG_NOSIGNAL);
  }

  void get_remote_ip_and_port(std::string& ip, int& port) const override {
    address_of(&getpeername, ip, port);
  }
  void get_local_ip_and_port(std::string& ip, int& port) const override {
    address_of(&getsockname, ip, port);
  }
  socket_t socket() const override { return sock_; }

 private:
  using NameFn = int (*)(int, sockaddr*, socklen_t*);

  void address_of(NameFn fn, std::string& ip, int& port) const {
    sockaddr_storage addr{};
    socklen_t len = sizeof addr;
    char host[NI_MAXHOST] = "";
    char serv[NI_MAXSERV] = "";
    if (fn(sock_, reinterpret_cast<sockaddr*>(&addr), &len) == 0 &&
        getnameinfo(reinterpret_cast<sockaddr*>(&addr), len, host, sizeof host, serv, sizeof serv,
                    NI_NUMERICHOST | NI_NUMERICSERV) == 0) {
      ip = host;
      port = std::atoi(serv);
    }
  }

  // Waits for the socket, no longer than `timeout` nor, reading, past the request's deadline.
  bool wait(short events, std::chrono::milliseconds timeout) const {
    if (started_ && events == POLLIN) {
      const auto deadline = in_head_ ? head_deadline_ : request_deadline_;
      timeout = std::chrono::milliseconds(millis_until(deadline, timeout));
      if (timeout.count() == 0) {
        limit_hit_ = true;
        return false;
      }
    }
    pollfd p{sock_, events, 0};
    int r;
    do {
      r = ::poll(&p, 1, static_cast<int>(timeout.count()));
    } while (r < 0 && errno == EINTR);
    return r > 0 && (p.revents & (events | POLLHUP | POLLERR)) != 0;
  }

  bool fill() {
    if (!wait(POLLIN, read_timeout_)) return false;
    ssize_t n;
    do {
      n = ::recv(sock_, buffer_, sizeof buffer_, 0);
    } while (n < 0 && errno == EINTR);
    if (n <= 0) return false;
    if (!started_) {
      started_ = true;
      head_deadline_ = Clock::now() + limits_.head_timeout;
      request_deadline_ = Clock::now() + limits_.request_timeout;
    }
    start_ = 0;
    end_ = static_cast<std::size_t>(n);
    return true;
  }

  // How many of the next n buffered bytes the head may still take; ends the head at the
  // blank line. 0 when the head is over its cap.
  std::size_t count_head(std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
      const char c = buffer_[start_ + i];
      crlf_ = (c == '\n') ? crlf_ + 1 : (c == '\r' ? crlf_ : 0);
      if (++head_bytes_ > limits_.max_head_bytes) return i;
      if (crlf_ == 2) {
        in_head_ = false;
        return i + 1;
      }
    }
    return n;
  }

  socket_t sock_;
  const ConnectionLimits& limits_;
  std::chrono::milliseconds read_timeout_;
  std::chrono::milliseconds write_timeout_;
  char buffer_[4096];
  std::size_t start_ = 0;
  std::size_t end_ = 0;
  bool in_head_ = true;
  bool started_ = false;
  mutable bool limit_hit_ = false;
  std::size_t head_bytes_ = 0;
  int crlf_ = 0;  // line feeds in a row, ignoring carriage returns
  Clock::time_point head_deadline_;
  Clock::time_point request_deadline_;
};

// One connection's bytes held in memory: reads drain `in`, writes append to `out`.
class MemoryStream : public httplib::Stream {
 public:
  explicit MemoryStream(std::string_view in) : in_(in) {}
  bool is_readable() const override { return !in_.empty(); }
  bool is_writable() const override { return true; }
  ssize_t read(char* ptr, size_t size) override {
    const size_t n = std::min(size, in_.size());
    std::copy_n(in_.data(), n, ptr);
    in_.remove_prefix(n);
    return static_cast<ssize_t>(n);
  }
  ssize_t write(const char* ptr, size_t size) override {
    out_.append(ptr, size);
    return static_cast<ssize_t>(size);
  }
  void get_remote_ip_and_port(std::string& ip, int& port) const override {
    ip = "127.0.0.1";
    port = 40000;
  }
  void get_local_ip_and_port(std::string& ip, int& port) const override {
    ip = "127.0.0.1";
    port = 8080;
  }
  socket_t socket() const override { return INVALID_SOCKET; }
  bool empty() const { return in_.empty(); }
  std::string take_output() { return std::move(out_); }

 private:
  std::string_view in_;
  std::string out_;
};

// Each range is a copy of its bytes in the answer, so a Range header of hundreds would
// multiply a file (or an error body) hundreds of times. Past the limit the header is ignored,
// as RFC 9110 allows, and the whole file is sent once.
void limit_ranges(httplib::Request& req) {
  if (req.ranges.size() > kMaxRanges) req.ranges.clear();
}

// The whole answer to a connection turned away, sent without waiting.
std::string busy_response() {
  const std::string body = R"({"error":{"status":503,"code":"busy","message":"server busy"}})";
  return "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n"
         "Retry-After: 1\r\nConnection: close\r\nContent-Length: " +
         std::to_string(body.size()) + "\r\n\r\n" + body;
}

}  // namespace

HttpServer::HttpServer(ConnectionLimits limits) : limits_(limits) {
  new_task_queue = [this] { return new BoundedPool(limits_.workers, limits_.max_waiting); };
}

void HttpServer::widen_backlog() {
  if (svr_sock_ != INVALID_SOCKET) ::listen(svr_sock_, limits_.backlog);
}

bool HttpServer::process_and_close_socket(socket_t sock) {
  bool ok = false;
  if (t_turn_away) {
    static const std::string busy = busy_response();
    ::send(sock, busy.data(), busy.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
  } else {
    GuardedStream stream(sock, limits_, std::chrono::seconds(read_timeout_sec_),
                         std::chrono::seconds(write_timeout_sec_));
    // The library's keep-alive loop: wait for the next request no longer than the keep-alive
    // timeout, and close after keep_alive_max_count_ requests.
    for (std::size_t count = keep_alive_max_count_; count > 0 && svr_sock_ != INVALID_SOCKET;
         --count) {
      pollfd p{sock, POLLIN, 0};
      if (!stream.buffered() &&
          ::poll(&p, 1, static_cast<int>(keep_alive_timeout_sec_ * 1000)) <= 0) {
        break;
      }
      stream.next_request();
      bool closed = false;
      ok = process_request(stream, count == 1, closed, limit_ranges);
      if (!ok || closed || stream.limit_hit()) break;
    }
  }
  ::shutdown(sock, SHUT_RDWR);
  ::close(sock);
  return ok;
}

std::string HttpServer::answer(std::string_view connection_bytes, int max_requests) {
  MemoryStream stream(connection_bytes);
  bool closed = false;
  for (int i = 0; i < max_requests && !closed && !stream.empty(); ++i) {
    if (!process_request(stream, false, closed, limit_ranges)) break;
  }
  return stream.take_output();
}

}  // namespace lectio::web
