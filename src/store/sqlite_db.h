#pragma once
// Thin RAII wrappers over the SQLite C API, private to the store module.
#include <sqlite3.h>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "row.h"

namespace lectio::store::sqlite {

struct DbCloser {
  bool owned = true;  // false: a borrowed connection, closed by its owner
  void operator()(sqlite3* db) const {
    if (owned) sqlite3_close_v2(db);
  }
};
struct StmtFinalizer {
  void operator()(sqlite3_stmt* stmt) const { sqlite3_finalize(stmt); }
};

class Statement;

// Owns one connection. Throws lectio::Io on failure, naming the database file.
class Database {
 public:
  // Opens (creating) the file for reading and writing; an existing file in a directory this
  // process may not write (a read-only data directory) is opened read-only and immutable,
  // so that commands that only read still work there.
  explicit Database(const std::filesystem::path& file);
  // Uses a connection owned elsewhere (a job queue's), which must outlive this object.
  Database(sqlite3* borrowed, std::string name);
  void exec(std::string_view sql);
  Statement prepare(std::string_view sql);
  std::int64_t last_insert_rowid() const;
  [[noreturn]] void fail(std::string_view what) const;
  sqlite3* handle() const { return db_.get(); }
  const std::string& name() const { return name_; }
  bool read_only() const { return read_only_; }

 private:
  std::unique_ptr<sqlite3, DbCloser> db_;
  std::string name_;
  bool read_only_ = false;
};

// A prepared statement. Bind with 1-based indices; step() returns true while rows remain, and
// the Row accessors read the current one.
class Statement final : public Row {
 public:
  Statement(const Database& db, sqlite3_stmt* stmt) : db_(&db), stmt_(stmt) {}
  Statement(Statement&&) = default;
  Statement& operator=(Statement&&) = default;
  Statement& bind(int index, std::string_view value);
  Statement& bind(int index, std::int64_t value);
  Statement& bind(int index, int value) { return bind(index, static_cast<std::int64_t>(value)); }
  // Binds values[i] to placeholder i + 1.
  Statement& bind_all(const Values& values);
  bool step();
  void run();  // steps once, expecting no rows
  void reset();
  std::string text(int column) const override;
  std::int64_t int64(int column) const override;
  bool boolean(int column) const override;
  bool is_null(int column) const override;

 private:
  const Database* db_;
  std::unique_ptr<sqlite3_stmt, StmtFinalizer> stmt_;
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

// Begins a transaction; rolls back unless commit() was called. The destructor never throws.
// Inside a transaction already open on the connection it is a savepoint, so that a store's
// writes can join a job queue's completion transaction (as pg::Transaction does).
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

}  // namespace lectio::store::sqlite
