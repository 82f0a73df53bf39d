#include "lectio/lesson/brief.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <regex>

#include "brief_value.h"
#include "lectio/core/clock.h"
#include "lectio/core/data_dir.h"
#include "lectio/core/enum_names.h"
#include "lectio/core/error.h"
#include "lectio/core/hash.h"
#include "lectio/core/source.h"
#include "lectio/text/strings.h"
#include "lectio/voices/hosts.h"

namespace lectio::lesson {

namespace {

using Kind = BriefValue::Kind;

constexpr std::uintmax_t kMaxBriefBytes = 1 << 20;
constexpr std::size_t kMaxInsights = 12;

// The limits of the brief's fields, in bytes and items.
struct Limits {
  std::size_t bytes = 300;
  std::size_t items = 0;  // lists only
};

// The first name of each table is the default a brief gets.
constexpr EnumNames<Style, 2> kStyleNames{{{Style::kQuick, "quick"}, {Style::kDeep, "deep"}}};
constexpr EnumNames<LessonFormat, 2> kFormatNames{
    {{LessonFormat::kMonologue, "monologue"}, {LessonFormat::kDialogue, "dialogue"}}};
// What a value is, as an error message says it ("must be a list, not a mapping").
constexpr EnumNames<Kind, 7> kKindNames{{{Kind::kText, "text"},
                                         {Kind::kPlain, "text"},
                                         {Kind::kNull, "null"},
                                         {Kind::kNumber, "a number"},
                                         {Kind::kBool, "true or false"},
                                         {Kind::kList, "a list"},
                                         {Kind::kMap, "a mapping"}}};

std::string_view kind_name(Kind kind) {
  return name_of(kKindNames, kind);
}

// Reads the fields of one brief document, whatever its syntax, refusing with one-line
// messages that name the field: "brief.yaml: field 'style': must be quick or deep".
class FieldReader {
 public:
  FieldReader(const BriefValue& root, const std::string& name) : root_(root), name_(name) {}

  [[noreturn]] void fail(std::string_view field, std::string_view reason) const {
    throw InvalidField(std::string(field), fmt::format("{}: field '{}': {}", name_, field, reason));
  }

  const BriefValue* find(std::string_view field) const {
    for (const auto& [key, value] : root_.fields) {
      if (key == field) return &value;
    }
    return nullptr;
  }

  std::optional<std::string> text(const char* field, Limits limits = {}) const {
    const BriefValue* v = find(field);
    if (!v) return std::nullopt;
    return checked_text(field, *v, limits);
  }

  std::vector<std::string> list(const char* field, Limits limits) const {
    const BriefValue* v = find(field);
    if (!v) return {};
    if (v->kind != Kind::kList) {
      fail(field, fmt::format("must be a list, not {}", kind_name(v->kind)));
    }
    if (v->items.size() > limits.items) fail(field, fmt::format("at most {} items", limits.items));
    std::vector<std::string> out;
    for (const BriefValue& item : v->items) {
      std::string value = checked_text(field, item, limits);
      if (value.empty()) fail(field, "has an empty item");
      out.push_back(std::move(value));
    }
    return out;
  }

  std::string choice(const char* field, std::initializer_list<std::string_view> allowed) const {
    return choose(field, allowed);
  }
  template <std::size_t N>
  std::string choice(const char* field, const std::array<std::string_view, N>& allowed) const {
    return choose(field, allowed);
  }

  // The field's value when it is one of `allowed`; the first of them when it is absent.
  template <typename Names>
  std::string choose(const char* field, const Names& allowed) const {
    const auto value = text(field);
    if (!value) return std::string(*allowed.begin());
    for (std::string_view a : allowed) {
      if (*value == a) return *value;
    }
    fail(field, fmt::format("must be {}", fmt::join(allowed, " or ")));
  }

  std::optional<double> number(const char* field, double low, double high) const {
    const BriefValue* v = find(field);
    if (!v) return std::nullopt;
    double value = v->number;
    if (v->kind == Kind::kPlain) {
      try {
        std::size_t used = 0;
        value = std::stod(v->text, &used);
        if (used != v->text.size()) throw std::invalid_argument(v->text);
      } catch (const std::exception&) {
        fail(field, "must be a number");
      }
    } else if (v->kind != Kind::kNumber) {
      fail(field, fmt::format("must be a number, not {}", kind_name(v->kind)));
    }
    if (!(value >= low && value <= high)) {
      fail(field, fmt::format("must be between {} and {}", low, high));
    }
    return value;
  }

 private:
  std::string checked_text(const char* field, const BriefValue& v, Limits limits) const {
    if (v.kind != Kind::kText && v.kind != Kind::kPlain) {
      fail(field, fmt::format("must be text, not {}", kind_name(v.kind)));
    }
    if (!text::is_valid_utf8(v.text)) fail(field, "is not valid UTF-8");
    if (v.text.size() > limits.bytes) fail(field, fmt::format("over {} bytes", limits.bytes));
    return text::collapse_whitespace(v.text);
  }

