#pragma once
// What the PostgreSQL store's files share.
#include <string>
#include <vector>

#include "lectio/pg/connection.h"

namespace lectio::store {

// Throws InvalidInput for an older store schema, Unsupported for a newer one.
void require_store_schema(pg::Connection& db);
int store_schema_version(pg::Connection& db);

}  // namespace lectio::store
