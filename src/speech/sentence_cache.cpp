#include "sentence_cache.h"

#include <fmt/format.h>

#include <algorithm>
#include <tuple>
#include <vector>

#include "lectio/core/data_dir.h"
#include "lectio/core/error.h"
#include "lectio/core/file.h"

namespace lectio::speech {

namespace {

// A sentence of speech is well under a minute; anything larger is not one of ours.
constexpr std::uintmax_t kMaxEntryBytes = 64u << 20;

}  // namespace

std::filesystem::path SentenceCache::file(std::string_view key, std::string_view ext) const {
  // Two-character fan-out keeps directories small for libraries of thousands of lessons.
  return dir_ / std::string(key.substr(0, 2)) / fmt::format("{}.{}", key, ext);
}

std::optional<std::string> SentenceCache::get(std::string_view key, std::string_view ext) const {
  const auto path = file(key, ext);
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return std::nullopt;
  try {
    std::string bytes = read_file(path, kMaxEntryBytes);
    // Used now: trim() evicts by mtime. A failure only makes the entry look older.
    std::filesystem::last_write_time(path, std::filesystem::file_time_type::clock::now(), ec);
    return bytes;
  } catch (const Error&) {
    return std::nullopt;  // unreadable: ask the server again
  }
}

void SentenceCache::put(std::string_view key, std::string_view ext, std::string_view bytes) const {
  const auto path = file(key, ext);
  try {
    ensure_dir(path.parent_path());
    write_file_atomic(path, bytes);
  } catch (const Error&) {
  }
}

std::uintmax_t SentenceCache::trim(std::uintmax_t max_bytes,
                                   const std::set<std::string>& keep) const {
  struct Entry {
    std::filesystem::file_time_type used;
    std::filesystem::path path;
    std::uintmax_t bytes;
  };
  std::vector<Entry> entries;
  std::uintmax_t total = 0;
  std::error_code walk;
  for (auto it = std::filesystem::recursive_directory_iterator(dir_, walk);
       !walk && it != std::filesystem::recursive_directory_iterator(); it.increment(walk)) {
    std::error_code ec;
    const std::filesystem::path& p = it->path();
    if (!it->is_regular_file(ec) || p.filename().string().starts_with('.')) continue;
    std::error_code size_ec;
    Entry e{it->last_write_time(ec), p, it->file_size(size_ec)};
    if (ec || size_ec) continue;  // gone meanwhile (another render trimmed it)
    total += e.bytes;
    if (keep.count(p.stem().string()) == 0) entries.push_back(std::move(e));
  }
  std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
    return std::tie(a.used, a.path) < std::tie(b.used, b.path);
  });
  for (const Entry& e : entries) {
    if (total <= max_bytes) break;
    try {
      remove_regular_file(e.path);
      total -= e.bytes;  // removed now, or by another process before us
    } catch (const Error&) {
    }
  }
  return total;
}

}  // namespace lectio::speech
