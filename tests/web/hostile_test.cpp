// Issue 29 over raw loopback sockets: clients that send their bodies slowly hold no worker
// and are cut off by the body's byte-rate deadline; one address cannot take every connection;
// a POST without a length is refused at once; heads a proxy could read differently (request
// smuggling) are refused with a 400 and the connection is closed; `next` never leads to
// another site; Range answers follow RFC 9110. Each test is bounded to a few seconds.
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "web/raw_client.h"
#include "web/web_fixture.h"

namespace lectio::web {
namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;
using std::chrono::seconds;
using testing::RawClient;
using testing::status_of;
using testing::WebTest;

std::string get_request(const std::string& path, const std::string& extra = "") {
  return "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n" + extra + "\r\n";
}

int count_of(const std::string& text, const std::string& part) {
  int n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) {
    ++n;
  }
  return n;
}

// The value of a header of a raw answer; empty when absent.
std::string header_of(const std::string& answer, const std::string& name) {
  const std::size_t at = answer.find("\r\n" + name + ": ");
  if (at == std::string::npos) return "";
  const std::size_t start = at + name.size() + 4;
  return answer.substr(start, answer.find("\r\n", start) - start);
}

class WebHostileTest : public WebTest {
 protected:
  // One answer to a whole request sent at once, and whether the server then closed.
  struct Answer {
    std::string bytes;
    bool closed = false;
  };
  Answer exchange(const std::string& request, milliseconds wait = milliseconds(3000)) {
    RawClient c(port());
    c.send(request);
    Answer a;
    a.bytes = c.read_all(wait);
    a.closed = c.closed_by_server();
    return a;
  }
};

TEST_F(WebHostileTest, SlowBodiesHoldNoWorkerAndAreCutOffByTheirByteRate) {
  ServerOptions o = options();
  o.threads = 2;  // without the fix, two slow clients would hold every worker
  o.max_connections_per_address = 8;
  o.body_grace_seconds = 1;
  o.min_body_bytes_per_second = 1000;  // 3000 bytes: done within 1 + 3 s
  restart(o);
  const std::string head =
      "POST /api/signin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
      "Content-Length: 3000\r\n\r\n{";
  std::vector<std::unique_ptr<RawClient>> slow;
  for (int i = 0; i < 20; ++i) {
    slow.push_back(std::make_unique<RawClient>(port(), true, "127.0.0.2"));
    slow.back()->send(head);
  }
  const auto start = Clock::now();
  // Others are answered at once while the slow bodies trickle (a byte each per 200 ms).
  for (int round = 0; round < 3; ++round) {
    for (auto& s : slow) s->send("x");
    RawClient c(port());
    const auto asked = Clock::now();
    ASSERT_TRUE(c.send(get_request("/static/app.css")));
    EXPECT_EQ(status_of(c.read_all(seconds(3))), 200) << "round " << round;
    EXPECT_LT(Clock::now() - asked, seconds(2)) << "round " << round;
    std::this_thread::sleep_for(milliseconds(200));
  }
  // Past eight connections from 127.0.0.2 the server answered 503 and closed; the eight it
  // kept are cut off by the body deadline (1 s + 3000 B / 1000 B/s) with a 408.
  int busy = 0;
  int timed_out = 0;
  std::vector<bool> done(slow.size(), false);
  std::vector<std::string> answers(slow.size());
  while (Clock::now() - start < seconds(8)) {
    bool all = true;
    for (std::size_t i = 0; i < slow.size(); ++i) {
      if (done[i]) continue;
      slow[i]->send("x");
      answers[i] += slow[i]->drain();
      done[i] = slow[i]->closed_by_server();
      all = all && done[i];
    }
    if (all) break;
    std::this_thread::sleep_for(milliseconds(200));
  }
  for (std::size_t i = 0; i < slow.size(); ++i) {
    EXPECT_TRUE(done[i]) << "slow client " << i << " still open after 8 s";
    busy += status_of(answers[i]) == 503;
    timed_out += status_of(answers[i]) == 408;
  }
  EXPECT_EQ(busy, 12);
  EXPECT_EQ(timed_out, 8);
}

