#include "lectio/web/server.h"

#include <fmt/format.h>
#include <httplib.h>
#include <spdlog/spdlog.h>
#include <sys/socket.h>

#include <algorithm>
#include <thread>

#include "app.h"
#include "connection.h"
#include "lectio/core/data_dir.h"
#include "lectio/core/error.h"
#include "lectio/store/store.h"
#include "route_table.h"
#include "routes.h"

namespace lectio::web {

namespace {

// Scripts, styles, media and requests only from this site; no inline script, no framing.
// Outbound links (a chunk's origin URL) are plain links, which CSP does not restrict.
constexpr const char* kContentSecurityPolicy =
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "media-src 'self'; connect-src 'self'; font-src 'self'; form-action 'self'; "
    "base-uri 'none'; frame-ancestors 'none'";

int worker_count(int requested) {
  if (requested > 0) return requested;
  const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  // Each keep-alive connection holds a worker, so workers are cheap threads, not cores.
  return std::max(64, 16 * cores);
}

}  // namespace

struct Server::Impl {
  explicit Impl(ServerOptions options)
      : options_(std::move(options)), app_(), http_(connection_limits(options_)) {}

  static ConnectionLimits connection_limits(const ServerOptions& o) {
    ConnectionLimits limits;
    limits.head_timeout = std::chrono::seconds(o.head_timeout_seconds);
    limits.max_head_bytes = o.max_head_bytes;
    limits.request_timeout = std::chrono::seconds(o.request_timeout_seconds);
    limits.workers = worker_count(o.threads);
    limits.max_waiting = o.max_waiting_connections;
    return limits;
  }

  void configure() {
    http_.set_payload_max_length(std::max(options_.max_upload_bytes, options_.max_json_bytes));
    http_.set_read_timeout(options_.read_timeout_seconds, 0);
    http_.set_write_timeout(30, 0);
    http_.set_keep_alive_max_count(1000);
    // A keep-alive connection holds a worker while it idles: a short timeout frees it soon.
    http_.set_keep_alive_timeout(2);
    http_.set_default_headers({
        {"Content-Security-Policy", kContentSecurityPolicy},
        {"X-Content-Type-Options", "nosniff"},
        {"Referrer-Policy", "no-referrer"},
        {"X-Frame-Options", "DENY"},
        {"Cross-Origin-Opener-Policy", "same-origin"},
    });
    App& hot = *app_;
    http_.set_pre_routing_handler([&hot](const httplib::Request& req, httplib::Response& res) {
      try {
        if (serve_cached_lesson(hot, req, res)) return httplib::Server::HandlerResponse::Handled;
      } catch (...) {
        // Anything odd falls through to the normal route, which reports errors properly.
      }
      return httplib::Server::HandlerResponse::Unhandled;
    });
    register_routes(http_, *app_);
    // Requests no route took (404, 405) and the library's own errors (400, 413) get the same
    // bodies as handler errors.
    App& app = *app_;
    http_.set_error_handler(httplib::Server::HandlerWithResponse(
        [&app](const httplib::Request& req, httplib::Response& res) {
          // The library calls this for every status >= 400, ours included: keep bodies we made.
          if (!res.body.empty() || res.content_length_ > 0) {
            return httplib::Server::HandlerResponse::Unhandled;
          }
          // Pages get an error page; the API and files (media, static, feeds) a JSON body.
          const bool api = req.path.rfind("/api/", 0) == 0 || req.path.rfind("/media/", 0) == 0 ||
                           req.path.rfind("/static/", 0) == 0 || req.path.rfind("/feeds/", 0) == 0;
          Context ctx{req, res, app, api ? Surface::kApi : Surface::kPage, pick_language(req), {},
                      {},  {},  {}};
          try {
            load_visitor(ctx);  // the error page shows who is signed in, like every page
          } catch (...) {
            // The page is still worth sending to a visitor the store cannot name.
          }
          const int status = res.status;
          const std::string code = status == 404   ? "not_found"
                                   : status == 413 ? "too_large"
                                   : status == 405 ? "method_not_allowed"
                                                   : "bad_request";
          const std::string message = status == 404   ? app.t(ctx, "error_not_found")
                                      : status == 413 ? app.t(ctx, "error_too_large")
                                                      : std::string("bad request");
          send_error(ctx, status, code, message);
          return httplib::Server::HandlerResponse::Handled;
        }));
    http_.set_exception_handler([](const httplib::Request& req, httplib::Response& res,
                                   std::exception_ptr) {
      // route() catches everything; reaching here is a bug in routing itself.
      spdlog::error("{} {}: exception outside a handler", req.method, req.path);
      res.status = 500;
      res.set_content(R"({"error":{"status":500,"code":"internal","message":"internal error"}})",
                      "application/json");
    });
  }

  ServerOptions options_;
  std::unique_ptr<App> app_;  // destroyed after http_, whose workers use it
  HttpServer http_;
  int port_ = 0;
};

Server::Server(ServerOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {
  ServerOptions& o = impl_->options_;
  if (o.data_dir.empty()) throw InvalidInput("serve: no data directory");
  ensure_dir(o.data_dir);
  store::open_content_store(o.data_dir);  // creates and migrates the database before any request
  // Headers and body go out in separate writes; without this each response waits for the
  // client's delayed ACK (about 40 ms). Set before binding: accepted sockets inherit it.
  impl_->http_.set_tcp_nodelay(true);
  // SO_REUSEADDR only: the library's default also sets SO_REUSEPORT, with which a second
  // server on a port in use would start and silently share it.
  impl_->http_.set_socket_options([](int sock) {
    int yes = 1;
    setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  if (o.port == 0) {
    impl_->port_ = impl_->http_.bind_to_any_port(o.host);
  } else if (impl_->http_.bind_to_port(o.host, o.port)) {
    impl_->port_ = o.port;
  }
  impl_->http_.widen_backlog();
  if (impl_->port_ <= 0) {
    throw Io(
        fmt::format("serve: cannot listen on {}:{} (in use, or not an address of this "
                    "machine)",
                    o.host, o.port));
  }
  std::string base = o.base_url;
  if (base.empty()) {
    const bool v6 = o.host.find(':') != std::string::npos;
    base = fmt::format("http://{}:{}", v6 ? "[" + o.host + "]" : o.host, impl_->port_);
  }
  while (!base.empty() && base.back() == '/') base.pop_back();
  impl_->app_ = std::make_unique<App>(o, base);
  impl_->configure();
}

Server::~Server() {
  impl_->http_.stop();
}

int Server::port() const {
  return impl_->port_;
}
const std::string& Server::base_url() const {
  return impl_->app_->base_url();
}

bool Server::run() {
  return impl_->http_.listen_after_bind();
}

void Server::stop() {
  impl_->http_.stop();
}

std::string Server::answer(std::string_view connection_bytes) {
  return impl_->http_.answer(connection_bytes, kMaxRequestsPerAnswer);
}

}  // namespace lectio::web
