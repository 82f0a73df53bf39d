#include "sqlite_db.h"

#include <fmt/format.h>
#include <unistd.h>

#include <variant>

#include "lectio/core/error.h"

namespace lectio::store::sqlite {

namespace {

// An existing database whose directory (for the WAL and shared-memory files) or file this
// process may not write.
bool unwritable(const std::filesystem::path& file) {
  std::error_code ec;
  if (!std::filesystem::exists(file, ec)) return false;
  const std::filesystem::path dir = file.has_parent_path() ? file.parent_path() : ".";
  return ::access(dir.c_str(), W_OK) != 0 || ::access(file.c_str(), W_OK) != 0;
}

// A file: URI for SQLite, with '%', '?' and '#' escaped.
std::string file_uri(const std::string& path) {
  std::string out = "file:";
  for (const char c : path) {
    if (c == '%' || c == '?' || c == '#') {
      out += fmt::format("%{:02X}", static_cast<unsigned char>(c));
    } else {
      out += c;
    }
  }
  return out + "?immutable=1";
}

}  // namespace

Database::Database(const std::filesystem::path& file)
    : name_(file.string()), read_only_(unwritable(file)) {
  sqlite3* raw = nullptr;
  const int rc =
      read_only_
          ? sqlite3_open_v2(file_uri(name_).c_str(), &raw,
                            SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, nullptr)
          : sqlite3_open_v2(name_.c_str(), &raw,
                            SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                            nullptr);
  db_.reset(raw);  // sqlite3 hands back a handle to close even when opening fails
  if (rc != SQLITE_OK) {
    throw Io(fmt::format("{}: cannot open database: {}", name_,
                         raw ? sqlite3_errmsg(raw) : sqlite3_errstr(rc)));
  }
  sqlite3_busy_timeout(raw, 5000);
  sqlite3_extended_result_codes(raw, 1);
}

Database::Database(sqlite3* borrowed, std::string name)
    : db_(borrowed, DbCloser{false}), name_(std::move(name)) {}

void Database::fail(std::string_view what) const {
  throw Io(fmt::format("{}: {}: {}", name_, what, sqlite3_errmsg(db_.get())));
}

void Database::exec(std::string_view sql) {
  const std::string text(sql);
  char* message = nullptr;
  if (sqlite3_exec(db_.get(), text.c_str(), nullptr, nullptr, &message) == SQLITE_OK) return;
  const std::string reason = message ? message : "unknown error";
  sqlite3_free(message);
  throw Io(fmt::format("{}: {}", name_, reason));
}

Statement Database::prepare(std::string_view sql) {
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v2(db_.get(), sql.data(), static_cast<int>(sql.size()), &stmt, nullptr) !=
      SQLITE_OK) {
    fail("cannot prepare statement");
  }
  return Statement(*this, stmt);
}

std::int64_t Database::last_insert_rowid() const {
  return sqlite3_last_insert_rowid(db_.get());
}

Statement& Statement::bind(int index, std::string_view value) {
  if (sqlite3_bind_text(stmt_.get(), index, value.data(), static_cast<int>(value.size()),
                        SQLITE_TRANSIENT) != SQLITE_OK) {
    db_->fail("cannot bind value");
  }
  return *this;
}

Statement& Statement::bind(int index, std::int64_t value) {
  if (sqlite3_bind_int64(stmt_.get(), index, value) != SQLITE_OK) db_->fail("cannot bind value");
  return *this;
}

Statement& Statement::bind_all(const Values& values) {
  int index = 0;
  for (const Value& value : values) {
    std::visit([&](const auto& v) { bind(++index, v); }, value);
  }
  return *this;
}

bool Statement::step() {
  const int rc = sqlite3_step(stmt_.get());
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  db_->fail("query failed");
}

void Statement::run() {
  step();
  reset();
}

void Statement::reset() {
  sqlite3_reset(stmt_.get());
  sqlite3_clear_bindings(stmt_.get());
}

std::string Statement::text(int column) const {
  const auto* p = sqlite3_column_text(stmt_.get(), column);
  const int n = sqlite3_column_bytes(stmt_.get(), column);
  return p ? std::string(reinterpret_cast<const char*>(p), static_cast<std::size_t>(n))
           : std::string();
}

std::int64_t Statement::int64(int column) const {
  return sqlite3_column_int64(stmt_.get(), column);
}

bool Statement::boolean(int column) const {
  // The type first: it is undefined once a value has been converted.
  if (sqlite3_column_type(stmt_.get(), column) == SQLITE_INTEGER) {
    const std::int64_t value = int64(column);
    if (value == 0 || value == 1) return value == 1;
  }
  throw Internal(fmt::format("{}: column {} ('{}') is not a truth value (0 or 1)", db_->name(),
                             column, text(column)));
}

bool Statement::is_null(int column) const {
  return sqlite3_column_type(stmt_.get(), column) == SQLITE_NULL;
}

Transaction::Transaction(Database& db)
    : db_(db), nested_(sqlite3_get_autocommit(db.handle()) == 0) {
  db_.exec(nested_ ? "SAVEPOINT lectio_nested" : "BEGIN IMMEDIATE");
}

Transaction::~Transaction() {
  if (done_) return;
  // Roll back on the error path; a failure here leaves SQLite to roll back on close.
  if (nested_) {
    sqlite3_exec(db_.handle(), "ROLLBACK TO lectio_nested; RELEASE lectio_nested", nullptr, nullptr,
                 nullptr);
    return;
  }
  sqlite3_exec(db_.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
}

void Transaction::commit() {
  db_.exec(nested_ ? "RELEASE lectio_nested" : "COMMIT");
  done_ = true;
}

}  // namespace lectio::store::sqlite
