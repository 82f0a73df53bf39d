#pragma once
// The queue backends every backend-neutral queue test runs against (as store_backends.h does
// for the store): a test body is written once against queue::Queue, and
// INSTANTIATE_TEST_SUITE_P runs it once per backend listed here. Backend-specific tests (the
// PostgreSQL claim plan, an unmigrated database) stay plain TESTs.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <ostream>
#include <stdexcept>
#include <string>

#include "lectio/pg/connection.h"
#include "lectio/queue/pg_queue.h"
#include "lectio/queue/queue.h"
#include "lectio/store/pg_store.h"
#include "lectio/store/store.h"
#include "support/pg_test.h"
#include "support/temp_dir.h"
#include "test_output.h"

namespace lectio::queue {

struct QueueBackend {
  std::string name;  // a test-name suffix: letters and digits only
  // The queue and the content store of a test's place (its temporary directory), each on a
  // connection of its own: the same place sees the same jobs, different places none.
  std::function<std::unique_ptr<Queue>(const std::filesystem::path& place, QueueOptions)> open;
  std::function<std::unique_ptr<store::ContentStore>(const std::filesystem::path& place)> store;
  // Runs backend-specific SQL on the place's database (for what no Queue call does: letting a
  // back-off pass, reading a lease).
  std::function<void(const std::filesystem::path& place, const std::string& sql)> exec;
  // What the test worker process (test_worker_main.cpp) is given to open the same queue.
  std::function<std::string(const std::filesystem::path& place)> target;
  // Both spellings of the statement that makes every waiting job due now.
  std::string due_now_sql;
};

// The migrated PostgreSQL database of a test place, created on first use, dropped when the
// test process exits (each test runs in a process of its own under ctest).
inline const std::string& queue_database_of(const std::filesystem::path& place) {
  static std::map<std::filesystem::path, std::unique_ptr<testing::TestDatabase>> databases;
  auto& db = databases[place];
  if (!db) {
    db = std::make_unique<testing::TestDatabase>();
    pg::Connection admin(db->url());
    store::migrate_pg_store(admin);
    migrate(admin);
  }
  return db->url();
}

inline std::filesystem::path sqlite_file_of(const std::filesystem::path& place) {
  return place / "lectio.db";
}

inline void sqlite_exec(const std::filesystem::path& file, const std::string& sql) {
  sqlite3* db = nullptr;
  const int opened = sqlite3_open(file.c_str(), &db);
  std::unique_ptr<sqlite3, decltype(&sqlite3_close)> closer(db, &sqlite3_close);
  if (opened != SQLITE_OK) throw std::runtime_error("cannot open " + file.string());
  sqlite3_busy_timeout(db, 10'000);
  char* message = nullptr;
  if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &message) != SQLITE_OK) {
    const std::string reason = message ? message : "?";
    sqlite3_free(message);
    throw std::runtime_error(sql + ": " + reason);
  }
}

inline const std::vector<QueueBackend>& queue_backends() {
  static const std::vector<QueueBackend> kBackends = {
      {"Sqlite",
       [](const std::filesystem::path& place, QueueOptions options) {
         return open_sqlite_queue(sqlite_file_of(place), options);
       },
       [](const std::filesystem::path& place) {
         return store::open_sqlite_content_store(sqlite_file_of(place));
       },
       [](const std::filesystem::path& place, const std::string& sql) {
         sqlite_exec(sqlite_file_of(place), sql);
       },
       [](const std::filesystem::path& place) { return sqlite_file_of(place).string(); },
       "UPDATE lectio_jobs SET run_at = 0 WHERE state = 'available'"},
      {"Postgres",
       [](const std::filesystem::path& place, QueueOptions options) {
         return open_pg_queue(queue_database_of(place), options);
       },
       [](const std::filesystem::path& place) {
         return store::open_pg_content_store(queue_database_of(place));
       },
       [](const std::filesystem::path& place, const std::string& sql) {
         pg::Connection(queue_database_of(place)).exec(sql);
       },
       [](const std::filesystem::path& place) { return queue_database_of(place); },
       "UPDATE lectio_jobs SET run_at = now() WHERE state = 'available'"},
  };
  return kBackends;
}

inline void PrintTo(const QueueBackend& backend, std::ostream* out) {
  *out << backend.name;
}

inline std::string queue_backend_name(const ::testing::TestParamInfo<QueueBackend>& info) {
  return info.param.name;
}

// The fixture of backend-neutral tests: TEST_P(QueueBackendTest, Behaviour), with a fresh
// temporary place per test.
class QueueBackendTest : public ::testing::TestWithParam<QueueBackend> {
 protected:
  std::unique_ptr<Queue> open(QueueOptions options = {}) {
    return GetParam().open(dir_.path(), options);
  }
  std::unique_ptr<store::ContentStore> store() { return GetParam().store(dir_.path()); }
  void exec(const std::string& sql) { GetParam().exec(dir_.path(), sql); }
  std::vector<store::Record> outputs() { return store()->records(store::RecordKind::kLesson); }

  testing::TempDir dir_;
};

}  // namespace lectio::queue