TEST_F(WebHostileTest, APostWithoutContentLengthIsRefusedAtOnce) {
  const auto start = Clock::now();
  const Answer a = exchange("POST /api/signin HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
  EXPECT_EQ(status_of(a.bytes), 411) << a.bytes.substr(0, 200);
  EXPECT_TRUE(a.closed);
  EXPECT_LT(Clock::now() - start, seconds(2));
}

TEST_F(WebHostileTest, AmbiguousHeadsAreRefusedAndTheConnectionClosed) {
  // Each is followed by a second request that must never be answered (smuggled).
  const std::string smuggled = "GET /static/app.css HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
  const std::string post = "POST /api/signin HTTP/1.1\r\nHost: 127.0.0.1\r\n";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"two lengths", post + "Content-Length: 2\r\nContent-Length: 60\r\n\r\n{}"},
      {"two equal lengths", post + "Content-Length: 2\r\nContent-Length: 2\r\n\r\n{}"},
      {"a list of lengths", post + "Content-Length: 2, 2\r\n\r\n{}"},
      {"chunked and a length",
       post + "Transfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n0\r\n\r\n"},
      {"no colon", "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Broken header\r\n\r\n"},
      {"space before colon", "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length : 0\r\n\r\n"},
      {"two hosts", "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\n\r\n"},
      {"no host", "GET / HTTP/1.1\r\nAccept: */*\r\n\r\n"},
      {"folded line", "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-A: a\r\n b\r\n\r\n"},
      {"bare line feeds", "GET / HTTP/1.1\nHost: 127.0.0.1\n\n"},
      {"bare carriage return", "GET / HTTP/1.1\r\nHost: 127.0.0.1\rX: y\r\n\r\n"},
      {"two spaces", "GET  / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"},
  };
  for (const auto& [name, request] : cases) {
    const Answer a = exchange(request + smuggled);
    EXPECT_EQ(status_of(a.bytes), 400) << name << ": " << a.bytes.substr(0, 200);
    EXPECT_EQ(count_of(a.bytes, "HTTP/1.1 "), 1) << name << ": the second request was answered";
    EXPECT_TRUE(a.closed) << name << ": the connection was kept";
  }
  // Transfer-Encoding alone: the body must come with a length instead.
  const Answer chunked = exchange(post + "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n" + smuggled);
  EXPECT_EQ(status_of(chunked.bytes), 411) << chunked.bytes.substr(0, 200);
  EXPECT_EQ(count_of(chunked.bytes, "HTTP/1.1 "), 1);
  EXPECT_TRUE(chunked.closed);
  // A well-formed keep-alive pair is still answered twice.
  const std::string keep = "GET /static/app.css HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
  const Answer two = exchange(keep + get_request("/static/app.css"));
  EXPECT_EQ(count_of(two.bytes, "HTTP/1.1 200"), 2) << two.bytes.substr(0, 300);
}

TEST_F(WebHostileTest, NextNeverLeadsToAnotherSite) {
  for (const char* next :
       {"/%09/127.0.0.1:18099/pwned", "/%0B/evil.example", "/%0C/evil.example", "/%7F/evil.example",
        "/%0D%0A/evil.example", "//evil.example", "/\\evil.example", "https://evil.example",
        "%2F%2Fevil.example", "/%00/evil.example"}) {
    const Answer a = exchange(get_request(std::string("/lang/en?next=") + next));
    EXPECT_EQ(status_of(a.bytes) / 100, 3) << next;
    EXPECT_EQ(header_of(a.bytes, "Location"), "/") << next;
  }
  const Answer fine = exchange(get_request("/lang/en?next=%2Flessons%3Fq%3Dgpu"));
  EXPECT_EQ(header_of(fine.bytes, "Location"), "/lessons?q=gpu");
  // Signing in with a hostile next lands on the home page.
  nlohmann::json user;
  signed_up("redirect", &user);
  auto b = new_browser();
  std::string password = testing::kPassword;
  for (char& c : password) c = c == ' ' ? '+' : c;
  const auto signed_in = b->post_body(
      "/signin",
      "name=" + user.value("name", "") + "&password=" + password + "&next=%2F%09%2Fevil.example",
      "application/x-www-form-urlencoded");
  ASSERT_TRUE(signed_in);
  EXPECT_EQ(signed_in->status / 100, 3) << signed_in->body.substr(0, 300);
  EXPECT_EQ(signed_in->get_header_value("Location"), "/");
}

