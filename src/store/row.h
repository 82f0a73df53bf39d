#pragma once
// One row of a query's result, read by 0-based column, whichever backend ran the query: the row
// readers (rows.h) are written once against this. sqlite::StatementRow (sqlite_db.h) is a SQLite
// statement's current row; PgRow (pg_backend.h) is one row of a PostgreSQL result. Also the values
// the store binds to a statement's placeholders, in the order its SQL lists them (queries.h).
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

namespace lectio::store {

class Row {
 public:
  virtual ~Row() = default;
  virtual std::string text(int column) const = 0;  // "" for NULL
  virtual std::int64_t int64(int column) const = 0;
  int integer(int column) const { return static_cast<int>(int64(column)); }
  // A SQL truth value (EXISTS, a comparison): SQLite gives it as the integer 0 or 1, PostgreSQL
  // as a boolean. Throws Internal for a column that holds neither (a count read as a flag), so
  // that a query and its reader that disagree fail on both backends instead of reading false
  // on one.
  virtual bool boolean(int column) const = 0;
  virtual bool is_null(int column) const = 0;

 protected:
  Row() = default;
  Row(const Row&) = default;
  Row& operator=(const Row&) = default;
};

// A value bound to a placeholder. The store never binds NULL.
using Value = std::variant<std::string, std::int64_t>;
using Values = std::vector<Value>;

}  // namespace lectio::store
