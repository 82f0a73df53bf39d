#pragma once
// Preparing a connection to a Lectio SQLite file: the connection settings and the schema
// migrations. The content store and the community store each open their own connection to
// the same file and both call open_schema first.
#include "sqlite_db.h"

namespace lectio::store::sqlite {

// Sets WAL, synchronous=NORMAL and foreign keys on, then applies the migrations this lectio
// knows and the file lacks. Safe when several connections open the same file at once: each
// migration re-checks the version inside its write transaction. Throws Io, also for a file
// whose schema is newer than this lectio.
void open_schema(Database& db);

// The schema version after migrations (0 for an empty file).
int schema_version(Database& db);

}  // namespace lectio::store::sqlite
