#include "lectio/ingest/ingest.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <set>

#include "lectio/core/error.h"
#include "lectio/core/hash.h"
#include "lectio/ingest/extract.h"
#include "lectio/text/strings.h"
#include "lectio/text/unicode.h"

namespace fs = std::filesystem;

namespace lectio::ingest {

namespace {

// ".info": a GNU Info manual (read as text; a split one's parts are read with its main file,
// and are not documents of their own: "find.info-1").
constexpr std::array<std::string_view, 10> kExtensions = {
    ".md", ".markdown", ".txt", ".html", ".htm", ".xhtml", ".pdf", ".epub", ".docx", ".info"};

// A document's extension, or a gzip-compressed document's (".md.gz"; read_document).
bool supported_extension(const fs::path& p) {
  std::string ext = text::ascii_lower(p.extension().string());
  if (ext == ".gz") ext = text::ascii_lower(p.stem().extension().string());
  return std::find(kExtensions.begin(), kExtensions.end(), ext) != kExtensions.end();
}

bool hidden(const fs::path& p) {
  const std::string name = p.filename().string();
  return !name.empty() && name.front() == '.';
}

std::string language_of(const Document& doc) {
  std::string sample;
  for (const Block& b : doc.blocks) {
    if (sample.size() > 64 * 1024) break;
    sample += b.text;
    sample.push_back(' ');
  }
  return text::detect_language(sample);
}

}  // namespace

std::string normalize_source_id(const std::string& id) {
  std::string bare = id.rfind("file_", 0) == 0 ? id.substr(5) : id;
  if (bare.empty() || bare.size() > 64) {
    throw InvalidInput(fmt::format("--id '{}': must be 1 to 64 characters", id));
  }
  for (char c : bare) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '_' || c == '-';
    if (!ok) {
      throw InvalidInput(
          fmt::format("--id '{}': only letters, digits, '_' and '-' are allowed", id));
    }
  }
  return "file_" + bare;
}

std::string default_source_id(const fs::path& path, const std::string& hash) {
  return fmt::format("file_{}_{}", text::slugify(path.stem().string(), 32), hash.substr(0, 8));
}

std::vector<fs::path> expand_inputs(const std::vector<fs::path>& inputs) {
  std::vector<fs::path> out;
  for (const fs::path& input : inputs) {
    std::error_code ec;
    if (!fs::is_directory(input, ec)) {
      out.push_back(input);  // a missing file is reported by add_file, in order
      continue;
    }
    std::vector<fs::path> found;
    fs::recursive_directory_iterator it(input, fs::directory_options::skip_permission_denied, ec);
    if (ec) throw Io(fmt::format("{}: cannot list directory: {}", input.string(), ec.message()));
    for (; it != fs::recursive_directory_iterator(); it.increment(ec)) {
      if (ec) break;
      if (hidden(it->path())) {
        if (it->is_directory(ec)) it.disable_recursion_pending();
        continue;
      }
      if (it->is_regular_file(ec) && supported_extension(it->path())) found.push_back(it->path());
    }
    std::sort(found.begin(), found.end());
    out.insert(out.end(), found.begin(), found.end());
  }
  return out;
}

bool is_safe_origin_url(std::string_view url) {
  for (const char c : url) {
    if (static_cast<unsigned char>(c) <= 0x20 || c == 0x7f || c == '\\') return false;
  }
  // A scheme is what comes before the first ':' when no '/', '?' or '#' comes earlier.
  const std::size_t colon = url.find(':');
  if (colon == std::string_view::npos || url.find_first_of("/?#") < colon) return true;
  std::string scheme(url.substr(0, colon));
  std::transform(scheme.begin(), scheme.end(), scheme.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (scheme == "http" || scheme == "https") return true;
  // "example.com:8080/notes": a host and port, no scheme.
  const std::string_view rest = url.substr(colon + 1);
  const std::size_t digits = rest.find_first_not_of("0123456789");
  return digits != 0 && (digits == std::string_view::npos || rest[digits] == '/') &&
         scheme.find('.') != std::string::npos;
}

void check_origin_url(std::string_view url) {
  if (is_safe_origin_url(url)) return;
  // Shown on one line: control characters as '?', at most 100 bytes.
  std::string shown(url.substr(0, 100));
  for (char& c : shown) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
  }
  throw InvalidInput(fmt::format(
      "origin URL '{}': must be an http or https address (a space, control character or "
      "another scheme such as javascript: is refused)",
      shown));
}

AddResult add_file(store::ContentStore& store, const fs::path& path, const AddOptions& options) {
  check_origin_url(options.origin_url);
  return naming_input(path.string(), [&] {
    const DocumentBytes read = read_document(path, options.limits);
    const std::string& bytes = read.bytes;
    if (bytes.empty()) throw InvalidInput("empty file");
    const Format format = sniff_format(bytes, read.name, options.limits);
    const Document doc = extract(bytes, format, options.limits);
    const std::string language = language_of(doc);
    std::vector<Chunk> chunks = chunk_document(doc, options.chunking, language);
    if (chunks.empty()) throw InvalidInput("no text found");
    if (chunks.size() > options.limits.max_chunks) {
      throw InvalidInput(
          fmt::format("the document makes {} chunks, over the limit of {} per source (max_chunks)",
                      chunks.size(), options.limits.max_chunks));
    }

    const std::string absolute = fs::absolute(path).lexically_normal().string();
    Source source;
    source.content_hash = content_hash(bytes);
    if (options.id) {
      source.id = normalize_source_id(*options.id);
    } else {
      const std::string hash = options.owner.empty()
                                   ? source.content_hash
                                   : content_hash(source.content_hash + "\n" + options.owner);
      source.id = store.source_id_for_path(absolute).value_or(default_source_id(path, hash));
    }
    // A title is shown in lists: without bidi controls, which would reorder the text around it.
    source.title = text::without_bidi_controls(
        options.title.value_or(doc.title.empty() ? path.stem().string() : doc.title));
    source.file_name = path.filename().string();
    source.path = absolute;
    source.origin_url = options.origin_url;
    source.owner = options.owner;
    source.is_private = options.is_private;
    source.format = format;
    source.language = language;
    source.byte_size = static_cast<std::int64_t>(bytes.size());
    source.page_count = std::max(doc.page_count, chunks.back().page_end);
    AddResult result;
    result.path = path;
    result.chunk_count = static_cast<int>(chunks.size());
    result.put = store.put_source(source, chunks);
    if (result.put.outcome != store::PutOutcome::kUnchanged) {
      for (std::size_t i = 0; i < chunks.size(); ++i) {  // as the store numbered them
        chunks[i].source_id = result.put.source_id;
        chunks[i].version = result.put.version;
        chunks[i].ordinal = static_cast<int>(i);
      }
      result.chunks = std::move(chunks);
    }
    return result;
  });
}

}  // namespace lectio::ingest