TEST_F(WebHostileTest, RangesFollowRfc9110) {
  const Answer whole = exchange(get_request("/static/app.js"));
  ASSERT_EQ(status_of(whole.bytes), 200);
  const std::size_t size = std::stoul(header_of(whole.bytes, "Content-Length"));
  const std::string total = "/" + std::to_string(size);
  // The last byte is clamped to the file's end.
  const Answer past = exchange(get_request("/static/app.js", "Range: bytes=0-70735720\r\n"));
  EXPECT_EQ(status_of(past.bytes), 206);
  EXPECT_EQ(header_of(past.bytes, "Content-Length"), std::to_string(size));
  EXPECT_EQ(header_of(past.bytes, "Content-Range"), "bytes 0-" + std::to_string(size - 1) + total);
  // Overlapping ranges are one part.
  const Answer overlap = exchange(get_request("/static/app.js", "Range: bytes=0-,0-,0-\r\n"));
  EXPECT_EQ(status_of(overlap.bytes), 206);
  EXPECT_EQ(header_of(overlap.bytes, "Content-Length"), std::to_string(size));
  EXPECT_EQ(overlap.bytes.find("18446744073709551615"), std::string::npos);
  const Answer joined = exchange(get_request("/static/app.js", "Range: bytes=0-9,5-19\r\n"));
  EXPECT_EQ(header_of(joined.bytes, "Content-Range"), "bytes 0-19" + total);
  EXPECT_EQ(header_of(joined.bytes, "Content-Length"), "20");
  // The last ten bytes.
  const Answer suffix = exchange(get_request("/static/app.js", "Range: bytes=-10\r\n"));
  EXPECT_EQ(header_of(suffix.bytes, "Content-Range"),
            "bytes " + std::to_string(size - 10) + "-" + std::to_string(size - 1) + total);
  EXPECT_EQ(suffix.bytes.substr(suffix.bytes.size() - 10),
            whole.bytes.substr(whole.bytes.size() - 10));
  // Separate parts: the whole file once.
  const Answer parts = exchange(get_request("/static/app.js", "Range: bytes=0-1,100-101\r\n"));
  EXPECT_EQ(status_of(parts.bytes), 200);
  // Past the end: 416 with one Content-Range and one Cache-Control.
  const Answer beyond =
      exchange(get_request("/static/app.js", "Range: bytes=" + std::to_string(size) + "-\r\n"));
  EXPECT_EQ(status_of(beyond.bytes), 416);
  EXPECT_EQ(count_of(beyond.bytes, "Content-Range:"), 1) << beyond.bytes.substr(0, 400);
  EXPECT_EQ(count_of(beyond.bytes, "Cache-Control:"), 1) << beyond.bytes.substr(0, 400);
  EXPECT_EQ(header_of(beyond.bytes, "Content-Range"), "bytes *" + total);
}

TEST_F(WebHostileTest, AScriptOriginUrlIsRefusedAtUpload) {
  auto b = signed_up("origin");
  const std::string notes = "# Bread\n\nSourdough rises as wild yeast makes gas in the dough.\n";
  for (const char* url : {"javascript:alert(1)", "JAVASCRIPT:alert(1)", "java\tscript:alert(1)",
                          "data:text/html,x"}) {
    const auto r = b->post_files("/api/sources", {{"files", notes, "bread.md", "text/markdown"},
                                                  {"origin_url", url, "", ""}});
    ASSERT_TRUE(r);
    EXPECT_TRUE(testing::is_json_error(r, 400)) << url << ": " << r->body;
    EXPECT_EQ(testing::body_json(r)["error"].value("field", ""), "origin_url") << r->body;
  }
  const auto fine =
      b->post_files("/api/sources", {{"files", notes, "bread.md", "text/markdown"},
                                     {"origin_url", "https://example.com/b", "", ""}});
  ASSERT_TRUE(fine);
  EXPECT_EQ(fine->status, 201) << fine->body;
}

