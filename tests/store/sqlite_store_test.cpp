// What only the SQLite backend has: one file per data directory, transactions seen through
// SQLite itself, schema migrations.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include "lectio/core/error.h"
#include "store_backends.h"
#include "support/unprivileged.h"

namespace lectio::store {

// Issue 29: a data directory that cannot be written (a read-only mount, a snapshot) still
// serves the commands that only read (`lectio sources`, `show`, `serve` of a library).
TEST(SqliteStoreTest, AReadOnlyDataDirectoryIsReadable) {
  testing::TempDir dir;
  const std::filesystem::path data = dir.path() / "data";
  {
    auto content = open_content_store(data);
    content->put_source(make_source("file_a", "h1"), make_chunks(2, "one"));
  }
  namespace fs = std::filesystem;
  fs::permissions(data / "lectio.db", fs::perms::owner_read | fs::perms::group_read);
  fs::permissions(data, fs::perms::owner_read | fs::perms::owner_exec);
  const int status = lectio::testing::run_unprivileged([&] {
    auto content = open_content_store(data);
    const auto sources = content->sources();
    ASSERT_EQ(sources.size(), 1u);
    EXPECT_EQ(sources[0].id, "file_a");
    EXPECT_EQ(content->chunks("file_a", std::nullopt).size(), 2u);
    EXPECT_THROW(content->put_source(make_source("file_b", "h2"), make_chunks(1, "two")), Io);
  });
  fs::permissions(data, fs::perms::owner_all);
  EXPECT_EQ(status, 0);
}

TEST(SqliteStoreTest, BothStoresLiveInTheDataDirectorysOneFile) {
  testing::TempDir dir;
  {
    auto content = open_content_store(dir.path());
    auto community = open_community_store(dir.path());
    content->put_source(make_source("file_a", "h1"), make_chunks(1, "one"));
    ASSERT_TRUE(community->create_user({"user_1", "ada", "Ada", "hash", ""}));
  }
  ASSERT_TRUE(std::filesystem::exists(dir.path() / "lectio.db"));
  sqlite3* raw = nullptr;
  ASSERT_EQ(sqlite3_open((dir.path() / "lectio.db").c_str(), &raw), SQLITE_OK);
  int rows = 0;
  ASSERT_EQ(sqlite3_exec(
                raw, "SELECT (SELECT COUNT(*) FROM sources) + (SELECT COUNT(*) FROM users)",
                [](void* out, int, char** values, char**) {
                  *static_cast<int*>(out) = std::atoi(values[0]);
                  return 0;
                },
                &rows, nullptr),
            SQLITE_OK);
  sqlite3_close(raw);
  EXPECT_EQ(rows, 2);
}

TEST(SqliteStoreTest, AFailedPutLeavesNothingBehind) {
  testing::TempDir dir;
  auto store = open_content_store(dir.path());
  {
    // A trigger makes the third chunk insert fail half-way through the put.
    sqlite3* raw = nullptr;
    ASSERT_EQ(sqlite3_open((dir.path() / "lectio.db").c_str(), &raw), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(raw,
                           "CREATE TRIGGER fail_third BEFORE INSERT ON chunks "
                           "WHEN NEW.ordinal = 2 BEGIN SELECT RAISE(ABORT, 'disk on fire'); END",
                           nullptr, nullptr, nullptr),
              SQLITE_OK);
    sqlite3_close(raw);
  }
  EXPECT_THROW(store->put_source(make_source("file_a", "h1"), make_chunks(4, "x")), Io);
  EXPECT_TRUE(store->sources().empty());
  EXPECT_TRUE(store->chunks("file_a", 1).empty());
  // The store is still usable afterwards.
  EXPECT_EQ(store->put_source(make_source("file_b", "h"), make_chunks(2, "y")).outcome,
            PutOutcome::kAdded);
}

TEST(SqliteStoreTest, MigratesOnceAndRefusesNewerSchemas) {
  testing::TempDir dir;
  const int version = open_content_store(dir.path())->schema_version();
  EXPECT_GE(version, 1);
  EXPECT_EQ(open_content_store(dir.path())->schema_version(), version);  // idempotent reopen
  {
    sqlite3* raw = nullptr;
    ASSERT_EQ(sqlite3_open((dir.path() / "lectio.db").c_str(), &raw), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(raw,
                           "INSERT INTO schema_migrations (version, applied_at) "
                           "VALUES (999, 'future')",
                           nullptr, nullptr, nullptr),
              SQLITE_OK);
    sqlite3_close(raw);
  }
  EXPECT_THROW(open_content_store(dir.path()), Io);
}

TEST(SqliteStoreTest, TheCommunityStoreRefusesNewerSchemasToo) {
  testing::TempDir dir;
  open_community_store(dir.path());
  sqlite3* raw = nullptr;
  ASSERT_EQ(sqlite3_open((dir.path() / "lectio.db").c_str(), &raw), SQLITE_OK);
  ASSERT_EQ(
      sqlite3_exec(raw, "INSERT INTO schema_migrations (version, applied_at) VALUES (999, 'x')",
                   nullptr, nullptr, nullptr),
      SQLITE_OK);
  sqlite3_close(raw);
  EXPECT_THROW(open_community_store(dir.path()), Io);
}

TEST(SqliteStoreTest, NotADatabaseIsAnIoError) {
  testing::TempDir dir;
  dir.write("lectio.db", std::string(4096, 'z'));
  EXPECT_THROW(open_content_store(dir.path()), Io);
}

}  // namespace lectio::store
