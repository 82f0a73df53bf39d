#pragma once
// A brief document as read from YAML or JSON, before validation: the one validator
// (brief.cpp) reads this, so both syntaxes get the same defaults and the same refusals.
// Private to the compose module.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace lectio::lesson {

struct BriefField;

struct BriefValue {
  // kPlain is an unquoted YAML scalar, whose type the field decides (YAML's core schema:
  // `minutes: 14` is a number, `topic: 1984` text); JSON values and quoted YAML scalars carry
  // their own type. kNull is JSON null and YAML's empty, `~` and `null`.
  enum class Kind { kNull, kPlain, kText, kNumber, kBool, kList, kMap };
  Kind kind = Kind::kNull;
  std::string text;  // kPlain and kText: the text; kNumber: as written
  double number = 0;
  bool boolean = false;
  std::vector<BriefValue> items;   // kList
  std::vector<BriefField> fields;  // kMap, in document order
};

// A pair would need BriefValue complete where it is declared, which clang's checks refuse.
struct BriefField {
  std::string key;
  BriefValue value;
};

// Parse a document. `name` starts every error message. Throw InvalidInput (InvalidField
// naming the key for a duplicate YAML key) for a syntax error, with its line for YAML.
BriefValue brief_value_from_yaml(std::string_view yaml, const std::string& name);
BriefValue brief_value_from_json(std::string_view json, const std::string& name);

}  // namespace lectio::lesson
