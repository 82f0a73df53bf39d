#pragma once
// A small RAII wrapper over one SQLite connection, private to the queue's SQLite backend.
// Throws lectio::Io naming the file on any failure.
#include <sqlite3.h>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace lectio::queue::sqlite {

using Value = std::variant<std::monostate, std::int64_t, std::string>;  // monostate: NULL

class Statement {
 public:
  Statement(sqlite3* db, sqlite3_stmt* stmt, const std::string& name)
      : db_(db), stmt_(stmt), name_(name) {}
  bool step();  // true while rows remain
  std::string text(int column) const;
  std::int64_t int64(int column) const;
  bool is_null(int column) const;

 private:
  struct Finalizer {
    void operator()(sqlite3_stmt* s) const { sqlite3_finalize(s); }
  };
  sqlite3* db_;
  std::unique_ptr<sqlite3_stmt, Finalizer> stmt_;
  const std::string& name_;
};

class Connection {
 public:
  explicit Connection(const std::filesystem::path& file);
  // Prepares `sql` with ?1, ?2 … bound to `values`.
  Statement query(std::string_view sql, const std::vector<Value>& values = {});
  // Runs a statement (or a script when there are no values) that returns no rows.
  void exec(std::string_view sql, const std::vector<Value>& values = {});
  int changes() const { return sqlite3_changes(db_.get()); }
  sqlite3* handle() const { return db_.get(); }
  const std::string& name() const { return name_; }

 private:
  struct Closer {
    void operator()(sqlite3* db) const { sqlite3_close_v2(db); }
  };
  std::unique_ptr<sqlite3, Closer> db_;
  std::string name_;
};

// BEGIN IMMEDIATE: the write lock from the start, so that a read-then-write (a claim, a fenced
// update) never meets a writer in between. Rolls back unless commit() was called.
class WriteTransaction {
 public:
  explicit WriteTransaction(Connection& db);
  ~WriteTransaction();
  WriteTransaction(const WriteTransaction&) = delete;
  WriteTransaction& operator=(const WriteTransaction&) = delete;
  void commit();

 private:
  Connection& db_;
  bool done_ = false;
};

}  // namespace lectio::queue::sqlite
