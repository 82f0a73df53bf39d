#pragma once
// The one small exception hierarchy for failures. Expected misses use std::optional instead.
#include <stdexcept>
#include <string>
#include <utility>

namespace lectio {

// Base of every error Lectio throws on purpose. what() is a one-line, user-facing message
// that names the input and the reason.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The caller's input is wrong (bad file, bad brief, bad argument).
class InvalidInput : public Error {
 public:
  using Error::Error;
};

// One named field of a structured input is wrong (a brief's field, a request's JSON field):
// what() is the whole message, field() the field's name, so that the web can answer
// {"error":{"field":...}} and a form can mark the field.
class InvalidField : public InvalidInput {
 public:
  InvalidField(std::string field, const std::string& message)
      : InvalidInput(message), field_(std::move(field)) {}
  const std::string& field() const { return field_; }

 private:
  std::string field_;
};

// Something that was named does not exist (a source id, a chunk id, a file).
class NotFound : public Error {
 public:
  using Error::Error;
};

// Reading or writing failed (disk, database, permissions).
class Io : public Error {
 public:
  using Error::Error;
};

// The input is well-formed but of a kind Lectio does not handle (encrypted PDF, a format).
class Unsupported : public Error {
 public:
  using Error::Error;
};

// A bug or a broken invariant inside Lectio.
class Internal : public Error {
 public:
  using Error::Error;
};

}  // namespace lectio
