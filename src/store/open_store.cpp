// Opening the stores of a data directory: the SQLite file in it, or the PostgreSQL store when
// the process was given a store URL (pg_store.h).
#include <memory>

#include "lectio/core/data_dir.h"
#include "lectio/store/pg_store.h"
#include "lectio/store/store.h"

namespace lectio::store {

std::unique_ptr<ContentStore> open_content_store(const std::filesystem::path& data_dir) {
  ensure_dir(data_dir);  // the search index and audio live there with either store
  if (!store_url().empty()) return open_pg_content_store(store_url());
  return open_sqlite_content_store(data_dir / "lectio.db");
}

std::unique_ptr<CommunityStore> open_community_store(const std::filesystem::path& data_dir) {
  ensure_dir(data_dir);
  if (!store_url().empty()) return open_pg_community_store(store_url());
  return open_sqlite_community_store(data_dir / "lectio.db");
}

}  // namespace lectio::store
