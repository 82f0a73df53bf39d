// lectio migrate and lectio jobs, through the real binary against the test PostgreSQL server.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "lectio/pg/connection.h"
#include "lectio/queue/pg_queue.h"
#include "support/pg_test.h"
#include "support/run.h"
#include "support/temp_dir.h"

namespace lectio::cli {
namespace {

using testing::run_lectio;
using testing::TestDatabase;

TEST(CliMigrateTest, MigratesAPostgresqlStoreOnceAndRefusesANewerOne) {
  TestDatabase db;
  const auto first = run_lectio({"--store", db.url(), "migrate"});
  ASSERT_EQ(first.exit_code, 0) << first.err;
  EXPECT_NE(first.out.find("store schema"), std::string::npos) << first.out;
  const auto again = run_lectio({"migrate"}, {"LECTIO_STORE=" + db.url()});
  EXPECT_EQ(again.exit_code, 0) << again.err;
  pg::Connection conn(db.url());
  conn.exec("UPDATE lectio_schema SET version = version + 1 WHERE component = 'store'");
  const auto newer = run_lectio({"--store", db.url(), "migrate"});
  EXPECT_EQ(newer.exit_code, 1);
  EXPECT_NE(newer.err.find("newer than this lectio knows"), std::string::npos) << newer.err;
  EXPECT_EQ(std::count(newer.err.begin(), newer.err.end(), '\n'), 1) << newer.err;
}

TEST(CliMigrateTest, MigratesTheSqliteFileWithoutAStore) {
  testing::TempDir data;
  const auto r = run_lectio({"--data", data.path().string(), "migrate"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(std::filesystem::exists(data.path() / "lectio.db"));
}

TEST(CliJobsTest, ListsJobsAsATableAndAsJson) {
  TestDatabase db;
  ASSERT_EQ(run_lectio({"--store", db.url(), "migrate"}).exit_code, 0);
  pg::Connection conn(db.url());
  queue::PgQueue q(conn);
  queue::JobSpec spec;
  spec.kind = "lesson";
  spec.max_attempts = 1;
  q.enqueue(spec);
  const auto job = q.claim("host:42", 1).at(0);
  q.progress(job, 3, 7, "rendering");
  q.fail(job, "voice not found");
  const auto table = run_lectio({"--store", db.url(), "jobs"});
  ASSERT_EQ(table.exit_code, 0) << table.err;
  EXPECT_NE(table.out.find("failed"), std::string::npos) << table.out;
  EXPECT_NE(table.out.find("voice not found"), std::string::npos) << table.out;
  const auto json = run_lectio({"jobs", "--json"}, {"LECTIO_STORE=" + db.url()});
  ASSERT_EQ(json.exit_code, 0) << json.err;
  const auto parsed = nlohmann::json::parse(json.out);
  ASSERT_EQ(parsed.size(), 1u);
  EXPECT_EQ(parsed[0]["kind"], "lesson");
  EXPECT_EQ(parsed[0]["state"], "failed");
  EXPECT_EQ(parsed[0]["attempt"], 1);
  EXPECT_EQ(parsed[0]["worker"], "host:42");
  EXPECT_EQ(parsed[0]["progress"]["done"], 3);
  EXPECT_EQ(parsed[0]["error"], "voice not found");
}

TEST(CliJobsTest, AStoreThatIsNotPostgresqlIsAOneLineError) {
  const auto r = run_lectio({"--store", "/tmp/lectio.db", "jobs"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("not a postgresql://"), std::string::npos) << r.err;
  testing::TempDir data;  // without a store URL: the data directory's SQLite queue, empty
  const auto sqlite = run_lectio({"--data", data.path().string(), "jobs", "--json"});
  EXPECT_EQ(sqlite.exit_code, 0) << sqlite.err;
  EXPECT_EQ(nlohmann::json::parse(sqlite.out).size(), 0u) << sqlite.out;
  const auto unreachable = run_lectio(
      {"--store", "postgresql://nobody@/nodb?host=/nonexistent&connect_timeout=2", "jobs"});
  EXPECT_EQ(unreachable.exit_code, 1);
  EXPECT_NE(unreachable.err.find("cannot connect"), std::string::npos) << unreachable.err;
}

}  // namespace
}  // namespace lectio::cli
