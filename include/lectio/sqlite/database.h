#pragma once
// A small RAII wrapper over one SQLite connection, shared by the store's SQLite backend and the
// job queue's (as lectio/pg/connection.h is by their PostgreSQL backends). No SQLite type
// appears here. A Database and its statements are not thread-safe: use one per thread.
// Every failure throws lectio::Io naming the database file.
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace lectio::sqlite {

// A value bound to a placeholder; std::monostate is SQL NULL.
using Value = std::variant<std::monostate, std::int64_t, std::string>;
using Values = std::vector<Value>;

class Database;

// A prepared statement. Bind with 1-based indices; step() returns true while rows remain, and
// the accessors (0-based columns) read the current row. Must not outlive its Database.
class Statement {
 public:
  Statement(Statement&&) noexcept = default;
  Statement& operator=(Statement&&) noexcept = default;
  ~Statement() = default;

  Statement& bind(int index, std::string_view value);
  Statement& bind(int index, const char* value) { return bind(index, std::string_view(value)); }
  Statement& bind(int index, const std::string& value) {
    return bind(index, std::string_view(value));
  }
  Statement& bind(int index, std::int64_t value);
  Statement& bind(int index, int value) { return bind(index, static_cast<std::int64_t>(value)); }
  Statement& bind_null(int index);
  Statement& bind(int index, std::monostate /*null*/) { return bind_null(index); }
  // Binds values[i] to placeholder i + 1: any range of std::variant whose alternatives bind()
  // takes (Values, or a caller's own variant without NULL).
  template <typename Range>
  Statement& bind_all(const Range& values) {
    int index = 0;
    for (const auto& value : values) {
      ++index;
      std::visit([&](const auto& v) { bind(index, v); }, value);
    }
    return *this;
  }

  bool step();
  void run();    // steps once, expecting no rows, then resets
  void reset();  // back to the start, bindings cleared

  std::string text(int column) const;  // "" for NULL
  std::int64_t int64(int column) const;
  int integer(int column) const { return static_cast<int>(int64(column)); }
  // A SQL truth value: the integer 0 or 1. Throws Internal for anything else, so that a query
  // and its reader that disagree (a count read as a flag) fail instead of reading false.
  bool boolean(int column) const;
  bool is_null(int column) const;

 private:
  friend class Database;
  struct Handle;  // the C statement, opaque here
  struct Finalizer {
    void operator()(Handle* handle) const;
  };
  Statement(const Database& db, Handle* handle) : db_(&db), handle_(handle) {}

  const Database* db_;
  std::unique_ptr<Handle, Finalizer> handle_;
};

// Owns one connection, opened read-write (the file is created when missing) with a busy
// timeout: a statement waits that long for another connection's lock before failing. An
// existing file in a directory this process may not write (a read-only data directory) is
// opened read-only and immutable instead, so that commands that only read still work there;
// read_only() says so, and a write then fails with Io. Neither copied nor moved: statements
// point at it.
class Database {
 public:
  explicit Database(const std::filesystem::path& file,
                    std::chrono::milliseconds busy_timeout = std::chrono::seconds(5));
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  // Runs a script of statements without values (migrations, pragmas).
  void exec(std::string_view script);
  // Runs one statement with ?1, ?2 … bound to `values`, expecting no rows.
  void exec(std::string_view sql, const Values& values);
  Statement prepare(std::string_view sql);
  // prepare() with ?1, ?2 … bound to `values`.
  Statement query(std::string_view sql, const Values& values = {});

  int changes() const;  // rows changed by the last INSERT/UPDATE/DELETE
  std::int64_t last_insert_rowid() const;
  bool in_transaction() const;
  bool read_only() const { return read_only_; }
  const std::string& name() const { return name_; }
  // Throws Io: "<file>: <what>: <SQLite's message>".
  [[noreturn]] void fail(std::string_view what) const;

 private:
  friend class Statement;
  friend class Transaction;
  struct Handle;  // the C connection, opaque here
  std::unique_ptr<Handle> handle_;
  std::string name_;
  bool read_only_ = false;
};

// Resets a statement that is kept prepared for reuse when the scope ends, on an error too, so
// that it never holds a read open or stale bindings between uses.
class ResetOnExit {
 public:
  explicit ResetOnExit(Statement& stmt) : stmt_(stmt) {}
  ~ResetOnExit() { stmt_.reset(); }
  ResetOnExit(const ResetOnExit&) = delete;
  ResetOnExit& operator=(const ResetOnExit&) = delete;

 private:
  Statement& stmt_;
};

// BEGIN IMMEDIATE: the write lock from the start, so that a read-then-write (a claim, a fenced
// update, a new version) never meets another writer in between. Rolls back unless commit() was
// called; the destructor never throws. Inside a transaction already open on the connection it
// is a savepoint, so that a store's writes can join a job queue's completion transaction (as
// pg::Transaction does).
class Transaction {
 public:
  explicit Transaction(Database& db);
  ~Transaction();
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  void commit();

 private:
  Database& db_;
  bool nested_ = false;
  bool done_ = false;
};

}  // namespace lectio::sqlite
