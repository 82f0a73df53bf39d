#include "lectio/pg/connection.h"

#include <fmt/format.h>
#include <libpq-fe.h>
#include <poll.h>

#include <cerrno>
#include <cstring>
#include <utility>

namespace lectio::pg {

namespace {

struct ConnCloser {
  void operator()(PGconn* conn) const { PQfinish(conn); }
};
struct ResultClearer {
  void operator()(PGresult* result) const { PQclear(result); }
};
using ResultPtr = std::unique_ptr<PGresult, ResultClearer>;

std::string describe(PGconn* conn) {
  const char* host = PQhost(conn);
  const char* db = PQdb(conn);
  return fmt::format("postgresql {}/{}", host ? host : "?", db ? db : "?");
}

// The server's one-line message: libpq ends messages with a newline and may add DETAIL lines.
std::string first_line(const char* message) {
  std::string text = message ? message : "";
  const auto end = text.find('\n');
  if (end != std::string::npos) text.resize(end);
  return text.empty() ? "unknown error" : text;
}

}  // namespace

Param::Param(double value) : value_(fmt::format("{}", value)) {}

struct Result::Impl {
  ResultPtr result;
};

int Result::rows() const {
  return PQntuples(impl_->result.get());
}
int Result::columns() const {
  return PQnfields(impl_->result.get());
}

int Result::affected() const {
  const char* n = PQcmdTuples(impl_->result.get());
  return n && *n ? std::atoi(n) : 0;
}

bool Result::is_null(int row, int column) const {
  if (row < 0 || row >= rows() || column < 0 || column >= columns()) {
    throw Internal(fmt::format("postgresql result: no cell ({}, {})", row, column));
  }
  return PQgetisnull(impl_->result.get(), row, column) != 0;
}

std::string Result::text(int row, int column) const {
  if (is_null(row, column)) return {};
  return std::string(PQgetvalue(impl_->result.get(), row, column),
                     PQgetlength(impl_->result.get(), row, column));
}

std::optional<std::string> Result::optional_text(int row, int column) const {
  if (is_null(row, column)) return std::nullopt;
  return text(row, column);
}

std::int64_t Result::int64(int row, int column) const {
  const std::string value = text(row, column);
  try {
    std::size_t used = 0;
    const long long n = std::stoll(value, &used);
    if (used == value.size()) return n;
  } catch (const std::exception&) {
  }
  throw Internal(fmt::format("postgresql result: '{}' in column {} is not an integer", value,
                             PQfname(impl_->result.get(), column)));
}

double Result::real(int row, int column) const {
  const std::string value = text(row, column);
  try {
    return std::stod(value);
  } catch (const std::exception&) {
    throw Internal(fmt::format("postgresql result: '{}' in column {} is not a number", value,
                               PQfname(impl_->result.get(), column)));
  }
}

bool Result::boolean(int row, int column) const {
  return text(row, column) == "t";
}

struct Connection::Impl {
  std::unique_ptr<PGconn, ConnCloser> conn;
  std::string name;

  [[noreturn]] void fail(const PGresult* result, std::string_view what) const {
    const char* state = result ? PQresultErrorField(result, PG_DIAG_SQLSTATE) : nullptr;
    const char* message = result ? PQresultErrorMessage(result) : nullptr;
    if (!message || !*message) message = PQerrorMessage(conn.get());
    throw QueryError(fmt::format("{}: {}: {}", name, what, first_line(message)),
                     state ? state : "");
  }

  Result check(ResultPtr result, std::string_view what) const {
    const ExecStatusType status = result ? PQresultStatus(result.get()) : PGRES_FATAL_ERROR;
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) fail(result.get(), what);
    return Result(std::make_shared<const Result::Impl>(Result::Impl{std::move(result)}));
  }
};

Connection::Connection(const std::string& url) : impl_(std::make_unique<Impl>()) {
  impl_->conn.reset(PQconnectdb(url.c_str()));
  if (!impl_->conn) throw Io("postgresql: out of memory while connecting");
  impl_->name = describe(impl_->conn.get());
  if (PQstatus(impl_->conn.get()) != CONNECTION_OK) {
    throw Io(fmt::format("{}: cannot connect: {}", impl_->name,
                         first_line(PQerrorMessage(impl_->conn.get()))));
  }
  // Notices (e.g. "relation already exists, skipping") are not errors and are not printed.
  PQsetNoticeProcessor(
      impl_->conn.get(), [](void*, const char*) {}, nullptr);
}

Connection::~Connection() = default;
Connection::Connection(Connection&&) noexcept = default;
Connection& Connection::operator=(Connection&&) noexcept = default;

Result Connection::exec(std::string_view sql, std::initializer_list<Param> params) {
  return exec(sql, std::vector<Param>(params));
}

Result Connection::exec(std::string_view sql, const std::vector<Param>& params) {
  const std::string text(sql);
  std::vector<const char*> values;
  values.reserve(params.size());
  for (const Param& p : params) values.push_back(p.value() ? p.value()->c_str() : nullptr);
  ResultPtr result(PQexecParams(impl_->conn.get(), text.c_str(), static_cast<int>(values.size()),
                                nullptr, values.data(), nullptr, nullptr, 0));
  return impl_->check(std::move(result), "query failed");
}

void Connection::exec_script(std::string_view sql) {
  const std::string text(sql);
  impl_->check(ResultPtr(PQexec(impl_->conn.get(), text.c_str())), "script failed");
}

void Connection::listen(std::string_view channel) {
  exec_script("LISTEN " + quote_identifier(channel));
}

std::optional<Notification> Connection::wait_notification(std::chrono::milliseconds timeout) {
  PGconn* conn = impl_->conn.get();
  const auto take = [conn]() -> std::optional<Notification> {
    PGnotify* n = PQnotifies(conn);
    if (!n) return std::nullopt;
    Notification out{n->relname, n->extra ? n->extra : ""};
    PQfreemem(n);
    return out;
  };
  if (auto n = take()) return n;
  pollfd fd{PQsocket(conn), POLLIN, 0};
  const int ready = ::poll(&fd, 1, static_cast<int>(timeout.count()));
  if (ready < 0 && errno != EINTR) {
    throw Io(
        fmt::format("{}: cannot wait for notifications: {}", impl_->name, std::strerror(errno)));
  }
  if (ready > 0 && PQconsumeInput(conn) == 0) impl_->fail(nullptr, "connection lost");
  return take();
}

const std::string& Connection::name() const {
  return impl_->name;
}

bool Connection::in_transaction() const {
  return PQtransactionStatus(impl_->conn.get()) != PQTRANS_IDLE;
}

Transaction::Transaction(Connection& db) : db_(db), nested_(db.in_transaction()) {
  db_.exec(nested_ ? "SAVEPOINT lectio_nested" : "BEGIN");
}

Transaction::~Transaction() {
  if (done_) return;
  try {
    if (nested_) {
      db_.exec("ROLLBACK TO SAVEPOINT lectio_nested");
      db_.exec("RELEASE SAVEPOINT lectio_nested");
    } else {
      db_.exec("ROLLBACK");
    }
  } catch (...) {  // a broken connection rolls back on its own
  }
}

void Transaction::commit() {
  db_.exec(nested_ ? "RELEASE SAVEPOINT lectio_nested" : "COMMIT");
  done_ = true;
}

std::string quote_identifier(std::string_view name) {
  std::string out = "\"";
  for (const char c : name) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + '"';
}

}  // namespace lectio::pg
