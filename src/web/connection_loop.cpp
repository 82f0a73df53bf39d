// The reader thread of HttpServer (connection.h): one poll() over the listening socket, a wake
// descriptor and every connection not with a worker; a fixed set of workers behind a bounded
// queue of whole requests.
#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <vector>

#include "connection.h"
#include "connection_streams.h"
#include "request_head.h"

namespace lectio::web {

namespace {

using Clock = std::chrono::steady_clock;

enum class Phase { kIdle, kHead, kBody, kBusy, kClosing };

struct Conn {
  int fd = -1;
  std::string ip;
  int port = 0;
  Phase phase = Phase::kIdle;
  std::string in;  // read, not yet handed on
  RequestHead head;
  Clock::time_point started;   // the request's first byte
  Clock::time_point deadline;  // of the phase
  Clock::time_point last_read;
  std::size_t served = 0;
  std::size_t discarded = 0;  // read after a refusal
};

// What a refused client may still send before the connection is closed regardless.
constexpr std::size_t kMaxDiscarded = 1u << 20;

struct Job {
  int fd;
  std::string ip;
  int port;
  std::string request;
  bool last;
};

struct Done {
  int fd;
  bool keep;
};

void send_now(int fd, const std::string& bytes) {
  [[maybe_unused]] const auto n = ::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL);
}

std::pair<std::string, int> peer_of(const sockaddr_storage& addr, socklen_t len) {
  char host[NI_MAXHOST] = "";
  char serv[NI_MAXSERV] = "";
  if (getnameinfo(reinterpret_cast<const sockaddr*>(&addr), len, host, sizeof host, serv,
                  sizeof serv, NI_NUMERICHOST | NI_NUMERICSERV) != 0) {
    return {"", 0};
  }
  return {host, std::atoi(serv)};
}

}  // namespace

struct HttpServer::Loop {
  explicit Loop(HttpServer& server) : server_(server), limits_(server.limits_) {
    for (int i = 0; i < limits_.workers; ++i) threads_.emplace_back([this] { work(); });
  }

  ~Loop() {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    wake_workers_.notify_all();
    for (auto& t : threads_) t.join();
    for (auto& [fd, conn] : conns_) ::close(fd);
  }

  void run() {
    std::vector<pollfd> polled;
    std::vector<int> fds;
    while (!server_.stopping_) {
      polled.clear();
      fds.clear();
      polled.push_back({server_.listen_fd_, POLLIN, 0});
      polled.push_back({server_.wake_fd_, POLLIN, 0});
      auto next = Clock::now() + std::chrono::seconds(1);
      for (auto& [fd, conn] : conns_) {
        if (conn.phase == Phase::kBusy) continue;
        polled.push_back({fd, POLLIN, 0});
        fds.push_back(fd);
        next = std::min(next, conn.deadline);
      }
      const auto wait = std::chrono::duration_cast<std::chrono::milliseconds>(next - Clock::now());
      const int r = ::poll(polled.data(), polled.size(),
                           static_cast<int>(std::clamp<long long>(wait.count() + 1, 0, 1000)));
      if (r < 0 && errno != EINTR) return;
      if (polled[1].revents != 0) take_done();
      if (polled[0].revents != 0) accept_all();
      for (std::size_t i = 2; i < polled.size(); ++i) {
        if (polled[i].revents != 0) readable(fds[i - 2]);
      }
      expire();
    }
  }

 private:
  // ---- the reader's side ----

  void accept_all() {
    for (int i = 0; i < 256; ++i) {
      sockaddr_storage addr{};
      socklen_t len = sizeof addr;
      const int fd = ::accept4(server_.listen_fd_, reinterpret_cast<sockaddr*>(&addr), &len,
                               SOCK_NONBLOCK | SOCK_CLOEXEC);
      if (fd < 0) return;
      auto [ip, port] = peer_of(addr, len);
      int& from_address = per_address_[ip];
      if (static_cast<int>(conns_.size()) >= limits_.max_connections ||
          from_address >= limits_.max_per_address) {
        static const std::string busy = refusal(503, "server busy");
        send_now(fd, busy);
        ::close(fd);
        if (from_address == 0) per_address_.erase(ip);
        continue;
      }
      ++from_address;
      Conn& c = conns_[fd];
      c.fd = fd;
      c.ip = std::move(ip);
      c.port = port;
      idle(c);
    }
  }

  void idle(Conn& c) {
    c.phase = Phase::kIdle;
    c.deadline = Clock::now() + limits_.keep_alive;
  }

  void readable(int fd) {
    Conn& c = conns_.at(fd);
    char buf[64 * 1024];
    while (c.phase != Phase::kBusy) {
      std::size_t want = sizeof buf;
      if (c.phase == Phase::kBody) want = std::min(want, c.head.content_length - c.in.size());
      const ssize_t n = ::recv(fd, buf, std::max<std::size_t>(want, 1), 0);
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return close(c);       // the client left (or reset)
      if (c.phase == Phase::kClosing) {  // what a refused client still sends: dropped
        c.discarded += static_cast<std::size_t>(n);
        if (c.discarded > kMaxDiscarded) return close(c);
        continue;
      }
      c.last_read = Clock::now();
      c.in.append(buf, static_cast<std::size_t>(n));
      if (!advance(c)) return;
    }
  }