  const BriefValue& root_;
  const std::string& name_;
};

// A real calendar date written YYYY-MM-DD: 2026-13-45 is refused.
bool is_calendar_date(const std::string& s) {
  if (!std::regex_match(s, std::regex(R"(\d{4}-\d{2}-\d{2})"))) return false;
  const std::chrono::year_month_day ymd{std::chrono::year(std::stoi(s.substr(0, 4))),
                                        std::chrono::month(std::stoul(s.substr(5, 2))),
                                        std::chrono::day(std::stoul(s.substr(8, 2)))};
  return ymd.ok();
}

void check_known_fields(const BriefValue& root, const FieldReader& read) {
  static const std::vector<std::string> kKnown = {
      "plan",  "topic",   "overview", "insights", "sources", "chunks", "host",   "cohost",
      "style", "minutes", "language", "tags",     "notes",   "date",   "format", "engine"};
  for (const auto& [key, value] : root.fields) {
    if (std::find(kKnown.begin(), kKnown.end(), key) == kKnown.end()) {
      read.fail(key, "unknown field");
    }
  }
}

// Host and co-host: voices of the lesson's language; the defaults are the language's first
// voice and, for a dialogue, another voice of it.
void read_hosts(const FieldReader& read, Brief& brief) {
  auto check_host = [&](const char* field, const std::string& value) -> std::string {
    const auto host = voices::find_host(value);
    if (!host) read.fail(field, fmt::format("unknown host '{}' (see `lectio voices`)", value));
    if (host->language != brief.language) {
      read.fail(field, fmt::format("host '{}' speaks {}, but the lesson is in {}", host->name,
                                   host->language, brief.language));
    }
    return host->name;
  };
  const auto host = read.text("host");
  brief.host = host && !host->empty() ? check_host("host", *host)
                                      : voices::default_host(brief.language).name;
  const auto cohost = read.text("cohost");
  if (cohost && !cohost->empty()) brief.cohost = check_host("cohost", *cohost);
  if (brief.format == LessonFormat::kDialogue && brief.cohost.empty()) {
    brief.cohost = voices::default_host(brief.language, brief.host).name;
  }
  if (!brief.cohost.empty() && brief.cohost == brief.host) {
    read.fail("cohost", "must differ from host");
  }
}

// The one validator: the same defaults and refusals for every syntax.
Brief brief_from_value(const BriefValue& root, const std::string& name) {
  if (root.kind != Kind::kMap) {
    throw InvalidInput(fmt::format("{}: a brief must be a mapping of fields", name));
  }
  FieldReader read(root, name);
  check_known_fields(root, read);
  Brief brief;
  brief.plan = read.text("plan").value_or("");
  brief.topic = read.text("topic").value_or("");
  if (brief.topic.empty()) read.fail("topic", "is required");
  brief.overview = read.text("overview", {5000}).value_or("");
  if (!read.find("insights")) read.fail("insights", "is required: a list of 1 to 12 insights");
  brief.insights = read.list("insights", {500, kMaxInsights});
  if (brief.insights.empty()) read.fail("insights", "must be a non-empty list");
  brief.sources = read.list("sources", {1000, 100});
  brief.chunks = read.list("chunks", {200, 200});
  for (const std::string& entry : brief.chunks) {
    if (!parse_chunk_range(entry)) {
      read.fail("chunks",
                fmt::format("'{}' is not a chunk id or range like file_x:c0003..c0007", entry));
    }
  }
  brief.tags = read.list("tags", {80, 20});
  brief.notes = read.text("notes", {10000}).value_or("");
  brief.language = read.choice("language", {"en", "zh"});
  brief.style = *value_of(kStyleNames, read.choice("style", names_in(kStyleNames)));
  brief.minutes = read.number("minutes", 1, 120);
  brief.format = *value_of(kFormatNames, read.choice("format", names_in(kFormatNames)));
  read_hosts(read, brief);
  if (read.find("engine")) brief.engine = read.choice("engine", {"extractive", "llm"});
  brief.date = read.text("date").value_or("");
  if (brief.date.empty()) brief.date = utc_date();
  if (!is_calendar_date(brief.date)) read.fail("date", "must be a date, YYYY-MM-DD");
  return brief;
}

}  // namespace

std::string_view style_name(Style style) {
  return name_of(kStyleNames, style);
}

double target_minutes(const Brief& brief) {
  if (brief.minutes) return *brief.minutes;
  return brief.style == Style::kDeep ? 25.0 : 12.0;
}

Brief parse_brief(std::string_view yaml, const std::string& name) {
  return brief_from_value(brief_value_from_yaml(yaml, name), name);
}

Brief parse_brief_json(std::string_view json, const std::string& name) {
  return brief_from_value(brief_value_from_json(json, name), name);
}

std::string brief_to_json(const Brief& brief) {
  nlohmann::ordered_json j = {{"plan", brief.plan},
                              {"topic", brief.topic},
                              {"overview", brief.overview},
                              {"insights", brief.insights},
                              {"sources", brief.sources},
                              {"chunks", brief.chunks},
                              {"host", brief.host},
                              {"cohost", brief.cohost},
                              {"style", std::string(style_name(brief.style))},
                              {"language", brief.language},
                              {"tags", brief.tags},
                              {"notes", brief.notes},
                              {"date", brief.date},
                              {"format", std::string(name_of(kFormatNames, brief.format))}};
  if (brief.minutes) j["minutes"] = *brief.minutes;
  if (!brief.engine.empty()) j["engine"] = brief.engine;
  return j.dump();
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
                                fmt::join(b.sources, "\x1e"), b.host, b.cohost, style_name(b.style),
                                b.minutes.value_or(0), b.language, fmt::join(b.tags, "\x1e"));
  key += fmt::format("\x1f{}\x1f{}", b.date, b.format == LessonFormat::kDialogue ? "d" : "m");
  // Appended only when set, so that the hashes (and ids) of briefs without it do not change.
  if (!b.chunks.empty()) key += fmt::format("\x1f{}", fmt::join(b.chunks, "\x1e"));
  // A model's lesson is another lesson than the built-in engine's, with an id of its own.
  if (b.engine == "llm") key += "\x1fllm";
  return content_hash(key);
}

}  // namespace lectio::lesson
