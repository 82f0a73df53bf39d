#include "assets.h"

#include <map>

#include "lectio/core/hash.h"
#include "lectio/text/strings.h"

namespace lectio::web {
namespace embedded {
struct File {
  const char* name;
  const unsigned char* data;
  std::size_t size;
};
extern const File kFiles[];
}  // namespace embedded

namespace {

const std::map<std::string_view, Asset>& all_assets() {
  static const std::map<std::string_view, Asset> assets = [] {
    std::map<std::string_view, Asset> out;
    for (const embedded::File* f = embedded::kFiles; f->name != nullptr; ++f) {
      Asset a;
      a.name = f->name;
      a.bytes = std::string_view(reinterpret_cast<const char*>(f->data), f->size);
      a.etag = "\"" + content_hash(a.bytes).substr(0, 20) + "\"";
      a.content_type = content_type_for(a.name);
      out.emplace(a.name, std::move(a));
    }
    return out;
  }();
  return assets;
}

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

}  // namespace

const Asset* find_asset(std::string_view name) {
  const auto& assets = all_assets();
  const auto it = assets.find(name);
  return it == assets.end() ? nullptr : &it->second;
}

std::vector<const Asset*> assets_under(std::string_view prefix) {
  std::vector<const Asset*> out;
  for (const auto& [name, asset] : all_assets()) {
    if (name.substr(0, prefix.size()) == prefix) out.push_back(&asset);
  }
  return out;
}

std::string content_type_for(std::string_view name) {
  static const std::pair<std::string_view, std::string_view> kTypes[] = {
      {".css", "text/css; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"},
      {".html", "text/html; charset=utf-8"},
      {".svg", "image/svg+xml"},
      {".png", "image/png"},
      {".ico", "image/x-icon"},
      {".json", "application/json"},
      {".mp3", "audio/mpeg"},
      {".opus", "audio/ogg"},
      {".ogg", "audio/ogg"},
      {".vtt", "text/vtt; charset=utf-8"},
      {".yaml", "text/yaml; charset=utf-8"},
      {".mustache", "text/plain; charset=utf-8"},
  };
  for (const auto& [ext, type] : kTypes) {
    if (ends_with(name, ext)) return std::string(type);
  }
  return "application/octet-stream";
}

}  // namespace lectio::web
