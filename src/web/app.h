#pragma once
// What every handler shares: options, catalogs, the store pool, rate limiters and the
// creation jobs. Thread-safe (its members are, or are read-only after construction).
#include <atomic>
#include <cstdint>
#include <kainjow/mustache.hpp>
#include <memory>
#include <string>
#include <string_view>

#include "http.h"
#include "i18n.h"
#include "jobs.h"
#include "lectio/pipeline/engines.h"
#include "lectio/web/server.h"
#include "library_pool.h"
#include "page_cache.h"
#include "rate_limit.h"

namespace lectio::web {

class App {
 public:
  App(ServerOptions options, std::string base_url);

  const ServerOptions& options() const { return options_; }
  const std::string& base_url() const { return base_url_; }
  const Catalog& catalog() const { return catalog_; }
  LibraryPool& libraries() { return libraries_; }
  RateLimiter& sign_in_limiter() { return sign_in_limiter_; }
  RateLimiter& ask_limiter() { return ask_limiter_; }
  Jobs& jobs() { return *jobs_; }
  // The engines web lessons may be written with (options().engine is the default).
  const pipeline::EngineSetup& engines() const { return engines_; }
  PageCache& page_cache() { return page_cache_; }

  // A message in the request's language.
  const std::string& t(const Context& ctx, std::string_view key) const {
    return catalog_.text(ctx.lang, key);
  }

  // Renders templates/<name> with `data` (plus the catalog as `t`) inside the layout and
  // sends it. `title` is the page's <title>.
  void send_page(Context& ctx, std::string_view name, kainjow::mustache::data data,
                 const std::string& title, int status = 200);
  // The two halves of send_page, for pages whose body is cached.
  std::string render_body(Context& ctx, std::string_view name, kainjow::mustache::data data);
  void send_layout(Context& ctx, std::string_view name, const std::string& body,
                   const std::string& title, int status = 200);
  std::string layout_html(Context& ctx, std::string_view name, const std::string& body,
                          const std::string& title);

 private:
  ServerOptions options_;
  std::string base_url_;
  Catalog catalog_;
  LibraryPool libraries_;
  RateLimiter sign_in_limiter_;
  RateLimiter ask_limiter_;
  PageCache page_cache_;
  pipeline::EngineSetup engines_;
  std::unique_ptr<Jobs> jobs_;
};

}  // namespace lectio::web
