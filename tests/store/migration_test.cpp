#include <gtest/gtest.h>
#include <sqlite3.h>

#include <string>

#include "lectio/store/store.h"
#include "schema.h"
#include "support/temp_dir.h"

namespace lectio::store {

namespace {

void exec(sqlite3* db, const std::string& sql) {
  char* message = nullptr;
  const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &message);
  const std::string reason = message ? message : "";
  sqlite3_free(message);
  ASSERT_EQ(rc, SQLITE_OK) << reason << "\n" << sql;
}

// Writes a database as a lectio at schema version `version` left it, with one source, one
// chunk and one lesson in it.
void write_old_database(const std::filesystem::path& file, int version) {
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(file.c_str(), &db), SQLITE_OK);
  exec(db,
       "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)");
  for (int v = 1; v <= version; ++v) {
    exec(db, std::string(migrations()[static_cast<std::size_t>(v - 1)]));
    exec(db, "INSERT INTO schema_migrations VALUES (" + std::to_string(v) +
                 ", '2024-05-01T00:00:00Z')");
  }
  exec(db,
       "INSERT INTO sources VALUES ('notes', 1, 'Notes', 'notes.md', '/d/notes.md', '', "
       "'markdown', 'en', 'h1', 10, 1, 1, '2024-05-01T00:00:00Z')");
  exec(db, "INSERT INTO chunks VALUES ('notes', 1, 0, 1, 1, '[\"Notes\"]', 'Old words.', 2)");
  exec(db,
       "INSERT INTO records VALUES ('lesson', 'lesson_1', 'old-lesson', 'Old lesson', '', 'en', "
       "'k', '', '{}', '2024-05-01T00:00:00Z', '2024-05-01T00:00:00Z')");
  sqlite3_close(db);
}

}  // namespace

TEST(MigrationTest, AVersion2DatabaseKeepsItsDataAndGainsAccounts) {
  testing::TempDir dir;
  const auto file = dir.path() / "lectio.db";
  write_old_database(file, 2);

  auto store = open_sqlite_content_store(file);
  EXPECT_EQ(store->schema_version(), static_cast<int>(migrations().size()));
  EXPECT_GE(store->schema_version(), 3);
  const auto sources = store->sources();
  ASSERT_EQ(sources.size(), 1u);
  EXPECT_EQ(sources[0].title, "Notes");
  const auto chunks = store->chunks("notes", std::nullopt);
  ASSERT_EQ(chunks.size(), 1u);
  EXPECT_EQ(chunks[0].text, "Old words.");
  EXPECT_FALSE(chunks[0].opens_mid_sentence || chunks[0].closes_mid_sentence);
  const auto lesson = store->record(RecordKind::kLesson, "old-lesson");
  ASSERT_TRUE(lesson);
  EXPECT_EQ(lesson->created_at, "2024-05-01T00:00:00Z");

  // The new tables work on the migrated file, and survive a reopen.
  auto community = open_sqlite_community_store(file);
  ASSERT_TRUE(community->create_user({"user_1", "ada", "Ada", "hash", ""}));
  const Review review = community->put_review("lesson_1", "user_1", 4, "Still good.");
  store.reset();
  community.reset();
  store = open_sqlite_content_store(file);
  community = open_sqlite_community_store(file);
  EXPECT_EQ(community->reviews("lesson_1", "user_1").at(0).id, review.id);
  EXPECT_EQ(community->rating_summary("lesson_1").count, 1);
  EXPECT_EQ(store->sources().size(), 1u);
}

TEST(MigrationTest, AVersion1DatabaseMigratesAllTheWay) {
  testing::TempDir dir;
  const auto file = dir.path() / "lectio.db";
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(file.c_str(), &db), SQLITE_OK);
  exec(db,
       "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)");
  exec(db, std::string(migrations()[0]));
  exec(db, "INSERT INTO schema_migrations VALUES (1, '2024-05-01T00:00:00Z')");
  sqlite3_close(db);

  auto store = open_sqlite_content_store(file);
  EXPECT_EQ(store->schema_version(), static_cast<int>(migrations().size()));
  EXPECT_TRUE(open_sqlite_community_store(file)->create_user({"user_1", "ada", "Ada", "hash", ""}));
  EXPECT_TRUE(store->records(RecordKind::kLesson).empty());
}

}  // namespace lectio::store
