#include "templates.h"

#include <map>
#include <memory>

#include "assets.h"
#include "lectio/core/error.h"

namespace lectio::web {
namespace {

using kainjow::mustache::data;
using kainjow::mustache::mustache;

std::string_view template_source(std::string_view name) {
  const std::string path = "templates/" + std::string(name) + ".mustache";
  const Asset* asset = find_asset(path);
  if (asset == nullptr) throw Internal("web: no template " + path);
  return asset->bytes;
}

// Partials by name, as the renderer asks for them.
class PartialContext : public kainjow::mustache::context<std::string> {
 public:
  explicit PartialContext(const data* d) : kainjow::mustache::context<std::string>(d) {}
  const data* get_partial(const std::string& name) const override {
    const auto it = partials_.find(name);
    if (it != partials_.end()) return &it->second;
    const std::string source(template_source(name));
    return &partials_.emplace(name, data(kainjow::mustache::partial([source] { return source; })))
                .first->second;
  }

 private:
  mutable std::map<std::string, data> partials_;
};

using Cache = std::map<std::string, std::unique_ptr<mustache>, std::less<>>;

Cache& thread_cache() {
  thread_local Cache cache;
  return cache;
}

mustache& parsed(std::string_view name) {
  Cache& cache = thread_cache();
  if (const auto it = cache.find(name); it != cache.end()) return *it->second;
  auto m = std::make_unique<mustache>(std::string(template_source(name)));
  if (!m->is_valid()) {
    throw Internal("web: template " + std::string(name) + ": " + m->error_message());
  }
  return *cache.emplace(std::string(name), std::move(m)).first->second;
}

}  // namespace

std::string render_template(std::string_view name, const data& d) {
  mustache& m = parsed(name);
  PartialContext ctx(&d);
  std::string out = m.render(ctx);
  if (!m.is_valid()) {
    const std::string message = m.error_message();
    thread_cache().erase(thread_cache().find(name));  // a failed renderer stays failed
    throw Internal("web: template " + std::string(name) + ": " + message);
  }
  return out;
}

}  // namespace lectio::web
