#include "sqlite_schema.h"

#include <fmt/format.h>

#include "lectio/core/clock.h"
#include "lectio/core/error.h"
#include "schema.h"

namespace lectio::store::sqlite {

int schema_version(Database& db) {
  Statement q = db.prepare("SELECT COALESCE(MAX(version), 0) FROM schema_migrations");
  q.step();
  return q.integer(0);
}

void open_schema(Database& db) {
  if (db.read_only()) {  // nothing can be written: the schema must be current already
    const int at = schema_version(db);
    const int known = static_cast<int>(migrations().size());
    if (at != known) {
      throw Io(
          fmt::format("{}: read-only, at schema version {} where this lectio needs {} "
                      "(open it once where it can be written)",
                      db.name(), at, known));
    }
    db.exec("PRAGMA foreign_keys = ON");
    return;
  }
  db.exec("PRAGMA journal_mode = WAL");
  db.exec("PRAGMA synchronous = NORMAL");
  db.exec("PRAGMA foreign_keys = ON");
  db.exec(
      "CREATE TABLE IF NOT EXISTS schema_migrations ("
      "version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)");
  const auto all = migrations();
  const int known = static_cast<int>(all.size());
  const int at = schema_version(db);
  if (at > known) {
    throw Io(fmt::format("{}: database schema version {} is newer than this lectio knows ({})",
                         db.name(), at, known));
  }
  for (int v = at + 1; v <= known; ++v) {
    Transaction tx(db);
    if (schema_version(db) >= v) continue;  // another connection applied it meanwhile
    db.exec(all[static_cast<std::size_t>(v - 1)]);
    Statement mark =
        db.prepare("INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)");
    mark.bind(1, v).bind(2, utc_timestamp());
    mark.run();
    tx.commit();
  }
}

}  // namespace lectio::store::sqlite
