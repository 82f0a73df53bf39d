// The row readers (rows.h) over both backends' rows: the same SELECT read through SQLite's
// Statement and PostgreSQL's PgRow gives the same record, and a flag is read the same way.
#include "rows.h"

#include <gtest/gtest.h>

#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "lectio/core/error.h"
#include "lectio/pg/connection.h"
#include "pg_backend.h"
#include "queries.h"
#include "sqlite_db.h"
#include "support/pg_test.h"
#include "support/temp_dir.h"

namespace lectio::store {

namespace {

// Runs a one-row SELECT (written with ? placeholders, bound to `values`) and hands its row to
// `check`.
struct RowBackend {
  std::string name;
  std::function<void(const std::string& sql, const Values& values,
                     const std::function<void(const Row&)>& check)>
      query;
};

void sqlite_query(const std::string& sql, const Values& values,
                  const std::function<void(const Row&)>& check) {
  const testing::TempDir dir;
  sqlite::Database db(dir.path() / "rows.db");
  sqlite::Statement q = db.prepare(sql);
  q.bind_all(values);
  ASSERT_TRUE(q.step()) << sql;
  check(sqlite::StatementRow(q));
}

void pg_query(const std::string& sql, const Values& values,
              const std::function<void(const Row&)>& check) {
  pg::Connection db(testing::pg_server_url());
  const pg::Result r = db.exec(number_placeholders(sql), pg_params(values));
  ASSERT_EQ(r.rows(), 1) << sql;
  check(PgRow(r, 0));
}

// GoogleTest prints a parameter by its name, not its bytes.
void PrintTo(const RowBackend& backend, std::ostream* out) {
  *out << backend.name;
}

class RowsTest : public ::testing::TestWithParam<RowBackend> {
 protected:
  void query(const std::string& sql, const Values& values,
             const std::function<void(const Row&)>& check) {
    GetParam().query(sql, values, check);
  }
};

INSTANTIATE_TEST_SUITE_P(Backends, RowsTest,
                         ::testing::Values(RowBackend{"Sqlite", sqlite_query},
                                           RowBackend{"Postgres", pg_query}),
                         [](const auto& info) { return info.param.name; });

}  // namespace

TEST_P(RowsTest, ReadsASourceWithABigByteSize) {
  query(
      "SELECT ?, 2, 'Notes', 'notes.md', '/d/notes.md', '', 'markdown', 'en', 'h1', ?, 3, 4, "
      "'2025-01-31T09:30:00Z', 'user_1', 'private'",
      {std::string("file_a"), std::int64_t{5'000'000'000}}, [](const Row& row) {
        const Source s = read_source(row);
        EXPECT_EQ(s.id, "file_a");
        EXPECT_EQ(s.version, 2);
        EXPECT_EQ(s.title, "Notes");
        EXPECT_EQ(s.file_name, "notes.md");
        EXPECT_EQ(s.path, "/d/notes.md");
        EXPECT_EQ(s.origin_url, "");
        EXPECT_EQ(s.format, Format::kMarkdown);
        EXPECT_EQ(s.language, "en");
        EXPECT_EQ(s.content_hash, "h1");
        EXPECT_EQ(s.byte_size, 5'000'000'000);
        EXPECT_EQ(s.page_count, 3);
        EXPECT_EQ(s.chunk_count, 4);
        EXPECT_EQ(s.added_at, "2025-01-31T09:30:00Z");
        EXPECT_EQ(s.owner, "user_1");
        EXPECT_TRUE(s.is_private);
      });
}

TEST_P(RowsTest, ReadsAChunksHeadingPathAndCutFlags) {
  query("SELECT 'file_a', 1, 7, 2, 3, '[\"A\",\"B\"]', 'Words.', 1, ?", {std::int64_t{3}},
        [](const Row& row) {
          HeadingPathDecoder headings;
          const Chunk c = read_chunk(row, headings);
          EXPECT_EQ(c.id(), "file_a:c0007");
          EXPECT_EQ(c.page_start, 2);
          EXPECT_EQ(c.page_end, 3);
          EXPECT_EQ(c.heading_path, (std::vector<std::string>{"A", "B"}));
          EXPECT_EQ(c.text, "Words.");
          EXPECT_TRUE(c.opens_mid_sentence);
          EXPECT_TRUE(c.closes_mid_sentence);
        });
}

TEST_P(RowsTest, ReadsTheViewersLikeFromExists) {
  for (const bool liked : {true, false}) {
    query(std::string("SELECT 'review_1', 'lesson_1', 'user_1', 'Ada', 4, 'Fine.', 2, EXISTS "
                      "(SELECT 1 WHERE ") +
              (liked ? "1 = 1" : "1 = 0") + "), 'c', 'u'",
          {}, [&](const Row& row) {
            const Review r = read_review(row);
            EXPECT_EQ(r.id, "review_1");
            EXPECT_EQ(r.user_name, "Ada");
            EXPECT_EQ(r.rating, 4);
            EXPECT_EQ(r.likes, 2);
            EXPECT_EQ(r.liked_by_viewer, liked);
            EXPECT_EQ(r.updated_at, "u");
          });
  }
}

TEST_P(RowsTest, AFlagThatIsNotATruthValueIsABug) {
  query("SELECT 2, 'yes', NULL", {}, [](const Row& row) {
    EXPECT_THROW(row.boolean(0), Internal) << "a count is not a flag";
    EXPECT_THROW(row.boolean(1), Internal);
    EXPECT_THROW(row.boolean(2), Internal);
  });
}

TEST_P(RowsTest, NullReadsAsEmptyText) {
  query("SELECT NULL, 'x'", {}, [](const Row& row) {
    EXPECT_TRUE(row.is_null(0));
    EXPECT_EQ(row.text(0), "");
    EXPECT_FALSE(row.is_null(1));
  });
}

}  // namespace lectio::store
