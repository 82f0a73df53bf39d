#include "lectio/pg/migrate.h"

#include <fmt/format.h>

namespace lectio::pg {

namespace {

constexpr std::string_view kCreateSchemaTable =
    "CREATE TABLE IF NOT EXISTS lectio_schema ("
    " component text PRIMARY KEY, version integer NOT NULL)";

// One key for every migration of every component: migrations are rare and short.
constexpr std::int64_t kMigrationLock = 0x6c6563'74696f;  // "lectio"

void check_not_newer(Connection& db, std::string_view component, int version, int known) {
  if (version <= known) return;
  throw Unsupported(fmt::format(
      "{}: the {} schema is at version {}, newer than this lectio knows ({}); upgrade lectio",
      db.name(), component, version, known));
}

}  // namespace

int schema_version(Connection& db, std::string_view component) {
  const Result exists = db.exec("SELECT to_regclass('lectio_schema') IS NOT NULL");
  if (!exists.boolean(0, 0)) return 0;
  const Result r = db.exec("SELECT version FROM lectio_schema WHERE component = $1", {component});
  return r.rows() == 0 ? 0 : r.integer(0, 0);
}

int migrate(Connection& db, std::string_view component,
            std::span<const std::string_view> migrations) {
  const int known = static_cast<int>(migrations.size());
  {
    Transaction tx(db);
    db.exec("SELECT pg_advisory_xact_lock($1)", {kMigrationLock});
    db.exec(kCreateSchemaTable);
    tx.commit();
  }
  for (;;) {
    Transaction tx(db);
    db.exec("SELECT pg_advisory_xact_lock($1)", {kMigrationLock});
    const int version = schema_version(db, component);
    check_not_newer(db, component, version, known);
    if (version == known) return version;
    db.exec_script(migrations[static_cast<std::size_t>(version)]);
    db.exec(
        "INSERT INTO lectio_schema (component, version) VALUES ($1, $2)"
        " ON CONFLICT (component) DO UPDATE SET version = excluded.version",
        {component, version + 1});
    tx.commit();
  }
}

void require_schema(Connection& db, std::string_view component, int known) {
  const int version = schema_version(db, component);
  check_not_newer(db, component, version, known);
  if (version < known) {
    throw InvalidInput(fmt::format(
        "{}: the {} schema is at version {}, this lectio needs {}; run `lectio migrate`", db.name(),
        component, version, known));
  }
}

}  // namespace lectio::pg
