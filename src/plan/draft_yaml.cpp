// A draft as an editable plan file.
#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include "lectio/core/source.h"
#include "lectio/plan/draft.h"

namespace lectio::plan {

namespace {

// "file_x:c0003", "file_x:c0004", "file_x:c0005" -> "file_x:c0003..c0005".
std::vector<std::string> as_ranges(const std::vector<std::string>& chunk_ids) {
  std::vector<std::string> out;
  std::optional<ChunkRef> first;
  std::optional<ChunkRef> last;
  const auto flush = [&] {
    if (!first) return;
    out.push_back(first->ordinal == last->ordinal
                      ? first->str()
                      : fmt::format("{}..c{:04d}", first->str(), last->ordinal));
  };
  for (const std::string& id : chunk_ids) {
    const auto ref = ChunkRef::parse(id);
    if (!ref) continue;
    if (first && ref->source_id == last->source_id && ref->ordinal == last->ordinal + 1) {
      last = ref;
      continue;
    }
    flush();
    first = ref;
    last = ref;
  }
  flush();
  return out;
}

void flow_list(YAML::Emitter& out, const std::vector<std::string>& items) {
  out << YAML::Flow << YAML::BeginSeq;
  for (const std::string& i : items) out << i;
  out << YAML::EndSeq;
}

}  // namespace

std::string draft_to_yaml(const Draft& draft) {
  YAML::Emitter out;
  out << YAML::Comment(
             "Drafted by `lectio plan draft` from the sources alone. Edit freely (titles, "
             "insights, order), then run `lectio plan build` on this file.")
      << YAML::Newline;
  out << YAML::BeginMap;
  out << YAML::Key << "title" << YAML::Value << draft.title;
  out << YAML::Key << "description" << YAML::Value << draft.description;
  out << YAML::Key << "audience" << YAML::Value << draft.audience;
  out << YAML::Key << "language" << YAML::Value << draft.language;
  out << YAML::Key << "host" << YAML::Value << draft.host;
  out << YAML::Key << "style" << YAML::Value << "quick";
  out << YAML::Key << "chapters" << YAML::Value << YAML::BeginSeq;
  for (const DraftChapter& c : draft.chapters) {
    out << YAML::BeginMap;
    out << YAML::Key << "title" << YAML::Value << c.title;
    out << YAML::Key << "lessons" << YAML::Value << YAML::BeginSeq;
    for (const DraftLesson& l : c.lessons) {
      out << YAML::BeginMap;
      out << YAML::Key << "topic" << YAML::Value << l.topic;
      if (!l.overview.empty()) out << YAML::Key << "overview" << YAML::Value << l.overview;
      out << YAML::Key << "insights" << YAML::Value << YAML::BeginSeq;
      for (const std::string& i : l.insights) out << i;
      out << YAML::EndSeq;
      out << YAML::Key << "sources" << YAML::Value;
      flow_list(out, l.sources);
      // Keeps the lesson on its own part of the material, so lessons do not repeat each other.
      out << YAML::Key << "chunks" << YAML::Value;
      flow_list(out, as_ranges(l.chunk_ids));
      out << YAML::Key << "minutes" << YAML::Value << l.minutes;
      out << YAML::EndMap;
    }
    out << YAML::EndSeq << YAML::EndMap;
  }
  out << YAML::EndSeq << YAML::EndMap;
  if (!out.good()) return {};
  return std::string(out.c_str()) + "\n";
}

}  // namespace lectio::plan
