#pragma once
// The files built into the binary (cmake/embed_files.cmake): templates, catalogs, scripts,
// styles and artwork, found by their path under src/web/assets.
#include <string>
#include <string_view>
#include <vector>

namespace lectio::web {

struct Asset {
  std::string_view name;  // e.g. "static/app.css"
  std::string_view bytes;
  std::string etag;          // quoted, from the content hash
  std::string content_type;  // from the extension
};

// nullptr when there is no such file.
const Asset* find_asset(std::string_view name);
// Every asset whose name starts with prefix.
std::vector<const Asset*> assets_under(std::string_view prefix);

// The Content-Type for a file name's extension; application/octet-stream when unknown.
std::string content_type_for(std::string_view name);

}  // namespace lectio::web
