#pragma once
// Typed reading of a JSON request body: the one place where handlers read their JSON fields.
// A field of the wrong type, a missing required field, an out-of-range number or text over
// its limit throws InvalidField naming the field, which route() answers 400
// {"error":{"code":"invalid_input","field":"rating","message":"field 'rating': ..."}}.
// Never a library type error, so never a 500.
#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace lectio::web {

class JsonRequest {
 public:
  explicit JsonRequest(nlohmann::json body) : body_(std::move(body)) {}

  // Text of at most max_bytes; required ones must be present and non-empty.
  std::string text(const char* field, std::size_t max_bytes) const;
  std::optional<std::string> optional_text(const char* field, std::size_t max_bytes) const;
  // A whole number in [low, high].
  int integer(const char* field, int low, int high) const;
  bool boolean(const char* field, bool fallback) const;

  // The body itself, for a document read by its own validator (a brief).
  const nlohmann::json& body() const { return body_; }

 private:
  const nlohmann::json* find(const char* field) const;

  nlohmann::json body_;
};

}  // namespace lectio::web
