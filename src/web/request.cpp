#include "request.h"

#include <fmt/format.h>

#include "lectio/core/error.h"

namespace lectio::web {

namespace {

[[noreturn]] void fail(const char* field, const std::string& reason) {
  throw InvalidField(field, fmt::format("field '{}': {}", field, reason));
}

std::string type_of(const nlohmann::json& v) {
  if (v.is_null()) return "null";
  if (v.is_boolean()) return "true or false";
  if (v.is_number()) return "a number";
  if (v.is_array()) return "a list";
  if (v.is_object()) return "an object";
  return "text";
}

}  // namespace

const nlohmann::json* JsonRequest::find(const char* field) const {
  const auto it = body_.find(field);
  return it == body_.end() ? nullptr : &*it;
}

std::optional<std::string> JsonRequest::optional_text(const char* field,
                                                      std::size_t max_bytes) const {
  const nlohmann::json* v = find(field);
  if (!v) return std::nullopt;
  if (!v->is_string()) fail(field, "must be text, not " + type_of(*v));
  std::string value = v->get<std::string>();
  if (value.size() > max_bytes) fail(field, fmt::format("over {} bytes", max_bytes));
  return value;
}

std::string JsonRequest::text(const char* field, std::size_t max_bytes) const {
  std::optional<std::string> value = optional_text(field, max_bytes);
  if (!value || value->empty()) fail(field, "is required");
  return *value;
}

int JsonRequest::integer(const char* field, int low, int high) const {
  const nlohmann::json* v = find(field);
  const std::string range = fmt::format("must be a whole number from {} to {}", low, high);
  if (!v) fail(field, "is required: " + range);
  if (!v->is_number_integer()) fail(field, range + ", not " + type_of(*v));
  const auto n = v->get<long long>();
  if (n < low || n > high) fail(field, range);
  return static_cast<int>(n);
}

bool JsonRequest::boolean(const char* field, bool fallback) const {
  const nlohmann::json* v = find(field);
  if (!v) return fallback;
  if (!v->is_boolean()) fail(field, "must be true or false, not " + type_of(*v));
  return v->get<bool>();
}

}  // namespace lectio::web
