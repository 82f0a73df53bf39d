// EPUB: container.xml names the package document (OPF); its spine lists the XHTML documents in
// reading order, each walked like HTML. Pages follow the book's page-break markers when it has
// them, otherwise each spine document starts a new page.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <map>
#include <set>

#include "formats/finish.h"
#include "formats/html_blocks.h"
#include "lectio/core/error.h"
#include "lectio/ingest/extract.h"
#include "lectio/text/strings.h"
#include "zip_reader.h"

namespace lectio::ingest {

namespace {

[[noreturn]] void corrupt(std::string_view reason) {
  throw InvalidInput(fmt::format("corrupt EPUB: {}", reason));
}

std::string percent_decode(std::string_view s) {
  auto hex = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && hex(s[i + 1]) >= 0 && hex(s[i + 2]) >= 0) {
      out.push_back(static_cast<char>(hex(s[i + 1]) * 16 + hex(s[i + 2])));
      i += 2;
    } else {
      out.push_back(s[i]);
    }
  }
  return out;
}

// Resolves an href from a document in `base` ("OEBPS/") to an archive path, dropping any
// fragment and "." / ".." steps.
std::string resolve(std::string_view base, std::string_view href) {
  href = href.substr(0, std::min(href.find('#'), href.size()));
  const std::string joined = href.starts_with('/') ? percent_decode(href.substr(1))
                                                   : std::string(base) + percent_decode(href);
  std::vector<std::string> parts;
  std::size_t pos = 0;
  while (pos <= joined.size()) {
    const std::size_t end = std::min(joined.find('/', pos), joined.size());
    const std::string part = joined.substr(pos, end - pos);
    if (part == "..") {
      if (!parts.empty()) parts.pop_back();
    } else if (!part.empty() && part != ".") {
      parts.push_back(part);
    }
    pos = end + 1;
  }
  std::string out;
  for (const std::string& part : parts) out += (out.empty() ? "" : "/") + part;
  return out;
}

// XHTML parsed as HTML turns a self-closed <div/> or <script/> into an open element that
// swallows what follows; spell such tags out as <div></div> first. Void elements stay.
std::string expand_self_closing(std::string_view x) {
  static constexpr std::array<std::string_view, 14> kVoid = {
      "area",  "base", "br",   "col",   "embed",  "hr",    "img",
      "input", "link", "meta", "param", "source", "track", "wbr"};
  std::string out;
  out.reserve(x.size() + x.size() / 16);
  std::size_t i = 0;
  while (i < x.size()) {
    const std::size_t lt = x.find('<', i);
    if (lt == std::string_view::npos || lt + 1 >= x.size()) break;
    out.append(x.substr(i, lt - i));
    i = lt;
    if (x.substr(lt, 4) == "<!--") {
      const std::size_t end = x.find("-->", lt + 4);
      const std::size_t stop = end == std::string_view::npos ? x.size() : end + 3;
      out.append(x.substr(lt, stop - lt));
      i = stop;
      continue;
    }
    if (!std::isalpha(static_cast<unsigned char>(x[lt + 1]))) {
      out.push_back('<');
      ++i;
      continue;
    }
    std::size_t j = lt + 1;
    while (j < x.size() && !std::isspace(static_cast<unsigned char>(x[j])) && x[j] != '/' &&
           x[j] != '>') {
      ++j;
    }
    const std::string_view name = x.substr(lt + 1, j - lt - 1);
    char quote = 0;
    while (j < x.size() && (quote || x[j] != '>')) {
      if (quote && x[j] == quote) {
        quote = 0;
      } else if (!quote && (x[j] == '"' || x[j] == '\'')) {
        quote = x[j];
      }
      ++j;
    }
    if (j >= x.size()) break;
    std::string_view tag = x.substr(lt, j - lt);  // without '>'
    const bool self_closed = tag.ends_with('/');
    std::string lower(
        name.substr(name.find(':') == std::string_view::npos ? 0 : name.find(':') + 1));
    std::transform(lower.begin(), lower.end(), lower.begin(), [](char c) {
      return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    });
    if (self_closed && std::find(kVoid.begin(), kVoid.end(), lower) == kVoid.end()) {
      tag.remove_suffix(1);
      out.append(tag).append("></").append(name).append(">");
    } else {
      out.append(tag).push_back('>');
    }
    i = j + 1;
  }
  if (i < x.size()) out.append(x.substr(i));
  return out;
}

