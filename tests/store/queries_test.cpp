// The one spelling of the store's SQL: ? placeholders, numbered for PostgreSQL.
#include "queries.h"

#include <gtest/gtest.h>

namespace lectio::store {

TEST(NumberPlaceholdersTest, NumbersEachPlaceholderInOrder) {
  EXPECT_EQ(number_placeholders("SELECT a FROM t WHERE b = ? AND (c = ? OR d = ?) LIMIT ?"),
            "SELECT a FROM t WHERE b = $1 AND (c = $2 OR d = $3) LIMIT $4");
  EXPECT_EQ(number_placeholders("VALUES (?,?)"), "VALUES ($1,$2)");
  EXPECT_EQ(number_placeholders("SELECT 1"), "SELECT 1");
  EXPECT_EQ(number_placeholders(""), "");
}

TEST(NumberPlaceholdersTest, CountsPastNine) {
  std::string sql;
  std::string expected;
  for (int i = 1; i <= 12; ++i) {
    sql += i > 1 ? ", ?" : "?";
    expected += (i > 1 ? ", $" : "$") + std::to_string(i);
  }
  EXPECT_EQ(number_placeholders(sql), expected);
}

TEST(NumberPlaceholdersTest, LeavesQuotedTextAndCommentsAlone) {
  EXPECT_EQ(number_placeholders("SELECT '?', \"odd?name\" FROM t WHERE a = ?"),
            "SELECT '?', \"odd?name\" FROM t WHERE a = $1");
  // A doubled quote stays inside its string.
  EXPECT_EQ(number_placeholders("SELECT 'it''s ?' WHERE a = ? AND b = 'x'"),
            "SELECT 'it''s ?' WHERE a = $1 AND b = 'x'");
  EXPECT_EQ(number_placeholders("SELECT ? -- why?\nFROM t /* which? */ WHERE a = ?"),
            "SELECT $1 -- why?\nFROM t /* which? */ WHERE a = $2");
  // Unclosed: copied as written, for the server to refuse.
  EXPECT_EQ(number_placeholders("SELECT ? WHERE a = 'open ?"), "SELECT $1 WHERE a = 'open ?");
  EXPECT_EQ(number_placeholders("SELECT ? -- to the end ?"), "SELECT $1 -- to the end ?");
}

TEST(QueriesTest, TheDialectsDifferOnlyInPlaceholdersAndRowLocks) {
  const Queries& sqlite = queries(Dialect::kSqlite);
  const Queries& pg = queries(Dialect::kPostgres);
  EXPECT_EQ(&queries(Dialect::kSqlite), &sqlite) << "built once";
  EXPECT_EQ(pg.record_by_id_or_slug, number_placeholders(sqlite.record_by_id_or_slug));
  EXPECT_NE(pg.record_by_id_or_slug.find("$4"), std::string::npos);
  EXPECT_EQ(pg.record_by_id_or_slug.find('?'), std::string::npos);
  EXPECT_EQ(pg.put_review, number_placeholders(sqlite.put_review));
  EXPECT_EQ(sqlite.lock_own_review.find("FOR UPDATE"), std::string::npos);
  EXPECT_EQ(pg.lock_own_review, number_placeholders(sqlite.lock_own_review) + " FOR UPDATE");
}

}  // namespace lectio::store
