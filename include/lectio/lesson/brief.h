#pragma once
// A brief says what to teach: YAML in a file, JSON from the web API (see docs/brief.md).
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lectio::lesson {

enum class Style { kQuick, kDeep };
enum class LessonFormat { kMonologue, kDialogue };

struct Brief {
  std::string plan;
  std::string topic;  // required
  std::string overview;
  std::vector<std::string> insights;  // required, non-empty, covered in this order
  std::vector<std::string> sources;   // source ids or file paths; empty = every source
  // Chunk ids or ranges of the current versions ("file_x:c0003", "file_x:c0003..c0007") that
  // the lesson may draw on; empty = every chunk of the sources. Drafted plans use this to keep
  // each lesson on its own part of the material.
  std::vector<std::string> chunks;
  std::string host;    // a host name from `lectio voices`
  std::string cohost;  // second voice for a dialogue; default picked
  Style style = Style::kQuick;
  std::optional<double> minutes;  // overrides the style's length
  std::string language = "en";    // "en" or "zh"
  std::vector<std::string> tags;
  std::string notes;  // free text; URLs in it are never fetched
  std::string date;   // YYYY-MM-DD; default: today
  LessonFormat format = LessonFormat::kMonologue;
  // Who writes the lesson: "extractive" (built in) or "llm" (a model server); "" leaves it to
  // the command (its --engine, else extractive). See pipeline/engines.h.
  std::string engine;
  std::filesystem::path base_dir;  // relative source paths resolve against this
};

// One entry of Brief::chunks: ordinals first..last (inclusive) of a source's current version.
struct ChunkRange {
  std::string source_id;  // as written, e.g. "file_x" or "x"
  int first = 0;
  int last = 0;
};

// Parses "file_x:c0003", "file_x:c0003..c0007" or "file_x:c0003..file_x:c0007"; std::nullopt
// for anything else, including version-pinned ids.
[[nodiscard]] std::optional<ChunkRange> parse_chunk_range(std::string_view text);

// Parses a brief from YAML (a brief file) or JSON (the web API). One validator serves both:
// the same defaults (host: the language's first voice; cohost of a dialogue: another voice of
// it; date: today, UTC) and the same refusals (unknown fields, wrong types, out-of-range
// numbers, invalid dates, unknown enum values, duplicate YAML keys, empty or non-list
// insights, a host of another language, syntax errors with their line). `name` (the file
// path, or "brief") starts every message; messages name the field:
// "brief.yaml: field 'insights': must be a non-empty list". Throws InvalidField for a field,
// InvalidInput for the document as a whole.
[[nodiscard]] Brief parse_brief(std::string_view yaml, const std::string& name);
[[nodiscard]] Brief parse_brief_json(std::string_view json, const std::string& name);

// The brief as the JSON that parse_brief_json reads back to an equal brief (base_dir aside:
// it is not a field). Queued jobs carry briefs this way.
[[nodiscard]] std::string brief_to_json(const Brief& brief);

// Reads and parses a brief file; base_dir becomes the file's folder.
[[nodiscard]] Brief load_brief(const std::filesystem::path& path);

// Target length in minutes: `minutes` when set, else 12 for quick and 25 for deep.
[[nodiscard]] double target_minutes(const Brief& brief);

[[nodiscard]] std::string_view style_name(Style style);

// A stable hash of everything in the brief that changes the lesson.
[[nodiscard]] std::string brief_hash(const Brief& brief);

}  // namespace lectio::lesson
