#pragma once
// Versioned schema migrations per component ("store", "queue") in one PostgreSQL database.
// Migration N (1-based) takes a component from version N-1 to N; versions live in
// lectio_schema(component, version).
#include <span>
#include <string_view>

#include "lectio/pg/connection.h"

namespace lectio::pg {

// Applies the missing migrations, each in its own transaction, under a transaction-level
// advisory lock so that concurrent callers (two workers starting) apply each one once.
// Returns the version reached. Throws Unsupported when the database is newer than `migrations`
// knows (this program is older than the schema), QueryError when a migration fails.
int migrate(Connection& db, std::string_view component,
            std::span<const std::string_view> migrations);

// The component's schema version; 0 when it was never migrated.
int schema_version(Connection& db, std::string_view component);

// Throws Unsupported when the schema is newer than `known`, InvalidInput (saying to run
// `lectio migrate`) when it is older.
void require_schema(Connection& db, std::string_view component, int known);

}  // namespace lectio::pg