  // Moves a connection on with what it has read; false once it is closed or refused.
  bool advance(Conn& c) {
    const auto now = Clock::now();
    if (c.phase == Phase::kIdle) {
      // RFC 9112 §2.2: empty lines before a request line are ignored.
      const std::size_t start = c.in.find_first_not_of("\r\n");
      c.in.erase(0, start == std::string::npos ? c.in.size() : start);
      if (c.in.empty()) return true;
      c.phase = Phase::kHead;
      c.started = now;
      c.deadline = now + limits_.head_timeout;
    }
    if (c.phase == Phase::kHead) {
      const std::size_t end = find_head_end(c.in);
      if (end == std::string::npos) {
        if (c.in.size() > limits_.max_head_bytes) return refuse(c, 431, "the head is too large");
        return true;
      }
      if (end > limits_.max_head_bytes) return refuse(c, 431, "the head is too large");
      c.head = read_request_head(std::string_view(c.in).substr(0, end), limits_.max_body_bytes);
      if (c.head.status != 0) return refuse(c, c.head.status, c.head.reason);
      c.in.erase(0, end);
      c.phase = Phase::kBody;
      const auto rate = std::chrono::seconds(c.head.content_length / limits_.min_body_rate);
      c.deadline = std::min(now + limits_.body_grace + rate, c.started + limits_.request_timeout);
      if (c.head.expect_continue && c.in.size() < c.head.content_length) {
        send_now(c.fd, "HTTP/1.1 100 Continue\r\n\r\n");
      }
    }
    if (c.phase == Phase::kBody && c.in.size() >= c.head.content_length) return dispatch(c);
    return true;
  }

  bool dispatch(Conn& c) {
    Job job{c.fd, c.ip, c.port, c.head.normalized + c.in.substr(0, c.head.content_length),
            ++c.served >= limits_.keep_alive_max};
    c.in.erase(0, c.head.content_length);
    c.head = RequestHead{};
    bool queued = false;
    {
      std::lock_guard lock(mutex_);
      queued = jobs_.size() < static_cast<std::size_t>(limits_.max_waiting);
      if (queued) jobs_.push_back(std::move(job));
    }
    if (!queued) return refuse(c, 503, "server busy");
    c.phase = Phase::kBusy;
    wake_workers_.notify_one();
    return false;
  }

  // Answers a request the library never sees, then closes: the connection's bytes after a
  // refused head cannot be trusted to start a request.
  bool refuse(Conn& c, int status, const std::string& reason) {
    send_now(c.fd, refusal(status, reason));
    ::shutdown(c.fd, SHUT_WR);
    // Read what the client still sends for a moment before closing, so that our answer is
    // not lost to a reset.
    c.phase = Phase::kClosing;
    c.in.clear();
    c.deadline = Clock::now() + std::chrono::seconds(1);
    return false;
  }

  void expire() {
    const auto now = Clock::now();
    std::vector<int> due;
    for (auto& [fd, c] : conns_) {
      if (c.phase == Phase::kBusy) continue;
      const bool idle_body = c.phase == Phase::kBody && now >= c.last_read + limits_.read_timeout;
      if (now >= c.deadline || idle_body) due.push_back(fd);
    }
    for (const int fd : due) {
      Conn& c = conns_.at(fd);
      if (c.phase == Phase::kHead || c.phase == Phase::kBody) {
        refuse(c, 408,
               c.phase == Phase::kHead ? "the request's head took too long"
                                       : "the request's body came too slowly");
      } else {
        close(c);
      }
    }
  }

  void close(Conn& c) {
    const int fd = c.fd;
    auto it = per_address_.find(c.ip);
    if (it != per_address_.end() && --it->second <= 0) per_address_.erase(it);
    ::close(fd);
    conns_.erase(fd);
  }

  void take_done() {
    std::uint64_t count = 0;
    [[maybe_unused]] const auto n = ::read(server_.wake_fd_, &count, sizeof count);
    std::vector<Done> done;
    {
      std::lock_guard lock(mutex_);
      done.swap(done_);
    }
    for (const Done& d : done) {
      Conn& c = conns_.at(d.fd);
      if (!d.keep) {
        close(c);
        continue;
      }
      idle(c);
      if (!c.in.empty()) advance(c);
    }
  }

  // ---- the workers' side ----

  void work() {
    for (;;) {
      Job job;
      {
        std::unique_lock lock(mutex_);
        wake_workers_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
        if (jobs_.empty()) return;
        job = std::move(jobs_.front());
        jobs_.pop_front();
      }
      SocketStream stream(
          job.fd, job.request, job.ip, job.port,
          std::chrono::duration_cast<std::chrono::milliseconds>(limits_.write_timeout));
      const bool keep = server_.answer_one(stream, job.last || server_.stopping_.load());
      {
        std::lock_guard lock(mutex_);
        done_.push_back({job.fd, keep});
      }
      const std::uint64_t one = 1;
      [[maybe_unused]] const auto n = ::write(server_.wake_fd_, &one, sizeof one);
    }
  }

  HttpServer& server_;
  const ConnectionLimits& limits_;
  std::unordered_map<int, Conn> conns_;
  std::unordered_map<std::string, int> per_address_;

  std::mutex mutex_;  // guards jobs_, done_, stopping_
  std::condition_variable wake_workers_;
  std::deque<Job> jobs_;
  std::vector<Done> done_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

bool HttpServer::serve() {
  if (listen_fd_ < 0) return false;
  {
    Loop loop(*this);
    loop.run();
  }  // the workers finish what they answer, then every connection is closed
  return true;
}

}  // namespace lectio::web
