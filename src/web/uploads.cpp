// Uploaded sources: added here, or queued as ingest jobs with a PostgreSQL store.
#include "uploads.h"

#include <fmt/format.h>

#include <filesystem>

#include "app.h"
#include "lectio/core/data_dir.h"
#include "lectio/core/error.h"
#include "lectio/core/file.h"
#include "lectio/core/password.h"
#include "lectio/ingest/ingest.h"

namespace lectio::web {

namespace fs = std::filesystem;

namespace {

constexpr int kMaxFilesPerUpload = 20;

// A file name safe to write: its last path part, with anything unusual replaced.
std::string safe_file_name(const std::string& name) {
  std::string base = fs::path(name).filename().string();
  std::string out;
  for (char c : base) {
    const auto u = static_cast<unsigned char>(c);
    out += (std::isalnum(u) || c == '.' || c == '-' || c == '_' || u >= 0x80) ? c : '_';
  }
  if (out.empty() || out.front() == '.') out = "upload" + out;
  return out.substr(0, 120);
}

using Files = httplib::MultipartFormDataMap::const_iterator;

// Each file is written under the data directory's uploads folder, ingested in its own
// transaction and removed again.
std::vector<Uploaded> add_files(Context& ctx, Files first, Files last, const std::string& origin) {
  const fs::path dir = ctx.app.options().data_dir / "uploads" / random_token(12);
  ensure_dir(dir);
  std::vector<Uploaded> out;
  for (auto it = first; it != last; ++it) {
    Uploaded u;
    u.file_name = safe_file_name(it->second.filename);
    const fs::path path = dir / u.file_name;
    try {
      write_file_atomic(path, it->second.content);
      ingest::AddOptions options;
      options.origin_url = origin;
      options.owner = ctx.require_user().id;
      options.is_private = true;  // an upload is its uploader's until a lesson quotes it
      const ingest::AddResult r = ingest::add_file(ctx.store(), path, options);
      u.source_id = r.put.source_id;
      u.chunks = r.chunk_count;
      u.outcome = r.put.outcome == store::PutOutcome::kAdded       ? "added"
                  : r.put.outcome == store::PutOutcome::kUnchanged ? "unchanged"
                                                                   : "new_version";
    } catch (const Error& e) {
      // Messages start with the path; the visitor knows the file by its own name.
      std::string message = e.what();
      for (std::size_t at = message.find(path.string()); at != std::string::npos;
           at = message.find(path.string(), at)) {
        message.replace(at, path.string().size(), u.file_name);
      }
      u.error = without_server_paths(ctx.app.options().data_dir, message);
    }
    out.push_back(std::move(u));
    std::error_code ec;
    fs::remove(path, ec);
  }
  std::error_code ec;
  fs::remove_all(dir, ec);
  return out;
}

// Each file goes to the media store and gets an ingest job; a worker adds it.
std::vector<Uploaded> queue_files(Context& ctx, Files first, Files last,
                                  const std::string& origin) {
  const std::string& owner = ctx.require_user().id;
  std::vector<Uploaded> out;
  for (auto it = first; it != last; ++it) {
    Uploaded u;
    u.file_name = safe_file_name(it->second.filename);
    try {
      if (it->second.content.empty()) throw InvalidInput(u.file_name + ": empty file");
      u.job_id = ctx.app.jobs().submit_upload(owner, it->second.content, u.file_name, origin);
    } catch (const Error& e) {
      u.error = e.what();
    }
    out.push_back(std::move(u));
  }
  return out;
}

}  // namespace

std::vector<Uploaded> upload(Context& ctx) {
  ctx.require_user();
  ctx.require_csrf();
  if (!ctx.req.is_multipart_form_data()) {
    throw HttpError(400, "invalid_input", "expected multipart/form-data with files");
  }
  const auto range = ctx.req.files.equal_range("files");
  const auto count = std::distance(range.first, range.second);
  if (count == 0) throw HttpError(400, "invalid_input", ctx.app.t(ctx, "error_no_files"));
  if (count > kMaxFilesPerUpload) {
    throw HttpError(413, "too_many_files",
                    fmt::format("at most {} files at once", kMaxFilesPerUpload));
  }
  const std::string origin = count == 1 ? ctx.field("origin_url") : "";
  if (!ingest::is_safe_origin_url(origin)) {
    throw InvalidField("origin_url", "field 'origin_url': must be an http or https address");
  }
  if (ctx.app.jobs().queued()) return queue_files(ctx, range.first, range.second, origin);
  return add_files(ctx, range.first, range.second, origin);
}

}  // namespace lectio::web
