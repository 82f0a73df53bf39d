#include "brief_value.h"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <nlohmann/json.hpp>
#include <set>

#include "lectio/core/error.h"

namespace lectio::lesson {

namespace {

using Kind = BriefValue::Kind;

// Deeper documents are no brief: refused before the recursion could exhaust the stack.
constexpr int kMaxDepth = 8;
// Values in one brief. YAML aliases share nodes, so a few hundred bytes can name billions of
// values (a "billion laughs"): the walk stops at this many, before expanding them.
constexpr int kMaxValues = 10000;

bool is_yaml_null(const std::string& s) {
  return s.empty() || s == "~" || s == "null" || s == "Null" || s == "NULL";
}

BriefValue from_yaml(const YAML::Node& node, const std::string& name, int depth, int& values) {
  if (++values > kMaxValues) {
    throw InvalidInput(fmt::format(
        "{}: expands to over {} values (YAML aliases repeat what they name)", name, kMaxValues));
  }
  if (depth > kMaxDepth) throw InvalidInput(fmt::format("{}: nested too deeply", name));
  BriefValue v;
  if (!node || node.IsNull()) return v;
  if (node.IsScalar()) {
    v.text = node.Scalar();
    // "!" is yaml-cpp's tag for a quoted scalar: text, whatever it looks like.
    v.kind = node.Tag() == "!" ? Kind::kText : is_yaml_null(v.text) ? Kind::kNull : Kind::kPlain;
    return v;
  }
  if (node.IsSequence()) {
    v.kind = Kind::kList;
    for (const YAML::Node& item : node) {
      v.items.push_back(from_yaml(item, name, depth + 1, values));
    }
    return v;
  }
  v.kind = Kind::kMap;
  std::set<std::string> seen;
  for (const auto& entry : node) {
    const std::string key = entry.first.IsScalar() ? entry.first.Scalar() : std::string();
    if (key.empty()) {
      throw InvalidInput(
          fmt::format("{}: line {}: a key must be a name", name, entry.first.Mark().line + 1));
    }
    if (!seen.insert(key).second) {
      throw InvalidField(key, fmt::format("{}: field '{}': appears twice (again at line {})", name,
                                          key, entry.first.Mark().line + 1));
    }
    v.fields.push_back({key, from_yaml(entry.second, name, depth + 1, values)});
  }
  return v;
}

BriefValue from_json(const nlohmann::json& j, const std::string& name, int depth) {
  if (depth > kMaxDepth) throw InvalidInput(fmt::format("{}: nested too deeply", name));
  BriefValue v;
  switch (j.type()) {
    case nlohmann::json::value_t::null:
    case nlohmann::json::value_t::discarded:
      return v;
    case nlohmann::json::value_t::string:
      v.kind = Kind::kText;
      v.text = j.get<std::string>();
      return v;
    case nlohmann::json::value_t::boolean:
      v.kind = Kind::kBool;
      v.boolean = j.get<bool>();
      return v;
    case nlohmann::json::value_t::array:
      v.kind = Kind::kList;
      for (const auto& item : j) v.items.push_back(from_json(item, name, depth + 1));
      return v;
    case nlohmann::json::value_t::object:
      v.kind = Kind::kMap;
      for (const auto& [key, value] : j.items()) {
        v.fields.push_back({key, from_json(value, name, depth + 1)});
      }
      return v;
    default:  // the number types
      v.kind = Kind::kNumber;
      v.number = j.get<double>();
      v.text = j.dump();
      return v;
  }
}

}  // namespace

BriefValue brief_value_from_yaml(std::string_view yaml, const std::string& name) {
  YAML::Node root;
  try {
    root = YAML::Load(std::string(yaml));
  } catch (const YAML::Exception& e) {
    throw InvalidInput(
        fmt::format("{}: invalid YAML at line {}: {}", name, e.mark.line + 1, e.msg));
  }
  int values = 0;
  return from_yaml(root, name, 0, values);
}

BriefValue brief_value_from_json(std::string_view json, const std::string& name) {
  const nlohmann::json j = nlohmann::json::parse(json, nullptr, false);
  if (j.is_discarded()) throw InvalidInput(fmt::format("{}: not valid JSON", name));
  return from_json(j, name, 0);
}

}  // namespace lectio::lesson
