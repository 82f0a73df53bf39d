#pragma once
// A plan file: a titled series of chapters, each of a few lessons, given as YAML (see
// docs/plan.md). Lessons are briefs, inline or by path; inline briefs inherit the plan's
// language, host, style, minutes, date, sources, format and tags, and every lesson takes the plan's
// title as its `plan`.
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "lectio/lesson/brief.h"

namespace lectio::plan {

struct LessonSpec {
  lesson::Brief brief;
  std::string label;       // "chapter 2, lesson 1": names the lesson in messages
  std::string brief_path;  // the brief's file when given by path; empty when inline
  bool dated = false;      // the brief (or the plan) set a date; else it gets the plan's date
};

struct ChapterSpec {
  std::string title;
  std::vector<LessonSpec> lessons;
};

struct PlanFile {
  std::string title;  // required
  std::string description;
  std::string audience;
  std::string language = "en";
  std::string host;  // default: the language's first voice
  std::string style = "quick";
  std::vector<std::string> tags;      // default: the lessons' most common tags
  std::vector<ChapterSpec> chapters;  // at least one, each with at least one lesson
  std::filesystem::path path;         // the file it came from; empty when parsed from text
};

// Parses a plan file. `name` (usually the path) starts every error message, which names the
// field: "plan.yaml: field 'chapters': must be a non-empty list", "plan.yaml: chapter 2,
// lesson 1: field 'topic': is required". Relative brief paths and sources resolve against
// base_dir. Throws InvalidInput (NotFound for a missing brief file).
PlanFile parse_plan_file(std::string_view yaml, const std::string& name,
                         const std::filesystem::path& base_dir);

// Reads and parses a plan file; paths resolve against its folder.
PlanFile load_plan_file(const std::filesystem::path& path);

// How many lessons the plan has in all.
int lesson_count(const PlanFile& file);

}  // namespace lectio::plan
