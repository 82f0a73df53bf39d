#include "lectio/compose/brief.h"

#include <yaml-cpp/yaml.h>

#include <chrono>
#include <regex>

#include <fmt/format.h>

#include "lectio/core/data_dir.h"
#include "lectio/core/error.h"
#include "lectio/core/hosts.h"
#include "lectio/core/source.h"
#include "lectio/core/text.h"

namespace lectio::compose {

namespace {

constexpr std::uintmax_t kMaxBriefBytes = 1 << 20;

class FieldReader {
 public:
  FieldReader(const YAML::Node& root, const std::string& name) : root_(root), name_(name) {}

  [[noreturn]] void fail(std::string_view field, std::string_view reason) const {
    throw InvalidInput(fmt::format("{}: field '{}': {}", name_, field, reason));
  }

  std::optional<std::string> text(const char* field) const {
    const YAML::Node node = root_[field];
    if (!node || node.IsNull()) return std::nullopt;
    if (!node.IsScalar()) fail(field, "must be text");
    std::string value = text::collapse_whitespace(node.as<std::string>());
    if (!text::is_valid_utf8(value)) fail(field, "is not valid UTF-8");
    return value;
  }

  std::vector<std::string> list(const char* field) const {
    const YAML::Node node = root_[field];
    if (!node || node.IsNull()) return {};
    if (node.IsScalar()) return {text::collapse_whitespace(node.as<std::string>())};
    if (!node.IsSequence()) fail(field, "must be a list");
    std::vector<std::string> out;
    for (const YAML::Node& item : node) {
      if (!item.IsScalar()) fail(field, "every item must be text");
      std::string value = text::collapse_whitespace(item.as<std::string>());
      if (value.empty()) fail(field, "has an empty item");
      out.push_back(std::move(value));
    }
    return out;
  }

