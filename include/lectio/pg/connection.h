#pragma once
// A small RAII wrapper over libpq: one connection, parameterised queries only (values travel
// separately from the SQL, as text), results owned by value types. No libpq type appears here.
// A Connection is not thread-safe: use one per thread.
#include <chrono>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lectio/core/error.h"

namespace lectio::pg {

// A statement failed on the server. sqlstate() is the five-character SQLSTATE ("23505" for a
// unique violation); empty when the connection itself broke.
class QueryError : public Io {
 public:
  QueryError(const std::string& message, std::string sqlstate)
      : Io(message), sqlstate_(std::move(sqlstate)) {}
  const std::string& sqlstate() const { return sqlstate_; }

 private:
  std::string sqlstate_;
};

// One query parameter, sent as text; std::nullopt is SQL NULL.
class Param {
 public:
  Param(std::nullopt_t) {}  // NOLINT: implicit by design, like the others
  Param(std::string_view value) : value_(std::string(value)) {}
  Param(const char* value) : value_(std::string(value)) {}
  Param(const std::string& value) : value_(value) {}
  Param(std::int64_t value) : value_(std::to_string(value)) {}
  Param(int value) : value_(std::to_string(value)) {}
  Param(double value);
  Param(bool value) : value_(value ? "true" : "false") {}
  const std::optional<std::string>& value() const { return value_; }

 private:
  std::optional<std::string> value_;
};

// The rows of one statement. Column and row indices are 0-based; accessors throw Internal for
// an index out of range or a value that does not convert.
class Result {
 public:
  struct Impl;
  explicit Result(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}
  int rows() const;
  int columns() const;
  int affected() const;  // rows changed by INSERT/UPDATE/DELETE
  bool is_null(int row, int column) const;
  std::string text(int row, int column) const;  // "" for NULL
  std::optional<std::string> optional_text(int row, int column) const;
  std::int64_t int64(int row, int column) const;
  int integer(int row, int column) const { return static_cast<int>(int64(row, column)); }
  double real(int row, int column) const;
  bool boolean(int row, int column) const;

 private:
  std::shared_ptr<const Impl> impl_;
};

struct Notification {
  std::string channel;
  std::string payload;
};

class Connection {
 public:
  // Connects to a libpq URL (postgresql://user:pass@host:port/db, or key=value pairs).
  // Throws Io naming the host and database (never the password).
  explicit Connection(const std::string& url);
  ~Connection();
  Connection(Connection&&) noexcept;
  Connection& operator=(Connection&&) noexcept;

  // Runs one statement with $1, $2 … bound to params. Throws QueryError.
  Result exec(std::string_view sql, std::initializer_list<Param> params = {});
  Result exec(std::string_view sql, const std::vector<Param>& params);
  // Runs a script of several statements without parameters (migrations). Throws QueryError.
  void exec_script(std::string_view sql);

  // Subscribes to a notification channel (LISTEN); the name is quoted as an identifier.
  void listen(std::string_view channel);
  // Waits up to `timeout` for a notification on a channel listened to; std::nullopt on timeout.
  std::optional<Notification> wait_notification(std::chrono::milliseconds timeout);

  // "host/db" for messages.
  const std::string& name() const;
  bool in_transaction() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Begins a transaction; rolls back unless commit() was called. The destructor never throws.
// Inside a transaction already open on the connection it is a savepoint: commit() releases it
// into the enclosing transaction, and leaving without commit() rolls back only its own work.
// So a store's writes can join a queue worker's completion transaction.
class Transaction {
 public:
  explicit Transaction(Connection& db);
  ~Transaction();
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  void commit();

 private:
  Connection& db_;
  bool nested_ = false;
  bool done_ = false;
};

// Quotes a name as an SQL identifier ("a""b") for the statements that take no parameters in
// that place (LISTEN, CREATE DATABASE). Values always go through Param.
std::string quote_identifier(std::string_view name);

}  // namespace lectio::pg
