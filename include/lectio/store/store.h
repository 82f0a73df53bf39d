#pragma once
// Opening the stores. A data directory keeps both the content store (sources, chunks, lessons,
// plans: content_store.h) and the community store (accounts, sessions, reviews, likes:
// community_store.h) in one SQLite file, <data_dir>/lectio.db, unless the process was given a
// PostgreSQL store URL (pg_store.h: --store / $LECTIO_STORE), which then holds both. Each open
// is its own connection. Opening the SQLite file creates and migrates its schema when needed;
// a PostgreSQL store is migrated explicitly (`lectio migrate`).
#include <filesystem>
#include <memory>

#include "lectio/store/community_store.h"
#include "lectio/store/content_store.h"

namespace lectio::store {

// Open one SQLite file. Throw Io.
std::unique_ptr<ContentStore> open_sqlite_content_store(const std::filesystem::path& file);
std::unique_ptr<CommunityStore> open_sqlite_community_store(const std::filesystem::path& file);

// Open the stores of a data directory (<data_dir>/lectio.db, or the store URL's database),
// creating the directory (the search index and audio live there with either store).
std::unique_ptr<ContentStore> open_content_store(const std::filesystem::path& data_dir);
std::unique_ptr<CommunityStore> open_community_store(const std::filesystem::path& data_dir);

}  // namespace lectio::store