// Issue 29, item 6: a web upload is its uploader's alone; the library's sources stay public;
// a lesson its uploader publishes shows the passages it cites.
TEST_F(WebHostileTest, AnUploadIsSeenOnlyByItsUploader) {
  auto owner = signed_up("uploader");
  auto other = signed_up("snoop");
  const std::string notes =
      "# Quillwort\n\nQuillwort grows submerged in cold oligotrophic lakes across the north.\n\n"
      "## Spores\n\nQuillwort spreads by megaspores that sink into the lake sediment.\n";
  const auto up =
      owner->post_files("/api/sources", {{"files", notes, "quillwort.md", "text/markdown"}});
  ASSERT_TRUE(up && up->status == 201) << (up ? up->body : "");
  const std::string id = testing::body_json(up)["files"][0].value("source_id", "");
  ASSERT_FALSE(id.empty()) << up->body;
  const auto contains = [](const httplib::Result& r, const std::string& part) {
    return r && r->body.find(part) != std::string::npos;
  };
  // The uploader sees it everywhere.
  EXPECT_EQ(owner->get("/sources/" + id)->status, 200);
  const auto mine = owner->get("/api/sources/" + id);
  ASSERT_EQ(mine->status, 200);
  EXPECT_EQ(testing::body_json(mine).value("visibility", ""), "private");
  EXPECT_TRUE(contains(owner->get("/api/sources"), id));
  EXPECT_TRUE(contains(owner->get("/api/search?q=quillwort"), id));
  EXPECT_TRUE(contains(owner->get("/?q=quillwort"), id));
  EXPECT_TRUE(contains(owner->get("/create"), id));
  // No one else does.
  for (testing::Browser* b : {other.get(), browser_.get()}) {
    EXPECT_EQ(b->get("/sources/" + id)->status, 404);
    EXPECT_TRUE(testing::is_json_error(b->get("/api/sources/" + id), 404));
    EXPECT_FALSE(contains(b->get("/api/sources"), id));
    EXPECT_FALSE(contains(b->get("/api/search?q=quillwort"), id));
    EXPECT_FALSE(contains(b->get("/?q=quillwort"), "Quillwort spreads"));
  }
  EXPECT_FALSE(contains(other->get("/create"), id));
  const nlohmann::json brief = {{"topic", "Quillwort"},
                                {"insights", {"Quillwort spreads by megaspores"}},
                                {"sources", {id}},
                                {"audio", false}};
  const auto named = other->post_json("/api/lessons", brief);
  EXPECT_TRUE(testing::is_json_error(named, 400)) << named->body;
  EXPECT_EQ(testing::body_json(named)["error"].value("field", ""), "sources");
  // The library's source (added on the command line) is public.
  EXPECT_EQ(browser_->get(std::string("/api/sources/") + testing::kSourceId)->status, 200);
  // Published, the owner's lesson shows the passage it cites to everyone.
  const auto made = owner->post_json("/api/lessons", brief);
  ASSERT_TRUE(made && made->status == 202) << made->body;
  const nlohmann::json job =
      testing::wait_for_job(*owner, testing::body_json(made)["job"].value("id", ""));
  ASSERT_EQ(job.value("state", ""), "done") << job.dump();
  const std::string lesson = job.value("lesson_id", "");
  ASSERT_EQ(
      owner->post_json("/api/lessons/" + lesson + "/publish", nlohmann::json::object())->status,
      200);
  const auto page = browser_->get("/lessons/" + lesson);
  ASSERT_EQ(page->status, 200);
  EXPECT_TRUE(contains(page, "megaspores")) << "the cited passage is on the published lesson";
}

// Item 2: every list of the API comes a page at a time, at most 200 items.
TEST_F(WebHostileTest, ListsComeAPageAtATime) {
  for (const char* path : {"/api/lessons", "/api/plans", "/api/sources"}) {
    const auto r = browser_->get(std::string(path) + "?limit=1");
    ASSERT_TRUE(r && r->status == 200) << path;
    const nlohmann::json page = testing::body_json(r)["page"];
    EXPECT_EQ(page.value("limit", 0), 1) << path << ": " << r->body;
    EXPECT_GE(page.value("total", -1), 1) << path;
    EXPECT_TRUE(testing::is_json_error(browser_->get(std::string(path) + "?limit=201"), 400))
        << path;
    EXPECT_TRUE(testing::is_json_error(browser_->get(std::string(path) + "?offset=-1"), 400))
        << path;
  }
  const auto source = browser_->get(std::string("/api/sources/") + testing::kSourceId);
  const nlohmann::json all = testing::body_json(source);
  const int total = all["page"].value("total", 0);
  ASSERT_GE(total, 2) << source->body;
  const auto second =
      browser_->get(std::string("/api/sources/") + testing::kSourceId + "?offset=1&limit=1");
  const nlohmann::json one = testing::body_json(second);
  ASSERT_EQ(one["chunk_list"].size(), 1u) << second->body;
  EXPECT_EQ(one["chunk_list"][0]["ordinal"], 1);
  EXPECT_EQ(one["page"].value("total", 0), total);
  EXPECT_TRUE(one["page"].value("more", false) == (total > 2));
  const auto lessons = browser_->get("/api/lessons/" + lib_->lesson_id + "/reviews?limit=200");
  EXPECT_EQ(lessons->status, 200);
}

}  // namespace
}  // namespace lectio::web
