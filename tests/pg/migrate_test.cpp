#include "lectio/pg/migrate.h"

#include <gtest/gtest.h>

#include <array>
#include <thread>
#include <vector>

#include "support/pg_test.h"

namespace lectio::pg {
namespace {

using testing::TestDatabase;

constexpr std::array<std::string_view, 2> kMigrations = {
    "CREATE TABLE a (v int); INSERT INTO a VALUES (1);",
    "ALTER TABLE a ADD COLUMN w int; INSERT INTO a VALUES (2, 2);",
};

TEST(PgMigrateTest, AppliesEachMigrationOnce) {
  TestDatabase db;
  Connection conn(db.url());
  EXPECT_EQ(schema_version(conn, "test"), 0);
  EXPECT_EQ(migrate(conn, "test", std::span(kMigrations).first(1)), 1);
  EXPECT_EQ(migrate(conn, "test", kMigrations), 2);
  EXPECT_EQ(migrate(conn, "test", kMigrations), 2);
  EXPECT_EQ(conn.exec("SELECT count(*) FROM a").int64(0, 0), 2);
  EXPECT_EQ(schema_version(conn, "other"), 0);
}

TEST(PgMigrateTest, ConcurrentMigratorsApplyEachOnce) {
  TestDatabase db;
  std::vector<std::thread> threads;
  for (int i = 0; i < 4; ++i) {
    threads.emplace_back([&] {
      Connection conn(db.url());
      migrate(conn, "test", kMigrations);
    });
  }
  for (auto& t : threads) t.join();
  Connection conn(db.url());
  EXPECT_EQ(conn.exec("SELECT count(*) FROM a").int64(0, 0), 2);
}

TEST(PgMigrateTest, RefusesANewerSchema) {
  TestDatabase db;
  Connection conn(db.url());
  migrate(conn, "test", kMigrations);
  EXPECT_THROW(migrate(conn, "test", std::span(kMigrations).first(1)), Unsupported);
  EXPECT_THROW(require_schema(conn, "test", 1), Unsupported);
  EXPECT_NO_THROW(require_schema(conn, "test", 2));
  try {
    require_schema(conn, "test", 3);
    FAIL() << "an old schema was accepted";
  } catch (const InvalidInput& e) {
    EXPECT_NE(std::string(e.what()).find("lectio migrate"), std::string::npos) << e.what();
  }
}

TEST(PgMigrateTest, AFailedMigrationLeavesTheVersion) {
  TestDatabase db;
  Connection conn(db.url());
  constexpr std::array<std::string_view, 2> broken = {"CREATE TABLE b (v int);",
                                                      "CREATE TABLE c (v int); SELECT 1/0;"};
  EXPECT_THROW(migrate(conn, "test", broken), QueryError);
  EXPECT_EQ(schema_version(conn, "test"), 1);
  EXPECT_FALSE(conn.exec("SELECT to_regclass('c') IS NOT NULL").boolean(0, 0));
}

}  // namespace
}  // namespace lectio::pg
