// The server's explicit limits against abusive clients, over raw loopback sockets: a client
// sending its headers a byte at a time is cut off at the head deadline, an oversized head is
// refused, connections past the workers and the waiting queue are turned away with a 503
// rather than queued without bound, and malformed or excessive Range headers never cost more
// than the file. After each, the server still answers.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "web/raw_client.h"
#include "web/web_fixture.h"

namespace lectio::web {
namespace {

using Clock = std::chrono::steady_clock;
using testing::RawClient;
using testing::status_of;
using testing::WebTest;

std::string get_request(const std::string& path, const std::string& extra = "") {
  return "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n" + extra + "\r\n";
}

class WebLimitsTest : public WebTest {
 protected:
  void serve_with(int workers, int waiting) {
    ServerOptions o = options();
    o.threads = workers;
    o.max_waiting_connections = waiting;
    o.head_timeout_seconds = 2;
    o.read_timeout_seconds = 10;
    restart(o);
  }
  // The server still answers a plain request.
  void expect_serving() {
    RawClient c(port());
    ASSERT_TRUE(c.send(get_request("/static/app.css")));
    EXPECT_EQ(status_of(c.read_all(std::chrono::seconds(30))), 200);
  }
};

TEST_F(WebLimitsTest, AHeaderSentAByteAtATimeIsCutOffAtTheHeadDeadline) {
  serve_with(1, 16);  // one worker: the slow client holds it while it lasts
  RawClient slow(port());
  ASSERT_TRUE(slow.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"));
  const auto start = Clock::now();
  // A byte every 100 ms is well inside the 10 s read timeout: only the 2 s head deadline ends
  // it. Sent for at most 15 s.
  bool cut = false;
  for (int i = 0; i < 150 && !cut; ++i) {
    slow.send("x");
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    cut = slow.closed_by_server();
  }
  EXPECT_TRUE(cut) << "the server still reads a head after "
                   << std::chrono::duration_cast<std::chrono::seconds>(Clock::now() - start).count()
                   << " s";
  expect_serving();
}

TEST_F(WebLimitsTest, AnOversizedHeadIsRefusedAndTheServerGoesOn) {
  serve_with(2, 16);
  {
    // Many header lines, each under the library's 8 KB line limit, 64 KB in all.
    RawClient c(port());
    std::string head = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n";
    for (int i = 0; i < 16; ++i)
      head += "X-Filler-" + std::to_string(i) + ": " + std::string(4000, 'a') + "\r\n";
    c.send(head + "\r\n");
    const std::string answer = c.read_all(std::chrono::seconds(10));
    EXPECT_TRUE(answer.empty() || status_of(answer) == 400 || status_of(answer) == 431)
        << answer.substr(0, 200);
    EXPECT_TRUE(c.closed_by_server());
  }
  {
    // One line over the limit.
    RawClient c(port());
    c.send("GET /?q=" + std::string(40000, 'b') + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    const std::string answer = c.read_all(std::chrono::seconds(10));
    EXPECT_TRUE(answer.empty() || status_of(answer) / 100 == 4) << answer.substr(0, 200);
  }
  expect_serving();
}

TEST_F(WebLimitsTest, ThousandsOfIdleConnectionsAreTurnedAwayNotQueued) {
  rlimit files{};
  getrlimit(RLIMIT_NOFILE, &files);
  files.rlim_cur = std::min<rlim_t>(files.rlim_max, 8192);
  setrlimit(RLIMIT_NOFILE, &files);
  ASSERT_GE(files.rlim_cur, 3000u) << "the test needs 3000 descriptors";
  serve_with(4, 32);
  std::vector<std::unique_ptr<RawClient>> idle;
  for (int i = 0; i < 2000; ++i) {
    idle.push_back(std::make_unique<RawClient>(port(), /*blocking=*/false));
    ASSERT_TRUE(idle.back()->connected()) << i;
  }
  // While they are open the server still answers (a 503 while the queue is full is an
  // answer too) ...
  bool answered = false;
  for (int i = 0; i < 30 && !answered; ++i) {
    RawClient c(port());
    c.send(get_request("/static/app.css"));
    answered = status_of(c.read_all(std::chrono::seconds(10))) / 100 == 2;
    if (!answered) std::this_thread::sleep_for(std::chrono::milliseconds(500));
  }
  EXPECT_TRUE(answered) << "no 200 while 2000 connections idled";
  // ... and none of them is kept: those over 4 workers + 32 waiting get a 503 at once, the
  // rest are closed by the 2 s keep-alive timeout.
  int busy = 0;
  int closed = 0;
  const auto deadline = Clock::now() + std::chrono::seconds(90);
  std::vector<bool> done(idle.size(), false);
  while (closed < static_cast<int>(idle.size()) && Clock::now() < deadline) {
    for (std::size_t i = 0; i < idle.size(); ++i) {
      if (done[i]) continue;
      const std::string answer = idle[i]->drain();
      busy += status_of(answer) == 503;
      if (idle[i]->closed_by_server()) {
        done[i] = true;
        ++closed;
      }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_GT(busy, 1000) << "connections over the bound were queued";
  EXPECT_EQ(closed, 2000);
  idle.clear();
  expect_serving();
}

TEST_F(WebLimitsTest, MalformedAndExcessiveRangesCostNoMoreThanTheFile) {
  RawClient whole(port());
  whole.send(get_request("/static/app.js"));
  const std::string full = whole.read_all(std::chrono::seconds(10));
  ASSERT_EQ(status_of(full), 200);
  std::string many = "bytes=0-";
  for (int i = 0; i < 500; ++i) many += ",0-";
  for (const std::string& range :
       {std::string("bytes=abc"), std::string("bytes=5-1"), std::string("bytes=-0"),
        std::string("bytes=99999999999999999999-"), std::string("bytes=0-1,,,"),
        std::string("items=0-1"), std::string("bytes=--1"), many}) {
    RawClient c(port());
    c.send(get_request("/static/app.js", "Range: " + range + "\r\n"));
    const std::string answer = c.read_all(std::chrono::seconds(10));
    const int status = status_of(answer);
    EXPECT_TRUE(status == 200 || status == 206 || status == 416 || status == 400)
        << range.substr(0, 40) << ": " << answer.substr(0, 200);
    EXPECT_LE(answer.size(), full.size() + 4096) << range.substr(0, 40);
  }
  expect_serving();
}

}  // namespace
}  // namespace lectio::web
