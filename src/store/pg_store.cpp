// The PostgreSQL store's schema, its rows and parameters, and the process-wide choice of
// backend.
#include "lectio/store/pg_store.h"

#include <fmt/format.h>

#include <variant>

#include "lectio/core/error.h"
#include "lectio/pg/migrate.h"
#include "pg_backend.h"
#include "schema.h"

namespace lectio::store {

namespace {

constexpr std::string_view kComponent = "store";

std::string& configured_url() {
  static std::string url;
  return url;
}

}  // namespace

void set_store_url(std::string url) {
  if (!url.empty() && !is_pg_url(url)) {
    throw InvalidInput(
        fmt::format("--store '{}': not a postgresql://user:pass@host:port/db URL", url));
  }
  configured_url() = std::move(url);
}

const std::string& store_url() {
  return configured_url();
}

bool is_pg_url(std::string_view store) {
  return store.starts_with("postgresql://") || store.starts_with("postgres://");
}

int migrate_pg_store(pg::Connection& db) {
  return pg::migrate(db, kComponent, migrations());
}

void require_store_schema(pg::Connection& db) {
  pg::require_schema(db, kComponent, static_cast<int>(migrations().size()));
}

int store_schema_version(pg::Connection& db) {
  return pg::schema_version(db, kComponent);
}

bool PgRow::boolean(int column) const {
  // Stricter than pg::Result::boolean, which reads anything but "t" as false.
  const std::string value = text(column);
  if (value == "t" || value == "f") return value == "t";
  throw Internal(
      fmt::format("postgresql result: '{}' in column {} is not a boolean", value, column));
}

std::vector<pg::Param> pg_params(const Values& values) {
  std::vector<pg::Param> out;
  out.reserve(values.size());
  for (const Value& value : values) {
    std::visit([&](const auto& v) { out.emplace_back(v); }, value);
  }
  return out;
}

}  // namespace lectio::store
