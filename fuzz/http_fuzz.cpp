// Fuzzes the web server from the raw bytes of a client connection (lectio::web::Server::answer):
// the request line, headers, cookies, query strings, JSON and multipart bodies, ranges, and
// every route behind them, over a data directory holding one source and one signed-in user.
// "@SESSION@" and "@CSRF@" in an input become that user's session and CSRF tokens (the seed
// corpus uses them), so that the fuzzer reaches what only a signed-in browser can. A 5xx is a
// finding: wrong input gets a 4xx, never an internal error. The one exception is 505, which
// RFC 9110 (15.6.6) gives for a request in an HTTP version the server refuses ("HTTP/3.1").
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>

#include "fuzz_support.h"
#include "lectio/ingest/ingest.h"
#include "lectio/store/store.h"
#include "lectio/web/server.h"

namespace {

namespace fs = std::filesystem;

struct Site {
  fs::path dir;
  std::unique_ptr<lectio::web::Server> server;
  std::string session;
  std::string csrf = "fuzzcsrf0123456789abcdef";
};

std::string cookie_value(const std::string& response, const std::string& name) {
  const std::size_t at = response.find("Set-Cookie: " + name + "=");
  if (at == std::string::npos) return "";
  const std::size_t start = at + 13 + name.size();
  return response.substr(start, response.find(';', start) - start);
}

Site& site() {
  static Site* s = [] {
    auto* made = new Site;
    char pattern[] = "/tmp/lectio-http-fuzz-XXXXXX";
    made->dir = mkdtemp(pattern);
    std::atexit([] {
      std::error_code ec;
      fs::remove_all(site().dir, ec);
    });
    {
      auto store = lectio::store::open_content_store(made->dir);
      lectio::ingest::add_file(*store, LECTIO_FUZZ_SOURCE, {});
    }
    lectio::web::ServerOptions options;
    options.data_dir = made->dir;
    options.port = 0;
    options.threads = 2;
    made->server = std::make_unique<lectio::web::Server>(options);
    const std::string body = R"({"name":"fuzzer","password":"fuzz-password"})";
    const std::string signup =
        "POST /api/signup HTTP/1.1\r\nHost: x\r\nCookie: lectio_csrf=" + made->csrf +
        "\r\nX-CSRF-Token: " + made->csrf +
        "\r\nContent-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) +
        "\r\n\r\n" + body;
    const std::string answer = made->server->answer(signup);
    made->session = cookie_value(answer, "lectio_session");
    made->csrf = cookie_value(answer, "lectio_csrf");
    if (made->session.empty() || made->csrf.empty()) std::abort();  // the harness is broken
    return made;
  }();
  return *s;
}

void replace_all(std::string& text, const std::string& from, const std::string& to) {
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at)) {
    text.replace(at, from.size(), to);
    at += to.size();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Site& s = site();
  std::string request(lectio::fuzz::as_text(data, size));
  replace_all(request, "@SESSION@", s.session);
  replace_all(request, "@CSRF@", s.csrf);
  const std::string answer = s.server->answer(request);
  for (std::size_t at = answer.find("HTTP/1.1 5"); at != std::string::npos;
       at = answer.find("HTTP/1.1 5", at + 1)) {
    const bool status_line = at == 0 || answer[at - 1] == '\n';
    if (status_line && answer.compare(at + 9, 3, "505") != 0) __builtin_trap();
  }
  return 0;
}
