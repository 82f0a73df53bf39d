#pragma once
// What the PostgreSQL store's files share: the schema check, rows and parameters.
#include <string>
#include <vector>

#include "lectio/pg/connection.h"
#include "row.h"

namespace lectio::store {

// Throws InvalidInput for an older store schema, Unsupported for a newer one.
void require_store_schema(pg::Connection& db);
int store_schema_version(pg::Connection& db);

// One row of a result, which must outlive it.
class PgRow final : public Row {
 public:
  PgRow(const pg::Result& result, int row) : result_(&result), row_(row) {}
  std::string text(int column) const override { return result_->text(row_, column); }
  std::int64_t int64(int column) const override { return result_->int64(row_, column); }
  bool boolean(int column) const override;
  bool is_null(int column) const override { return result_->is_null(row_, column); }

 private:
  const pg::Result* result_;
  int row_;
};

// Every row of a result, each read by read(const Row&).
template <class Read>
auto read_rows(const pg::Result& result, Read read) {
  std::vector<decltype(read(PgRow(result, 0)))> out;
  out.reserve(static_cast<std::size_t>(result.rows()));
  for (int i = 0; i < result.rows(); ++i) out.push_back(read(PgRow(result, i)));
  return out;
}

std::vector<pg::Param> pg_params(const Values& values);

}  // namespace lectio::store