 private:
  const YAML::Node& root_;
  const std::string& name_;
};

std::string today() {
  const std::chrono::year_month_day ymd{
      std::chrono::floor<std::chrono::days>(std::chrono::system_clock::now())};
  return fmt::format("{:04d}-{:02d}-{:02d}", static_cast<int>(ymd.year()),
                     static_cast<unsigned>(ymd.month()), static_cast<unsigned>(ymd.day()));
}

}  // namespace

std::string_view style_name(Style style) { return style == Style::kDeep ? "deep" : "quick"; }

double target_minutes(const Brief& brief) {
  if (brief.minutes) return *brief.minutes;
  return brief.style == Style::kDeep ? 25.0 : 12.0;
}

Brief parse_brief(std::string_view yaml, const std::string& name) {
  YAML::Node root;
  try {
    root = YAML::Load(std::string(yaml));
  } catch (const YAML::Exception& e) {
    throw InvalidInput(fmt::format("{}: invalid YAML at line {}: {}", name, e.mark.line + 1,
                                   e.msg));
  }
  if (!root.IsMap()) throw InvalidInput(fmt::format("{}: a brief must be a YAML mapping", name));
  static const std::vector<std::string> kKnown = {
      "plan", "topic", "overview", "insights", "sources", "chunks", "host", "cohost", "style",
      "minutes", "language", "tags", "notes", "date", "format"};
  for (const auto& entry : root) {
    const std::string key = entry.first.as<std::string>();
    if (std::find(kKnown.begin(), kKnown.end(), key) == kKnown.end()) {
      throw InvalidInput(fmt::format("{}: field '{}': unknown field", name, key));
    }
  }
  FieldReader read(root, name);
  Brief brief;
  brief.plan = read.text("plan").value_or("");
  brief.topic = read.text("topic").value_or("");
  if (brief.topic.empty()) read.fail("topic", "is required");
  brief.overview = read.text("overview").value_or("");
  brief.insights = read.list("insights");
  if (brief.insights.empty()) read.fail("insights", "must be a non-empty list");
  if (brief.insights.size() > 12) read.fail("insights", "at most 12 insights");
  brief.sources = read.list("sources");
  brief.chunks = read.list("chunks");
  for (const std::string& entry : brief.chunks) {
    if (!parse_chunk_range(entry)) {
      read.fail("chunks", fmt::format("'{}' is not a chunk id or range like file_x:c0003..c0007",
                                      entry));
    }
  }
  brief.tags = read.list("tags");
  brief.notes = read.text("notes").value_or("");

  brief.language = read.text("language").value_or("en");
  if (brief.language != "en" && brief.language != "zh") read.fail("language", "must be en or zh");

  const std::string style = read.text("style").value_or("quick");
  if (style != "quick" && style != "deep") read.fail("style", "must be quick or deep");
  brief.style = style == "deep" ? Style::kDeep : Style::kQuick;

  if (root["minutes"] && !root["minutes"].IsNull()) {
    double minutes = 0;
    try {
      minutes = root["minutes"].as<double>();
    } catch (const YAML::Exception&) {
      read.fail("minutes", "must be a number");
    }
    if (!(minutes >= 1 && minutes <= 120)) read.fail("minutes", "must be between 1 and 120");
    brief.minutes = minutes;
  }

  const std::string format = read.text("format").value_or("monologue");
  if (format != "monologue" && format != "dialogue") {
    read.fail("format", "must be monologue or dialogue");
  }
  brief.format = format == "dialogue" ? LessonFormat::kDialogue : LessonFormat::kMonologue;

  auto check_host = [&](const char* field, const std::string& value) -> std::string {
    const auto host = find_host(value);
    if (!host) read.fail(field, fmt::format("unknown host '{}' (see `lectio voices`)", value));
    if (host->language != brief.language) {
      read.fail(field, fmt::format("host '{}' speaks {}, but the lesson is in {}", host->name,
                                   host->language, brief.language));
    }
    return host->name;
  };
  const auto host = read.text("host");
  brief.host = host ? check_host("host", *host) : default_host(brief.language).name;
  const auto cohost = read.text("cohost");
  if (cohost) brief.cohost = check_host("cohost", *cohost);
  if (brief.format == LessonFormat::kDialogue && brief.cohost.empty()) {
    brief.cohost = default_host(brief.language, brief.host).name;
  }
  if (!brief.cohost.empty() && brief.cohost == brief.host) {
    read.fail("cohost", "must differ from host");
  }

  brief.date = read.text("date").value_or("");
  if (brief.date.empty()) brief.date = today();
  if (!std::regex_match(brief.date, std::regex(R"(\d{4}-\d{2}-\d{2})"))) {
    read.fail("date", "must be YYYY-MM-DD");
  }
  return brief;
}

std::optional<ChunkRange> parse_chunk_range(std::string_view text) {
  const std::size_t dots = text.find("..");
  const auto first = ChunkRef::parse(text.substr(0, dots));
  if (!first || first->version) return std::nullopt;
  ChunkRange range{first->source_id, first->ordinal, first->ordinal};
  if (dots == std::string_view::npos) return range;
  std::string_view tail = text.substr(dots + 2);
  // The end may repeat the source ("file_x:c0007") or give only the ordinal ("c0007").
  const std::string end_id = tail.find(':') == std::string_view::npos
                                 ? fmt::format("{}:{}", range.source_id, tail)
                                 : std::string(tail);
  const auto last = ChunkRef::parse(end_id);
  if (!last || last->version || last->source_id != range.source_id) return std::nullopt;
  if (last->ordinal < range.first) return std::nullopt;
  range.last = last->ordinal;
  return range;
}

Brief load_brief(const std::filesystem::path& path) {
  const std::string bytes = read_file(path, kMaxBriefBytes);
  Brief brief = parse_brief(bytes, path.string());
  brief.base_dir = path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
  return brief;
}

std::string brief_hash(const Brief& b) {
  std::string key = fmt::format("{}\x1f{}\x1f{}\x1f{}\x1f{}\x1f{}\x1f{}\x1f{}\x1f{}\x1f{}\x1f{}",
                                b.plan, b.topic, b.overview, fmt::join(b.insights, "\x1e"),
                                fmt::join(b.sources, "\x1e"), b.host, b.cohost,
                                style_name(b.style), b.minutes.value_or(0), b.language,
                                fmt::join(b.tags, "\x1e"));
  key += fmt::format("\x1f{}\x1f{}", b.date, b.format == LessonFormat::kDialogue ? "d" : "m");
  // Appended only when set, so that the hashes (and ids) of briefs without it do not change.
  if (!b.chunks.empty()) key += fmt::format("\x1f{}", fmt::join(b.chunks, "\x1e"));
  return text::content_hash(key);
}

}  // namespace lectio::compose
