#include "sqlite_link.h"

#include <fmt/format.h>

#include "lectio/core/error.h"

namespace lectio::queue::sqlite {

namespace {

// How long a statement waits for another connection's write lock before failing with Io.
constexpr int kBusyTimeoutMs = 10'000;

[[noreturn]] void fail(sqlite3* db, const std::string& name, std::string_view what) {
  throw Io(fmt::format("{}: {}: {}", name, what, sqlite3_errmsg(db)));
}

}  // namespace

bool Statement::step() {
  const int rc = sqlite3_step(stmt_.get());
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  fail(db_, name_, "job queue query failed");
}

std::string Statement::text(int column) const {
  const auto* p = sqlite3_column_text(stmt_.get(), column);
  const int n = sqlite3_column_bytes(stmt_.get(), column);
  return p ? std::string(reinterpret_cast<const char*>(p), static_cast<std::size_t>(n)) : "";
}

std::int64_t Statement::int64(int column) const {
  return sqlite3_column_int64(stmt_.get(), column);
}

bool Statement::is_null(int column) const {
  return sqlite3_column_type(stmt_.get(), column) == SQLITE_NULL;
}

Connection::Connection(const std::filesystem::path& file) : name_(file.string()) {
  sqlite3* raw = nullptr;
  const int rc =
      sqlite3_open_v2(name_.c_str(), &raw,
                      SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr);
  db_.reset(raw);  // sqlite3 hands back a handle to close even when opening fails
  if (rc != SQLITE_OK) {
    throw Io(fmt::format("{}: cannot open database: {}", name_,
                         raw ? sqlite3_errmsg(raw) : sqlite3_errstr(rc)));
  }
  sqlite3_busy_timeout(raw, kBusyTimeoutMs);
  exec("PRAGMA synchronous = NORMAL");
}

Statement Connection::query(std::string_view sql, const std::vector<Value>& values) {
  sqlite3_stmt* raw = nullptr;
  if (sqlite3_prepare_v2(db_.get(), sql.data(), static_cast<int>(sql.size()), &raw, nullptr) !=
      SQLITE_OK) {
    fail(db_.get(), name_, "cannot prepare a job queue statement");
  }
  Statement stmt(db_.get(), raw, name_);
  for (std::size_t i = 0; i < values.size(); ++i) {
    const int at = static_cast<int>(i + 1);
    int rc = SQLITE_OK;
    if (const auto* n = std::get_if<std::int64_t>(&values[i])) {
      rc = sqlite3_bind_int64(raw, at, *n);
    } else if (const auto* s = std::get_if<std::string>(&values[i])) {
      rc = sqlite3_bind_text(raw, at, s->data(), static_cast<int>(s->size()), SQLITE_TRANSIENT);
    } else {
      rc = sqlite3_bind_null(raw, at);
    }
    if (rc != SQLITE_OK) fail(db_.get(), name_, "cannot bind a value");
  }
  return stmt;
}

void Connection::exec(std::string_view sql, const std::vector<Value>& values) {
  if (!values.empty()) {
    query(sql, values).step();
    return;
  }
  const std::string text(sql);
  char* message = nullptr;
  if (sqlite3_exec(db_.get(), text.c_str(), nullptr, nullptr, &message) == SQLITE_OK) return;
  const std::string reason = message ? message : "unknown error";
  sqlite3_free(message);
  throw Io(fmt::format("{}: {}", name_, reason));
}

WriteTransaction::WriteTransaction(Connection& db) : db_(db) {
  db_.exec("BEGIN IMMEDIATE");
}

WriteTransaction::~WriteTransaction() {
  if (done_) return;
  sqlite3_exec(db_.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
}

void WriteTransaction::commit() {
  db_.exec("COMMIT");
  done_ = true;
}

}  // namespace lectio::queue::sqlite
