// A soak of the server (label slow): wrk drives the lesson page, the feed, MP3 ranges and ask
// at once, in rounds, against a server in this process; its resident memory and open
// descriptors, read from /proc after each round, must stay flat once warmed up. The figures
// are printed for docs/benchmarks.md ("Server soak").
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "support/run.h"
#include "web/web_fixture.h"

namespace lectio::web {
namespace {

namespace fs = std::filesystem;

long rss_kb() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
  }
  return -1;
}

int open_fds() {
  int n = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator("/proc/self/fd")) ++n;
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
  const long rss0 = rss_kb();
  const int fds0 = open_fds();
  std::printf("soak: after warm-up rss %ld KB, fds %d\n", rss0, fds0);
  long rss = rss0;
  int fds = fds0;
  for (int i = 1; i <= 4; ++i) {
    const std::string rates = round(10);
    rss = rss_kb();
    fds = open_fds();
    std::printf("soak: round %d (10 s) req/s page, feed, range, ask: %s| rss %ld KB, fds %d\n", i,
                rates.c_str(), rss, fds);
  }
  // Flat: no growth with the request count (a leak of even a few bytes a request would show
  // as megabytes over the rounds' hundreds of thousands of requests).
  EXPECT_LE(rss, rss0 + rss0 / 10 + 8 * 1024) << "resident memory grew from " << rss0 << " KB";
  EXPECT_LE(fds, fds0 + 8) << "descriptors grew from " << fds0;
}

}  // namespace
}  // namespace lectio::web
