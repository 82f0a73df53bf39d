#include "render_files.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <limits>
#include <nlohmann/json.hpp>
#include <random>

#include "lectio/core/data_dir.h"
#include "lectio/core/error.h"
#include "lectio/core/file.h"
#include "lectio/text/strings.h"

namespace fs = std::filesystem;

namespace lectio::speech {

namespace {

constexpr std::uintmax_t kMaxRecordBytes = 64 * 1024;

// The lesson's slug when it is already a safe file name, else one made from the title.
std::string file_stem(const lesson::Lesson& lesson) {
  const std::string& slug = lesson.slug;
  const bool safe = !slug.empty() && slug.size() <= 100 && slug.front() != '.' &&
                    slug.find_first_not_of(
                        "abcdefghijklmnopqrstuvwxyz"
                        "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.") == std::string::npos;
  if (safe) return slug;
  return text::slugify(lesson.title.empty() ? slug : lesson.title, 60);
}

}  // namespace

RenderPaths render_paths(const fs::path& dir, const lesson::Lesson& lesson,
                         const std::string& key) {
  const std::string stem = fmt::format("{}-{}", file_stem(lesson), key.substr(0, 12));
  return {dir / (stem + ".mp3"), dir / (stem + ".opus"), dir / (stem + ".vtt"),
          dir / (stem + ".chapters.json"), dir / (stem + ".render.json")};
}

void prepare_out_dir(const fs::path& dir) {
  if (dir.empty()) throw InvalidInput("render: no output directory given");
  std::error_code ec;
  const fs::file_status status = fs::status(dir, ec);
  if (status.type() == fs::file_type::not_found) {
    const fs::path parent = dir.has_parent_path() ? dir.parent_path() : fs::path(".");
    if (!fs::is_directory(parent, ec)) {
      throw Io(fmt::format("{}: cannot create the output directory: {} does not exist",
                           dir.string(), parent.string()));
    }
    if (!fs::create_directory(dir, ec) && ec) {
      throw Io(
          fmt::format("{}: cannot create the output directory: {}", dir.string(), ec.message()));
    }
  } else if (status.type() != fs::file_type::directory) {
    throw Io(fmt::format("{}: the output path is not a directory", dir.string()));
  }
  // access() is not enough (root, read-only mounts, ACLs): try what the writers will do.
  std::random_device rd;
  const fs::path probe = dir / fmt::format(".lectio-probe{:08x}", rd());
  UniqueFd fd(::open(probe.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644));
  if (!fd) {
    throw Io(fmt::format("{}: cannot write to the output directory: {}", dir.string(),
                         std::strerror(errno)));
  }
  fd.reset();
  ::unlink(probe.c_str());
}

std::optional<RenderResult> find_render(const RenderPaths& paths) {
  std::error_code ec;
  for (const fs::path* p : {&paths.mp3, &paths.opus, &paths.vtt, &paths.chapters, &paths.record}) {
    if (!fs::is_regular_file(*p, ec)) return std::nullopt;
  }
  try {
    const auto record = nlohmann::json::parse(read_file(paths.record, kMaxRecordBytes));
    RenderResult result{paths.mp3, paths.opus, paths.vtt, paths.chapters};
    result.seconds = record.at("seconds").get<double>();
    // JSON has no -inf: silence is recorded as null.
    const auto level = [&](const char* name) {
      const auto& v = record.at(name);
      return v.is_null() ? -std::numeric_limits<double>::infinity() : v.get<double>();
    };
    result.integrated_lufs = level("integrated_lufs");
    result.true_peak_dbtp = level("true_peak_dbtp");
    result.reused = true;
    return result;
  } catch (const std::exception&) {
    return std::nullopt;  // an unreadable record: render again, replacing the set
  }
}

void write_record(const RenderPaths& paths, const RenderResult& result) {
  const nlohmann::ordered_json record = {{"seconds", result.seconds},
                                         {"integrated_lufs", result.integrated_lufs},
                                         {"true_peak_dbtp", result.true_peak_dbtp}};
  write_file_atomic(paths.record, record.dump(2) + "\n");
}

PublishedFiles::~PublishedFiles() {
  for (const fs::path& p : paths_) {
    try {
      // Only files: whatever else sits under one of the names is not ours to remove.
      remove_regular_file(p);
    } catch (const Error&) {  // a destructor cannot report it; the next render replaces it
    }
  }
}

}  // namespace lectio::speech
