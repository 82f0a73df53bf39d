#include "lectio/sqlite/database.h"

#include <fmt/format.h>
#include <sqlite3.h>
#include <unistd.h>

#include "lectio/core/error.h"

namespace lectio::sqlite {

struct Database::Handle {
  sqlite3* db = nullptr;
};

struct Statement::Handle {
  sqlite3_stmt* stmt = nullptr;
};

namespace {

// An existing database whose directory (for the WAL and shared-memory files) or file this
// process may not write.
bool unwritable(const std::filesystem::path& file) {
  std::error_code ec;
  if (!std::filesystem::exists(file, ec)) return false;
  const std::filesystem::path dir = file.has_parent_path() ? file.parent_path() : ".";
  return ::access(dir.c_str(), W_OK) != 0 || ::access(file.c_str(), W_OK) != 0;
}

// A file: URI for SQLite, with '%', '?' and '#' escaped, opened immutable (no WAL to read).
std::string immutable_uri(const std::string& path) {
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

void Statement::Finalizer::operator()(Handle* handle) const {
  sqlite3_finalize(handle->stmt);
  delete handle;  // NOLINT(cppcoreguidelines-owning-memory): the unique_ptr's deleter
}

Database::Database(const std::filesystem::path& file, std::chrono::milliseconds busy_timeout)
    : handle_(std::make_unique<Handle>()), name_(file.string()), read_only_(unwritable(file)) {
  const int rc =
      read_only_
          ? sqlite3_open_v2(immutable_uri(name_).c_str(), &handle_->db,
                            SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, nullptr)
          : sqlite3_open_v2(name_.c_str(), &handle_->db,
                            SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                            nullptr);
  if (rc != SQLITE_OK) {
    // sqlite3 hands back a handle to close even when opening fails.
    const std::string reason = handle_->db ? sqlite3_errmsg(handle_->db) : sqlite3_errstr(rc);
    sqlite3_close_v2(handle_->db);
    throw Io(fmt::format("{}: cannot open database: {}", name_, reason));
  }
  sqlite3_busy_timeout(handle_->db, static_cast<int>(busy_timeout.count()));
  sqlite3_extended_result_codes(handle_->db, 1);
}

Database::~Database() {
  sqlite3_close_v2(handle_->db);
}

void Database::fail(std::string_view what) const {
  throw Io(fmt::format("{}: {}: {}", name_, what, sqlite3_errmsg(handle_->db)));
}

void Database::exec(std::string_view script) {
  const std::string text(script);
  char* message = nullptr;
  if (sqlite3_exec(handle_->db, text.c_str(), nullptr, nullptr, &message) == SQLITE_OK) return;
  const std::string reason = message ? message : "unknown error";
  sqlite3_free(message);
  throw Io(fmt::format("{}: {}", name_, reason));
}

void Database::exec(std::string_view sql, const Values& values) {
  query(sql, values).step();
}

Statement Database::prepare(std::string_view sql) {
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v2(handle_->db, sql.data(), static_cast<int>(sql.size()), &stmt, nullptr) !=
      SQLITE_OK) {
    fail("cannot prepare statement");
  }
  return Statement(*this, new Statement::Handle{stmt});
}

Statement Database::query(std::string_view sql, const Values& values) {
  Statement stmt = prepare(sql);
  stmt.bind_all(values);
  return stmt;
}

int Database::changes() const {
  return sqlite3_changes(handle_->db);
}

std::int64_t Database::last_insert_rowid() const {
  return sqlite3_last_insert_rowid(handle_->db);
}

bool Database::in_transaction() const {
  return sqlite3_get_autocommit(handle_->db) == 0;
}

Statement& Statement::bind(int index, std::string_view value) {
  if (sqlite3_bind_text(handle_->stmt, index, value.data(), static_cast<int>(value.size()),
                        SQLITE_TRANSIENT) != SQLITE_OK) {
    db_->fail("cannot bind value");
  }
  return *this;
}

Statement& Statement::bind(int index, std::int64_t value) {
  if (sqlite3_bind_int64(handle_->stmt, index, value) != SQLITE_OK) db_->fail("cannot bind value");
  return *this;
}

Statement& Statement::bind_null(int index) {
  if (sqlite3_bind_null(handle_->stmt, index) != SQLITE_OK) db_->fail("cannot bind value");
  return *this;
}

bool Statement::step() {
  const int rc = sqlite3_step(handle_->stmt);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  db_->fail("query failed");
}

void Statement::run() {
  step();
  reset();
}

void Statement::reset() {
  sqlite3_reset(handle_->stmt);
  sqlite3_clear_bindings(handle_->stmt);
}

std::string Statement::text(int column) const {
  const auto* p = sqlite3_column_text(handle_->stmt, column);
  const int n = sqlite3_column_bytes(handle_->stmt, column);
  return p ? std::string(reinterpret_cast<const char*>(p), static_cast<std::size_t>(n))
           : std::string();
}

std::int64_t Statement::int64(int column) const {
  return sqlite3_column_int64(handle_->stmt, column);
}

bool Statement::boolean(int column) const {
  // The type first: it is undefined once a value has been converted.
  if (sqlite3_column_type(handle_->stmt, column) == SQLITE_INTEGER) {
    const std::int64_t value = int64(column);
    if (value == 0 || value == 1) return value == 1;
  }
  throw Internal(fmt::format("{}: column {} ('{}') is not a truth value (0 or 1)", db_->name(),
                             column, text(column)));
}

bool Statement::is_null(int column) const {
  return sqlite3_column_type(handle_->stmt, column) == SQLITE_NULL;
}

Transaction::Transaction(Database& db) : db_(db), nested_(db.in_transaction()) {
  db_.exec(nested_ ? "SAVEPOINT lectio_nested" : "BEGIN IMMEDIATE");
}

Transaction::~Transaction() {
  if (done_) return;
  // Roll back on the error path; a failure here leaves SQLite to roll back on close.
  sqlite3* raw = db_.handle_->db;
  if (nested_) {
    sqlite3_exec(raw, "ROLLBACK TO lectio_nested; RELEASE lectio_nested", nullptr, nullptr,
                 nullptr);
    return;
  }
  sqlite3_exec(raw, "ROLLBACK", nullptr, nullptr, nullptr);
}

void Transaction::commit() {
  db_.exec(nested_ ? "RELEASE lectio_nested" : "COMMIT");
  done_ = true;
}

}  // namespace lectio::sqlite
