#pragma once
// A SQLite content store on a connection that a job queue owns (queue/sqlite_queue.cpp), so that
// a job's writes commit in the transaction that marks the job done, as a PostgreSQL store given
// a worker's connection does. Only the queue needs this; everyone else opens stores by path.
#include <memory>
#include <string>

#include "lectio/sqlite/database.h"
#include "lectio/store/content_store.h"

namespace lectio::store {

// `borrowed` must outlive the store and be a connection to a Lectio SQLite file whose schema a
// store opened before (open_sqlite_content_store(path) migrates it). The store's writes join a
// transaction open on the connection as savepoints.
std::unique_ptr<ContentStore> open_sqlite_content_store(lectio::sqlite::Database& borrowed);

}  // namespace lectio::store