struct Package {
  std::string title;
  std::vector<std::string> spine;  // archive paths of the reading-order documents
};

Package read_package(ZipReader& zip) {
  pugi::xml_document container;
  if (!zip.read_xml("META-INF/container.xml", container)) {
    corrupt("META-INF/container.xml is missing");
  }
  const pugi::xml_node rootfile =
      child_named(child_named(child_named(container, "container"), "rootfiles"), "rootfile");
  const std::string opf_path = resolve("", rootfile.attribute("full-path").value());
  if (opf_path.empty()) corrupt("container.xml names no package document");
  pugi::xml_document opf;
  if (!zip.read_xml(opf_path, opf)) {
    corrupt(fmt::format("package document {} is missing", opf_path));
  }
  const pugi::xml_node package = child_named(opf, "package");
  const std::string base = opf_path.substr(0, opf_path.rfind('/') + 1);

  Package out;
  out.title = text::collapse_whitespace(
      child_named(child_named(package, "metadata"), "title").text().as_string());
  std::map<std::string, std::pair<std::string, std::string>, std::less<>> manifest;
  for (pugi::xml_node item : child_named(package, "manifest").children()) {
    if (local_name(item) != "item") continue;
    manifest[item.attribute("id").value()] = {resolve(base, item.attribute("href").value()),
                                              item.attribute("media-type").value()};
  }
  for (pugi::xml_node ref : child_named(package, "spine").children()) {
    if (local_name(ref) != "itemref") continue;
    const auto it = manifest.find(ref.attribute("idref").value());
    if (it == manifest.end()) {
      corrupt(fmt::format("spine item {} is not in the manifest", ref.attribute("idref").value()));
    }
    const auto& [path, media_type] = it->second;
    // Spine entries that are images or other non-XHTML content carry no text to read.
    if (media_type == "application/xhtml+xml" || media_type == "text/html" || media_type.empty()) {
      out.spine.push_back(path);
    }
  }
  if (out.spine.empty()) corrupt("the spine lists no documents");
  return out;
}

// Archive paths whose content is encrypted (font obfuscation aside): a DRM-protected book.
std::set<std::string> encrypted_paths(ZipReader& zip) {
  std::set<std::string> out;
  pugi::xml_document doc;
  if (!zip.read_xml("META-INF/encryption.xml", doc)) return out;
  for (pugi::xml_node data : child_named(doc, "encryption").children()) {
    const std::string_view algorithm =
        child_named(data, "EncryptionMethod").attribute("Algorithm").value();
    if (algorithm == "http://www.idpf.org/2008/embedding" ||
        algorithm == "http://ns.adobe.com/pdf/enc#RC") {
      continue;
    }
    const pugi::xml_node ref = child_named(child_named(data, "CipherData"), "CipherReference");
    out.insert(resolve("", ref.attribute("URI").value()));
  }
  return out;
}

}  // namespace

Document extract_epub(std::string_view bytes, const Limits& limits) {
  return read_guarded("EPUB", "corrupt EPUB: unreadable content", [&] {
    ZipReader zip(bytes, "EPUB", limits);
    const Package package = read_package(zip);
    const std::set<std::string> encrypted = encrypted_paths(zip);
    std::vector<std::string> documents;
    bool markers = false;
    for (const std::string& path : package.spine) {
      if (encrypted.contains(path)) throw Unsupported("DRM-protected EPUB: the text is encrypted");
      std::optional<std::string> xhtml = zip.read(path);
      if (!xhtml) corrupt(fmt::format("spine item {} is missing", path));
      documents.push_back(expand_self_closing(*xhtml));
      // Parsed twice (here and below) so that only one tree is in memory at a time.
      markers = markers || HtmlTree(documents.back()).has_epub_page_markers();
    }
    BlockBuilder builder;
    for (std::string& xhtml : documents) {
      if (!markers) builder.page_break();
      HtmlTree(std::move(xhtml)).walk(builder, markers ? PageMarkers::kEpub : PageMarkers::kNone);
    }
    return finish_document(builder.take_blocks(), package.title);
  });
}

}  // namespace lectio::ingest
