#include "lectio/compose/composer.h"

#include <fmt/format.h>

#include <cmath>
#include <filesystem>

#include "lectio/core/error.h"
#include "lectio/core/hash.h"
#include "lectio/grounding/grounding.h"
#include "lectio/text/speaking_rate.h"
#include "lectio/text/strings.h"
#include "phrasing.h"

namespace fs = std::filesystem;

namespace lectio::compose {

namespace {

std::string resolve_source(const std::string& entry, const lesson::Brief& brief,
                           store::ContentStore& store) {
  const std::string id = entry.rfind("file_", 0) == 0 ? entry : "file_" + entry;
  if (store.source(id, std::nullopt)) return id;
  fs::path path(entry);
  if (path.is_relative()) path = brief.base_dir / path;
  std::error_code ec;
  if (fs::exists(path, ec)) {
    const std::string absolute = fs::absolute(path).lexically_normal().string();
    if (auto found = store.source_id_for_path(absolute)) return *found;
    throw InvalidInput(fmt::format(
        "brief: field 'sources': {} has not been added (run `lectio add {}` first)", entry, entry));
  }
  throw InvalidInput(
      fmt::format("brief: field 'sources': unknown source '{}' (see `lectio sources`)", entry));
}

std::vector<Source> resolve_sources(const lesson::Brief& brief, store::ContentStore& store) {
  if (brief.sources.empty()) {
    auto all = store.sources();
    if (all.empty()) throw InvalidInput("brief: field 'sources': the store has no sources yet");
    return all;
  }
  std::vector<Source> out;
  for (const std::string& entry : brief.sources) {
    const std::string id = resolve_source(entry, brief, store);
    bool dup = false;
    for (const Source& s : out) dup = dup || s.id == id;
    if (!dup) out.push_back(*store.source(id, std::nullopt));
  }
  return out;
}

// Keeps the chunks (and the sources) the brief's `chunks` field names. Throws InvalidInput
// for a range outside the brief's sources or a scope that names no chunk.
void scope_material(const lesson::Brief& brief, lesson::Material& m) {
  std::vector<lesson::ChunkRange> ranges;
  for (const std::string& entry : brief.chunks) {
    lesson::ChunkRange r = *lesson::parse_chunk_range(entry);  // parse_brief has checked the syntax
    if (r.source_id.rfind("file_", 0) != 0) r.source_id = "file_" + r.source_id;
    bool known = false;
    for (const Source& s : m.sources) known = known || s.id == r.source_id;
    if (!known) {
      throw InvalidInput(
          fmt::format("brief: field 'chunks': '{}' is not a chunk of the brief's sources", entry));
    }
    ranges.push_back(std::move(r));
  }
  const auto in_scope = [&](const Chunk& c) {
    for (const lesson::ChunkRange& r : ranges) {
      if (r.source_id == c.source_id && c.ordinal >= r.first && c.ordinal <= r.last) return true;
    }
    return false;
  };
  std::erase_if(m.chunks, [&](const Chunk& c) { return !in_scope(c); });
  if (m.chunks.empty()) {
    throw InvalidInput("brief: field 'chunks': names no chunk of the current source versions");
  }
  std::erase_if(m.sources, [&](const Source& s) {
    for (const lesson::ChunkRange& r : ranges) {
      if (r.source_id == s.id) return false;
    }
    return true;
  });
}

lesson::Material load_material(const lesson::Brief& brief, store::ContentStore& store,
                               search::Index& index) {
  lesson::Material m;
  m.index = &index;
  m.sources = resolve_sources(brief, store);
  for (const Source& s : m.sources) {
    auto chunks = store.chunks(s.id, s.version);
    m.chunks.insert(m.chunks.end(), std::make_move_iterator(chunks.begin()),
                    std::make_move_iterator(chunks.end()));
  }
  if (!brief.chunks.empty()) scope_material(brief, m);
  return m;
}

}  // namespace

double estimate_minutes(const lesson::Lesson& lesson) {
  int units = 0;
  int sentences = 0;
  for (const lesson::ScriptSection& sec : lesson.script) {
    for (const auto& s : sec.sentences) {
      units += text::spoken_units(s.text, lesson.language);
      ++sentences;
    }
  }
  const double seconds = text::speaking_seconds(units, lesson.language) +
                         sentences * text::kSentencePauseSeconds +
                         static_cast<double>(lesson.script.size()) * text::kSectionPauseSeconds;
  return seconds / 60.0;
}

namespace {

std::string build_key_of(const lesson::Brief& brief, const lesson::Material& material,
                         std::string_view engine) {
  std::string key = lesson::brief_hash(brief);
  for (const Source& s : material.sources) key += fmt::format("|{}@{}", s.id, s.version);
  // Only for another engine, so that the keys of built-in lessons stay as they were.
  if (engine != "extractive") key += fmt::format("|engine={}", engine);
  return content_hash(key);
}

}  // namespace

std::string lesson_build_key(const lesson::Brief& brief, store::ContentStore& store,
                             std::string_view engine) {
  lesson::Material material;
  material.sources = resolve_sources(brief, store);
  return build_key_of(brief, material, engine);
}

lesson::Lesson compose_lesson(const lesson::Brief& brief, store::ContentStore& store,
                              search::Index& index, Engine& engine) {
  const lesson::Material material = load_material(brief, store, index);
  lesson::Lesson lesson = engine.compose(brief, material);
  lesson.engine = engine.name();
  lesson.language = brief.language;
  lesson.plan = brief.plan;
  lesson.topic = brief.topic;
  lesson.overview = brief.overview;
  lesson.insights = brief.insights;
  lesson.host = brief.host;
  lesson.cohost = brief.format == lesson::LessonFormat::kDialogue ? brief.cohost : "";
  lesson.style = std::string(lesson::style_name(brief.style));
  lesson.format = brief.format == lesson::LessonFormat::kDialogue ? "dialogue" : "monologue";
  lesson.date = brief.date;
  lesson.brief_hash = lesson::brief_hash(brief);
  // From the brief's sources before any chunk scoping, exactly as lesson_build_key() has it.
  lesson.build_key = lesson_build_key(brief, store, lesson.engine);
  if (lesson.title.empty()) lesson.title = brief.topic;
  lesson.slug = text::slugify(lesson.title, 60);
  lesson.id =
      fmt::format("lesson_{}_{}", text::slugify(lesson.title, 32), lesson.brief_hash.substr(0, 8));

  grounding::verify_grounding(lesson, store);

  lesson.duration.target_minutes = lesson::target_minutes(brief);
  lesson.duration.estimated_minutes = std::round(estimate_minutes(lesson) * 10) / 10;
  if (lesson.description.empty()) {
    lesson.description = Phrasing(brief, 0).description(lesson.duration.estimated_minutes);
  }
  if (lesson.duration.estimated_minutes < 0.6 * lesson.duration.target_minutes) {
    lesson.warnings.push_back(fmt::format(
        "the sources support about {:.0f} of the {:.0f} minutes asked for; add sources for a "
        "longer lesson",
        std::max(1.0, lesson.duration.estimated_minutes), lesson.duration.target_minutes));
  }
  return lesson;
}

}  // namespace lectio::compose
