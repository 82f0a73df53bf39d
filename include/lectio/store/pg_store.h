#pragma once
// The stores in PostgreSQL: the shared store of a fleet of workers and web servers. Same schema
// and behaviour as the SQLite file; `lectio migrate` creates and upgrades it, and opening
// refuses a schema older or newer than this lectio knows. A store object uses one connection
// and is not thread-safe; a store given a worker's connection shares its transactions (a
// worker commits a lesson in the transaction that completes its job).
#include <memory>
#include <string>
#include <string_view>

#include "lectio/pg/connection.h"
#include "lectio/store/community_store.h"
#include "lectio/store/content_store.h"

namespace lectio::store {

// Makes open_content_store() and open_community_store() open this PostgreSQL store instead of
// the data directory's SQLite file, for the whole process ("" goes back to the file). Set
// once, before any store is opened: the command line does it from --store / $LECTIO_STORE.
// Throws InvalidInput for a value that is not a postgresql:// URL.
void set_store_url(std::string url);
// What set_store_url set; "" by default.
const std::string& store_url();

// Whether a --store value names PostgreSQL (postgresql://… or postgres://…).
bool is_pg_url(std::string_view store);

// Applies the store's migrations; returns the schema version reached. Throws Unsupported for
// a newer schema, QueryError when a migration fails.
int migrate_pg_store(pg::Connection& db);

// Throw Io when the server cannot be reached, InvalidInput for an older schema ("run `lectio
// migrate`"), Unsupported for a newer one.
std::unique_ptr<ContentStore> open_pg_content_store(std::shared_ptr<pg::Connection> db);
std::unique_ptr<ContentStore> open_pg_content_store(const std::string& url);
std::unique_ptr<CommunityStore> open_pg_community_store(std::shared_ptr<pg::Connection> db);
std::unique_ptr<CommunityStore> open_pg_community_store(const std::string& url);

}  // namespace lectio::store
