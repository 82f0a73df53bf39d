// A soak of the server (label slow): wrk drives the lesson page, the feed, MP3 ranges and ask
// at once, in rounds, against a server in this process; its resident memory and open
// descriptors, read from /proc after each round, must stay flat once warmed up. The figures
// are printed for docs/benchmarks.md ("Server soak").
#include <gtest/gtest.h>
#include <malloc.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "support/run.h"
#include "web/web_fixture.h"

namespace lectio::web {
namespace {

namespace fs = std::filesystem;

// A field of /proc/self/status in KB ("VmRSS", "RssAnon"), -1 when missing.
long status_kb(const std::string& field) {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind(field + ":", 0) == 0) return std::stol(line.substr(field.size() + 1));
  }
  return -1;
}

int count_fds() {
  int n = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator("/proc/self/fd")) ++n;
  return n;
}

// Descriptors once the server has closed the connections wrk left: on a loaded machine a
// worker may still be finishing its last request when wrk exits, so the count is read again
// until it stops falling (at most 3 s).
int open_fds() {
  int n = count_fds();
  for (int i = 0; i < 30; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    const int now = count_fds();
    if (now >= n) return std::min(n, now);
    n = now;
  }
  return n;
}

class WebSoakTest : public testing::WebTest {
 protected:
  bool audio() const override { return true; }
};

TEST_F(WebSoakTest, MemoryAndDescriptorsStayFlatUnderLoad) {
  ServerOptions o = options();
  o.threads = 32;
  o.ask_per_minute = 1 << 30;  // the soak measures ask itself, not its rate limit
  restart(o);
  const std::string base = "http://127.0.0.1:" + std::to_string(port());
  const std::string lesson = "/lessons/" + lib_->lesson_slug;
  lectio::testing::TempDir scripts;
  const fs::path range = scripts.write("range.lua", R"(wrk.headers["Range"] = "bytes=1000-60999")");
  const fs::path ask = scripts.write("ask.lua", R"(wrk.method = "POST"
wrk.body = '{"question":"Why are TPUs fast at matrix multiplication?"}'
wrk.headers["Content-Type"] = "application/json")");
  struct Load {
    std::string path;
    std::string script;
  };
  const std::vector<Load> loads = {
      {lesson, ""},
      {"/feeds/lessons.xml", ""},
      {"/media/" + lib_->lesson_id + ".mp3", range.string()},
      {"/api/lessons/" + lib_->lesson_id + "/ask", ask.string()},
  };
  const auto round = [&](int seconds) {
    std::vector<std::unique_ptr<lectio::testing::BackgroundProcess>> running;
    for (const Load& l : loads) {
      std::vector<std::string> args = {"wrk", "-t1", "-c4", "-d" + std::to_string(seconds) + "s"};
      if (!l.script.empty()) args.insert(args.end(), {"-s", l.script});
      args.push_back(base + l.path);
      running.push_back(std::make_unique<lectio::testing::BackgroundProcess>(args));
    }
    std::string report;
    for (auto& p : running) {
      const auto r = p->wait();
      EXPECT_EQ(r.exit_code, 0) << r.err;
      EXPECT_EQ(r.out.find("Non-2xx"), std::string::npos) << r.out;
      const auto at = r.out.find("Requests/sec:");
      report +=
          (at == std::string::npos ? "?" : r.out.substr(at + 13, r.out.find('\n', at) - at - 13)) +
          " ";
    }
    return report;
  };
  round(5);  // warm-up: caches, pools and the allocator reach their working size
  // A leak grows the bytes malloc has handed out and not had back (mallinfo2, every arena).
  // Caches grow them too until warm: each pooled SQLite connection's page cache, each worker's
  // Xapian reader and parsed templates (heaptrack over this test: those are the top holders,
  // the heap peaks at ~15 MB and 0.3 MB is left at exit), about 1 MB a round here. So the
  // bound is 8 MB over the four rounds' 200,000 or more requests: a leak of 40 bytes a request
  // passes it. Resident memory, which also counts the workers' stacks and malloc's free
  // lists, gets a loose bound.
  const std::size_t heap0 = mallinfo2().uordblks;
  const long rss0 = status_kb("VmRSS");
  const int fds0 = open_fds();
  std::printf("soak: after warm-up heap in use %zu KB, rss %ld KB, fds %d\n", heap0 / 1024, rss0,
              fds0);
  std::size_t heap = heap0;
  long rss = rss0;
  int fds = fds0;
  for (int i = 1; i <= 4; ++i) {
    const std::string rates = round(10);
    heap = mallinfo2().uordblks;
    rss = status_kb("VmRSS");
    fds = open_fds();
    std::printf(
        "soak: round %d (10 s) req/s page, feed, range, ask: %s| heap in use %zu KB, rss %ld KB, "
        "fds %d\n",
        i, rates.c_str(), heap / 1024, rss, fds);
  }
  EXPECT_LE(heap, heap0 + 8 * 1024 * 1024) << "heap in use grew from " << heap0;
  EXPECT_LE(rss, rss0 + rss0 / 2) << "resident memory grew from " << rss0 << " KB";
  EXPECT_LE(fds, fds0 + 8) << "descriptors grew from " << fds0;
}

}  // namespace
}  // namespace lectio::web
