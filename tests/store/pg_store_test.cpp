// PostgreSQL-only store cases: the schema check and concurrent writers. The cases every backend
// shares run on PostgreSQL too, through store_backends.h.
#include "lectio/store/pg_store.h"

#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

#include "lectio/core/error.h"
#include "store_backends.h"
#include "support/pg_test.h"

namespace lectio::store {
namespace {

using testing::TestDatabase;

TEST(PgStoreTest, AnUnmigratedDatabaseIsRefusedWithTheFix) {
  TestDatabase db;
  for (int community = 0; community < 2; ++community) {
    try {
      if (community) {
        open_pg_community_store(db.url());
      } else {
        open_pg_content_store(db.url());
      }
      FAIL() << "an empty database was opened";
    } catch (const InvalidInput& e) {
      EXPECT_NE(std::string(e.what()).find("lectio migrate"), std::string::npos) << e.what();
    }
  }
  pg::Connection conn(db.url());
  const int version = migrate_pg_store(conn);
  EXPECT_GT(version, 0);
  EXPECT_EQ(migrate_pg_store(conn), version) << "a second migrate changes nothing";
  EXPECT_EQ(open_pg_content_store(db.url())->schema_version(), version);
}

TEST(PgStoreTest, ANewerSchemaIsRefused) {
  TestDatabase db;
  pg::Connection conn(db.url());
  migrate_pg_store(conn);
  conn.exec("UPDATE lectio_schema SET version = version + 1 WHERE component = 'store'");
  EXPECT_THROW(open_pg_content_store(db.url()), Unsupported);
  EXPECT_THROW(migrate_pg_store(conn), Unsupported);
}

TEST(PgStoreTest, ConcurrentWritersOfOneSourceGetSuccessiveVersions) {
  TestDatabase db;
  pg::Connection conn(db.url());
  migrate_pg_store(conn);
  std::vector<std::thread> writers;
  for (int w = 0; w < 4; ++w) {
    writers.emplace_back([&, w] {
      auto store = open_pg_content_store(db.url());
      for (int i = 0; i < 5; ++i) {
        store->put_source(make_source("shared", "h" + std::to_string(w * 10 + i)),
                          make_chunks(1, "x"));
      }
    });
  }
  for (auto& t : writers) t.join();
  auto store = open_pg_content_store(db.url());
  EXPECT_EQ(store->source("shared", std::nullopt)->version, 20);
  EXPECT_EQ(conn.exec("SELECT count(DISTINCT version) FROM sources").int64(0, 0), 20);
  // The change feed counts up one by one with the versions: the writers' commits are ordered
  // by the generation row, so a change with a higher seq never commits before a lower one.
  const auto changes = store->changes_after(0, 100);
  ASSERT_EQ(changes.size(), 20u);
  for (int i = 0; i < 20; ++i) {
    EXPECT_EQ(changes[i].seq, i + 1);
    EXPECT_EQ(changes[i].version, i + 1) << "seq order is version order";
  }
  EXPECT_EQ(store->generation(), 20);
}

TEST(PgStoreTest, TheStoreUrlChoosesTheBackendOfADataDirectory) {
  TestDatabase db;
  pg::Connection conn(db.url());
  migrate_pg_store(conn);
  testing::TempDir dir;
  EXPECT_THROW(set_store_url("/var/lib/lectio"), InvalidInput);
  set_store_url(db.url());
  open_content_store(dir.path())->put_source(make_source("file_a", "h1"), make_chunks(2, "pg"));
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "lectio.db")) << "no SQLite file is made";
  EXPECT_EQ(conn.exec("SELECT count(*) FROM chunks").int64(0, 0), 2);
  set_store_url("");
  EXPECT_TRUE(open_content_store(dir.path())->sources().empty()) << "back to the SQLite file";
}

TEST(PgStoreTest, IsPgUrlNamesOnlyPostgresql) {
  EXPECT_TRUE(is_pg_url("postgresql://u@h/db"));
  EXPECT_TRUE(is_pg_url("postgres://h/db"));
  EXPECT_FALSE(is_pg_url("/var/lib/lectio"));
  EXPECT_FALSE(is_pg_url("sqlite:///x"));
}

}  // namespace
}  // namespace lectio::store
