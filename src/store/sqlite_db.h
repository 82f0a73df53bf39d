#pragma once
// The store's side of the shared SQLite wrapper (lectio/sqlite/database.h): its names in the
// backend's namespace, and a statement's current row as the Row its row readers read.
#include "lectio/sqlite/database.h"
#include "row.h"

namespace lectio::store::sqlite {

using lectio::sqlite::Database;
using lectio::sqlite::ResetOnExit;
using lectio::sqlite::Statement;
using lectio::sqlite::Transaction;

// The current row of `stmt`, which must outlive it and stay on that row while it is read.
class StatementRow final : public Row {
 public:
  explicit StatementRow(const Statement& stmt) : stmt_(stmt) {}
  std::string text(int column) const override { return stmt_.text(column); }
  std::int64_t int64(int column) const override { return stmt_.int64(column); }
  bool boolean(int column) const override { return stmt_.boolean(column); }
  bool is_null(int column) const override { return stmt_.is_null(column); }

 private:
  const Statement& stmt_;
};

}  // namespace lectio::store::sqlite
