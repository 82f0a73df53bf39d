#include "lectio/pg/connection.h"

#include <gtest/gtest.h>

#include <chrono>

#include "support/pg_test.h"

namespace lectio::pg {
namespace {

using namespace std::chrono_literals;
using testing::TestDatabase;

TEST(PgConnectionTest, ParametersTravelApartFromTheSql) {
  TestDatabase db;
  Connection conn(db.url());
  const std::string hostile = "x'); DROP TABLE t; --\n\"y\" \\ ünï";
  conn.exec("CREATE TABLE t (v text)");
  conn.exec("INSERT INTO t (v) VALUES ($1), ($2)", {hostile, std::nullopt});
  const Result r = conn.exec("SELECT v FROM t ORDER BY v NULLS LAST");
  ASSERT_EQ(r.rows(), 2);
  EXPECT_EQ(r.text(0, 0), hostile);
  EXPECT_TRUE(r.is_null(1, 0));
  EXPECT_EQ(r.optional_text(1, 0), std::nullopt);
}

TEST(PgConnectionTest, ConvertsNumbersAndBooleans) {
  TestDatabase db;
  Connection conn(db.url());
  const Result r = conn.exec("SELECT $1::bigint + 1, $2::float8 * 2, $3::boolean, $4::int",
                             {std::int64_t{9007199254740993}, 1.25, true, 7});
  EXPECT_EQ(r.int64(0, 0), 9007199254740994);
  EXPECT_DOUBLE_EQ(r.real(0, 1), 2.5);
  EXPECT_TRUE(r.boolean(0, 2));
  EXPECT_EQ(r.integer(0, 3), 7);
  EXPECT_THROW(r.int64(0, 1), Internal);  // 2.5 is not an integer
  EXPECT_THROW(r.text(1, 0), Internal);   // no such row
}

TEST(PgConnectionTest, ErrorsCarryTheSqlState) {
  TestDatabase db;
  Connection conn(db.url());
  conn.exec("CREATE TABLE u (k text PRIMARY KEY)");
  conn.exec("INSERT INTO u VALUES ($1)", {"a"});
  try {
    conn.exec("INSERT INTO u VALUES ($1)", {"a"});
    FAIL() << "a duplicate key was accepted";
  } catch (const QueryError& e) {
    EXPECT_EQ(e.sqlstate(), "23505");
    EXPECT_NE(std::string(e.what()).find(db.name()), std::string::npos) << e.what();
    EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << e.what();
  }
  // The connection is usable after a failed statement.
  EXPECT_EQ(conn.exec("SELECT count(*) FROM u").int64(0, 0), 1);
}

TEST(PgConnectionTest, TransactionRollsBackUnlessCommitted) {
  TestDatabase db;
  Connection conn(db.url());
  conn.exec("CREATE TABLE t (v int)");
  {
    Transaction tx(conn);
    conn.exec("INSERT INTO t VALUES (1)");
    EXPECT_TRUE(conn.in_transaction());
  }
  EXPECT_FALSE(conn.in_transaction());
  {
    Transaction tx(conn);
    conn.exec("INSERT INTO t VALUES (2)");
    tx.commit();
  }
  const Result r = conn.exec("SELECT v FROM t");
  ASSERT_EQ(r.rows(), 1);
  EXPECT_EQ(r.integer(0, 0), 2);
}

TEST(PgConnectionTest, ANestedTransactionJoinsTheOuterOne) {
  TestDatabase db;
  Connection conn(db.url());
  conn.exec("CREATE TABLE t (v int PRIMARY KEY)");
  {
    Transaction outer(conn);
    conn.exec("INSERT INTO t VALUES (1)");
    {
      Transaction inner(conn);
      conn.exec("INSERT INTO t VALUES (2)");
      inner.commit();  // released into the outer one: nothing is committed yet
    }
    EXPECT_TRUE(conn.in_transaction());
    {
      Transaction failing(conn);
      EXPECT_THROW(conn.exec("INSERT INTO t VALUES (1)"), QueryError);
    }  // only the failed part rolls back; the outer transaction goes on
    conn.exec("INSERT INTO t VALUES (3)");
  }  // the outer one rolls back, taking the released inner work with it
  EXPECT_EQ(conn.exec("SELECT count(*) FROM t").int64(0, 0), 0);
  {
    Transaction outer(conn);
    {
      Transaction inner(conn);
      conn.exec("INSERT INTO t VALUES (4)");
      inner.commit();
    }
    outer.commit();
  }
  EXPECT_EQ(conn.exec("SELECT count(*) FROM t").int64(0, 0), 1);
}

TEST(PgConnectionTest, NotificationsWakeAListener) {
  TestDatabase db;
  Connection listener(db.url());
  Connection sender(db.url());
  listener.listen("lectio test");  // a name that needs quoting
  EXPECT_EQ(listener.wait_notification(50ms), std::nullopt);
  sender.exec("SELECT pg_notify($1, $2)", {"lectio test", "hello"});
  const auto n = listener.wait_notification(5s);
  ASSERT_TRUE(n.has_value());
  EXPECT_EQ(n->channel, "lectio test");
  EXPECT_EQ(n->payload, "hello");
}

TEST(PgConnectionTest, AFailedConnectionNamesTheServerNotThePassword) {
  try {
    Connection conn(
        "postgresql://someone:s3cret-pass@/nodb?host=/nonexistent-dir&connect_timeout=2");
    FAIL() << "connected to nothing";
  } catch (const Io& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("nodb"), std::string::npos) << message;
    EXPECT_EQ(message.find("s3cret-pass"), std::string::npos) << message;
  }
}

TEST(PgConnectionTest, QuotesIdentifiers) {
  EXPECT_EQ(quote_identifier("a\"b"), "\"a\"\"b\"");
  TestDatabase db;
  Connection conn(db.url());
  conn.exec_script("CREATE TABLE " + quote_identifier("we\"ird name") + " (v int)");
  EXPECT_EQ(conn.exec("SELECT count(*) FROM \"we\"\"ird name\"").int64(0, 0), 0);
}

}  // namespace
}  // namespace lectio::pg
