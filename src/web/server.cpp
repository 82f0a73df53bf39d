#include "lectio/web/server.h"

#include <fmt/format.h>
#include <httplib.h>
#include <spdlog/spdlog.h>

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

// An idle keep-alive connection is closed after this long (it holds no worker meanwhile).
constexpr int kKeepAliveSeconds = 2;

int worker_count(int requested) {
  if (requested > 0) return requested;
  const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  // Handlers wait on the store and on files as much as on the CPU: threads, not cores.
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
    limits.read_timeout = std::chrono::seconds(o.read_timeout_seconds);
    limits.max_body_bytes = std::max(o.max_upload_bytes, o.max_json_bytes);
    limits.body_grace = std::chrono::seconds(o.body_grace_seconds);
    limits.min_body_rate = std::max<std::size_t>(1, o.min_body_bytes_per_second);
    limits.request_timeout = std::chrono::seconds(o.request_timeout_seconds);
    limits.keep_alive = std::chrono::seconds(kKeepAliveSeconds);
    limits.workers = worker_count(o.threads);
    limits.max_waiting = o.max_waiting_connections;
    limits.max_connections = o.max_connections;
    limits.max_per_address = o.max_connections_per_address;
    return limits;
  }

  void configure() {
    http_.set_payload_max_length(std::max(options_.max_upload_bytes, options_.max_json_bytes));
    // What the library writes in Keep-Alive headers; the connection loop keeps to it.
    http_.set_keep_alive_max_count(1000);
    http_.set_keep_alive_timeout(kKeepAliveSeconds);
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
    http_.set_error_handler(httplib::Server::HandlerWithResponse([&app](const httplib::Request& req,
                                                                        httplib::Response& res) {
      // The library calls this for every status >= 400, ours included: keep bodies we made.
      if (!res.body.empty() || res.content_length_ > 0) {
        return httplib::Server::HandlerResponse::Unhandled;
      }
      // Pages get an error page; the API and files (media, static, feeds) a JSON body.
      const bool api = req.path.rfind("/api/", 0) == 0 || req.path.rfind("/media/", 0) == 0 ||
                       req.path.rfind("/static/", 0) == 0 || req.path.rfind("/feeds/", 0) == 0;
      Context ctx{req, res, app, api ? Surface::kApi : Surface::kPage, pick_language(req), {}, {},
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
  impl_->port_ = impl_->http_.bind_and_listen(o.host, o.port);
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
  return impl_->http_.serve();
}

void Server::stop() {
  impl_->http_.stop();
}

std::string Server::answer(std::string_view connection_bytes) {
  return impl_->http_.answer(connection_bytes, kMaxRequestsPerAnswer);
}

}  // namespace lectio::web
