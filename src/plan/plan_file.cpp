#include "lectio/plan/plan_file.h"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <array>

#include "lectio/core/data_dir.h"
#include "lectio/core/error.h"
#include "lectio/text/strings.h"
#include "lectio/voices/hosts.h"

namespace fs = std::filesystem;

namespace lectio::plan {

namespace {

constexpr std::uintmax_t kMaxPlanBytes = 4 << 20;
constexpr std::uintmax_t kMaxBriefBytes = 1 << 20;
constexpr std::size_t kMaxChapters = 50;
constexpr std::size_t kMaxLessons = 500;

// Plan-level fields an inline brief takes when it does not set them itself.
constexpr std::array<const char*, 9> kInherited = {"language", "host",   "style", "minutes", "date",
                                                   "sources",  "format", "tags",  "engine"};

YAML::Node load_yaml(std::string_view yaml, const std::string& name) {
  try {
    return YAML::Load(std::string(yaml));
  } catch (const YAML::Exception& e) {
    throw InvalidInput(
        fmt::format("{}: invalid YAML at line {}: {}", name, e.mark.line + 1, e.msg));
  }
}

class PlanReader {
 public:
  PlanReader(const YAML::Node& root, const std::string& name) : root_(root), name_(name) {}

  [[noreturn]] void fail(std::string_view field, std::string_view reason) const {
    throw InvalidInput(fmt::format("{}: field '{}': {}", name_, field, reason));
  }

  void only(const YAML::Node& node, std::string_view where,
            const std::vector<std::string>& known) const {
    for (const auto& entry : node) {
      if (!entry.first.IsScalar()) fail(fmt::format("{}?", where), "a field name must be text");
      const std::string key = entry.first.as<std::string>();
      if (std::find(known.begin(), known.end(), key) == known.end()) {
        fail(fmt::format("{}{}", where, key), "unknown field");
      }
    }
  }

  std::string text(const YAML::Node& node, std::string_view field) const {
    if (!node || node.IsNull()) return {};
    if (!node.IsScalar()) fail(field, "must be text");
    std::string value = text::collapse_whitespace(node.as<std::string>());
    if (!text::is_valid_utf8(value)) fail(field, "is not valid UTF-8");
    return value;
  }

  const YAML::Node& root() const { return root_; }
  const std::string& name() const { return name_; }

