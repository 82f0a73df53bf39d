// The SQLite wrapper the store and the job queue share, on real database files.
#include "lectio/sqlite/database.h"

#include <gtest/gtest.h>

#include "lectio/core/error.h"
#include "support/temp_dir.h"

namespace lectio::sqlite {
namespace {

int count(Database& db) {
  Statement q = db.prepare("SELECT count(*) FROM t");
  EXPECT_TRUE(q.step());
  return q.integer(0);
}

TEST(SqliteDatabase, BindsAndReadsEveryKindOfValue) {
  const testing::TempDir dir;
  Database db(dir.path() / "a.db");
  db.exec("CREATE TABLE t (n INTEGER, s TEXT, z TEXT)");
  db.exec("INSERT INTO t VALUES (?1, ?2, ?3)",
          Values{std::int64_t{1} << 40, std::string("a\0b", 3), std::monostate{}});
  EXPECT_EQ(db.changes(), 1);
  EXPECT_EQ(db.last_insert_rowid(), 1);
  Statement q = db.query("SELECT n, s, z, n = ?1 FROM t", {std::int64_t{1} << 40});
  ASSERT_TRUE(q.step());
  EXPECT_EQ(q.int64(0), std::int64_t{1} << 40);
  EXPECT_EQ(q.text(1), std::string("a\0b", 3));  // bytes, not a C string
  EXPECT_TRUE(q.is_null(2));
  EXPECT_EQ(q.text(2), "");
  EXPECT_TRUE(q.boolean(3));
  EXPECT_FALSE(q.step());
}

TEST(SqliteDatabase, AValueThatIsNotATruthValueIsAnError) {
  const testing::TempDir dir;
  Database db(dir.path() / "a.db");
  Statement q = db.prepare("SELECT 2, 'yes'");
  ASSERT_TRUE(q.step());
  EXPECT_THROW(q.boolean(0), Internal);
  EXPECT_THROW(q.boolean(1), Internal);
}

TEST(SqliteDatabase, FailuresNameTheFile) {
  const testing::TempDir dir;
  const auto file = dir.path() / "named.db";
  Database db(file);
  try {
    db.prepare("SELECT * FROM missing");
    FAIL() << "a bad statement was prepared";
  } catch (const Io& e) {
    EXPECT_NE(std::string(e.what()).find("named.db"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("missing"), std::string::npos) << e.what();
  }
  EXPECT_THROW(Database(dir.path() / "no" / "such" / "dir.db"), Io);
}

TEST(SqliteDatabase, ATransactionRollsBackUnlessCommitted) {
  const testing::TempDir dir;
  Database db(dir.path() / "a.db");
  db.exec("CREATE TABLE t (n INTEGER)");
  {
    Transaction tx(db);
    db.exec("INSERT INTO t VALUES (1)");
  }
  EXPECT_EQ(count(db), 0);
  EXPECT_FALSE(db.in_transaction());
  {
    Transaction tx(db);
    db.exec("INSERT INTO t VALUES (1)");
    tx.commit();
  }
  EXPECT_EQ(count(db), 1);
}

TEST(SqliteDatabase, ANestedTransactionIsASavepointOfTheOuterOne) {
  const testing::TempDir dir;
  Database db(dir.path() / "a.db");
  db.exec("CREATE TABLE t (n INTEGER)");
  Transaction outer(db);
  db.exec("INSERT INTO t VALUES (1)");
  {
    Transaction inner(db);  // left without commit: only its own row goes
    db.exec("INSERT INTO t VALUES (2)");
  }
  EXPECT_EQ(count(db), 1);
  {
    Transaction inner(db);
    db.exec("INSERT INTO t VALUES (3)");
    inner.commit();
  }
  EXPECT_TRUE(db.in_transaction());  // a released savepoint leaves the outer one open
  outer.commit();
  EXPECT_EQ(count(db), 2);
}

TEST(SqliteDatabase, AWriteTransactionHoldsTheLockAgainstAnotherConnection) {
  const testing::TempDir dir;
  const auto file = dir.path() / "a.db";
  Database first(file);
  first.exec("CREATE TABLE t (n INTEGER)");
  Database second(file, std::chrono::milliseconds(50));
  Transaction tx(first);  // BEGIN IMMEDIATE: the write lock now, not at the first write
  EXPECT_THROW(second.exec("INSERT INTO t VALUES (1)"), Io);
  tx.commit();
  second.exec("INSERT INTO t VALUES (1)");
  EXPECT_EQ(count(first), 1);
}

TEST(SqliteDatabase, AResetStatementRunsAgainWithNewValues) {
  const testing::TempDir dir;
  Database db(dir.path() / "a.db");
  db.exec("CREATE TABLE t (n INTEGER)");
  Statement insert = db.prepare("INSERT INTO t VALUES (?)");
  for (int i = 0; i < 3; ++i) insert.bind(1, i).run();
  Statement sum = db.prepare("SELECT sum(n) FROM t");
  {
    const ResetOnExit done(sum);
    ASSERT_TRUE(sum.step());
    EXPECT_EQ(sum.integer(0), 3);
  }
  insert.bind(1, 10).run();
  ASSERT_TRUE(sum.step());
  EXPECT_EQ(sum.integer(0), 13);
}

}  // namespace
}  // namespace lectio::sqlite
