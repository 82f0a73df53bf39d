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

// Runs `step` and re-throws any failure as the same error kind with `input: ` in front, so that
// a message names its input once (a message that starts with it already is kept as it is).
// Anything that is not a lectio::Error becomes Internal ("unexpected failure").
template <class Fn>
auto naming_input(const std::string& input, Fn&& step) -> decltype(step()) {
  const std::string where = input + ": ";
  const auto named = [&](const std::exception& e) {
    const std::string what = e.what();
    return what.rfind(where, 0) == 0 ? what : where + what;
  };
  try {
    return step();
  } catch (const InvalidInput& e) {
    throw InvalidInput(named(e));
  } catch (const Unsupported& e) {
    throw Unsupported(named(e));
  } catch (const NotFound& e) {
    throw NotFound(named(e));
  } catch (const Io& e) {
    throw Io(named(e));
  } catch (const Internal& e) {
    throw Internal(named(e));
  } catch (const std::exception& e) {
    throw Internal(where + "unexpected failure: " + e.what());
  }
}

}  // namespace lectio