 private:
  const YAML::Node& root_;
  const std::string& name_;
};

LessonSpec inline_lesson(const PlanReader& read, const YAML::Node& node, const std::string& label,
                         const std::string& title, const fs::path& base_dir) {
  YAML::Node brief = YAML::Clone(node);
  const YAML::Node& root = read.root();
  const bool own_language = brief["language"] && !brief["language"].IsNull();
  const bool same_language =
      !own_language || !root["language"] ||
      brief["language"].as<std::string>("") == root["language"].as<std::string>("");
  for (const char* key : kInherited) {
    if (brief[key] || !root[key] || root[key].IsNull()) continue;
    // A lesson in another language keeps its own default voice.
    if (std::string_view(key) == "host" && !same_language) continue;
    brief[key] = root[key];
  }
  brief["plan"] = title;
  LessonSpec spec;
  spec.label = label;
  spec.dated = brief["date"] && !brief["date"].IsNull();
  spec.brief = lesson::parse_brief(YAML::Dump(brief), fmt::format("{}: {}", read.name(), label));
  spec.brief.base_dir = base_dir;
  return spec;
}

LessonSpec brief_file_lesson(const std::string& entry, const std::string& label,
                             const std::string& title, const fs::path& base_dir) {
  fs::path path(entry);
  if (path.is_relative()) path = base_dir / path;
  const std::string bytes = read_file(path, kMaxBriefBytes);
  const YAML::Node node = load_yaml(bytes, path.string());
  LessonSpec spec;
  spec.label = label;
  spec.brief_path = path.string();
  spec.dated = node.IsMap() && node["date"] && !node["date"].IsNull();
  spec.brief = lesson::parse_brief(bytes, path.string());
  spec.brief.base_dir = path.has_parent_path() ? path.parent_path() : fs::path(".");
  spec.brief.plan = title;  // a lesson of this plan, whatever the brief says on its own
  return spec;
}

void check_plan_fields(const PlanReader& read, PlanFile& file) {
  const YAML::Node& root = read.root();
  file.title = read.text(root["title"], "title");
  if (file.title.empty()) read.fail("title", "is required");
  file.description = read.text(root["description"], "description");
  file.audience = read.text(root["audience"], "audience");
  if (const YAML::Node tags = root["tags"]; tags && !tags.IsNull()) {
    if (!tags.IsSequence()) read.fail("tags", "must be a list");
    for (const YAML::Node& tag : tags) {
      const std::string value = tag.IsScalar() ? read.text(tag, "tags") : std::string();
      if (value.empty()) read.fail("tags", "every item must be non-empty text");
      file.tags.push_back(value);
    }
  }
  const std::string language = read.text(root["language"], "language");
  file.language = language.empty() ? "en" : language;
  if (file.language != "en" && file.language != "zh") read.fail("language", "must be en or zh");
  const std::string style = read.text(root["style"], "style");
  file.style = style.empty() ? "quick" : style;
  if (file.style != "quick" && file.style != "deep") read.fail("style", "must be quick or deep");
  const std::string host = read.text(root["host"], "host");
  if (host.empty()) {
    file.host = voices::default_host(file.language).name;
    return;
  }
  const auto found = voices::find_host(host);
  if (!found) read.fail("host", fmt::format("unknown host '{}' (see `lectio voices`)", host));
  if (found->language != file.language) {
    read.fail("host", fmt::format("host '{}' speaks {}, but the plan is in {}", found->name,
                                  found->language, file.language));
  }
  file.host = found->name;
}

}  // namespace

namespace {

PlanFile read_plan_file(std::string_view yaml, const std::string& name, const fs::path& base_dir) {
  const YAML::Node root = load_yaml(yaml, name);
  if (!root.IsMap()) throw InvalidInput(fmt::format("{}: a plan must be a YAML mapping", name));
  const PlanReader read(root, name);
  read.only(root, "",
            {"title", "description", "audience", "language", "host", "style", "minutes", "date",
             "sources", "format", "tags", "engine", "chapters"});
  PlanFile file;
  check_plan_fields(read, file);

  const YAML::Node chapters = root["chapters"];
  if (!chapters || !chapters.IsSequence() || chapters.size() == 0) {
    read.fail("chapters", "must be a non-empty list");
  }
  if (chapters.size() > kMaxChapters)
    read.fail("chapters", fmt::format("at most {}", kMaxChapters));
  std::size_t total = 0;
  for (std::size_t c = 0; c < chapters.size(); ++c) {
    const YAML::Node chapter = chapters[c];
    const std::string where = fmt::format("chapters[{}]", c + 1);
    if (!chapter.IsMap()) read.fail(where, "must be a mapping with title and lessons");
    read.only(chapter, where + ".", {"title", "lessons"});
    ChapterSpec spec;
    spec.title = read.text(chapter["title"], where + ".title");
    if (spec.title.empty()) read.fail(where + ".title", "is required");
    const YAML::Node lessons = chapter["lessons"];
    if (!lessons || !lessons.IsSequence() || lessons.size() == 0) {
      read.fail(where + ".lessons", "must be a non-empty list");
    }
    for (std::size_t l = 0; l < lessons.size(); ++l) {
      if (++total > kMaxLessons)
        read.fail("chapters", fmt::format("at most {} lessons", kMaxLessons));
      const std::string label = fmt::format("chapter {}, lesson {}", c + 1, l + 1);
      const YAML::Node lesson = lessons[l];
      if (lesson.IsScalar()) {
        spec.lessons.push_back(
            brief_file_lesson(lesson.as<std::string>(), label, file.title, base_dir));
      } else if (lesson.IsMap()) {
        spec.lessons.push_back(inline_lesson(read, lesson, label, file.title, base_dir));
      } else {
        read.fail(fmt::format("{}.lessons[{}]", where, l + 1),
                  "must be a brief (a mapping) or the path of a brief file");
      }
    }
    file.chapters.push_back(std::move(spec));
  }
  return file;
}

}  // namespace

// yaml-cpp throws its own exceptions when a node is not what a conversion expects (a list
// where a name belongs): a plan file is bad input whatever the node, so they become one line.
PlanFile parse_plan_file(std::string_view yaml, const std::string& name, const fs::path& base_dir) {
  try {
    return read_plan_file(yaml, name, base_dir);
  } catch (const YAML::Exception& e) {
    throw InvalidInput(
        fmt::format("{}: invalid plan at line {}: {}", name, e.mark.line + 1, e.msg));
  }
}

PlanFile load_plan_file(const fs::path& path) {
  const std::string bytes = read_file(path, kMaxPlanBytes);
  const fs::path base = path.has_parent_path() ? path.parent_path() : fs::path(".");
  PlanFile file = parse_plan_file(bytes, path.string(), base);
  file.path = path;
  return file;
}

int lesson_count(const PlanFile& file) {
  int n = 0;
  for (const ChapterSpec& c : file.chapters) n += static_cast<int>(c.lessons.size());
  return n;
}

}  // namespace lectio::plan
