#pragma once
// The store backends every backend-neutral store test runs against, in the manner of Xapian's
// DEFINE_TESTCASE(name, backend): a test body is written once against ContentStore or
// CommunityStore, and INSTANTIATE_TEST_SUITE_P runs it once per backend listed here. A new
// backend (PostgreSQL) adds one entry to store_backends() and then passes or fails the same
// cases; backend-specific tests (SQLite files, triggers, migrations) stay in their own files.
#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "lectio/pg/connection.h"
#include "lectio/store/pg_store.h"
#include "lectio/store/store.h"
#include "support/pg_test.h"
#include "support/temp_dir.h"

namespace lectio::store {

// A source and chunks to store in the tests.

inline Source make_source(const std::string& id, const std::string& hash) {
  Source s;
  s.id = id;
  s.title = "Notes";
  s.file_name = "notes.md";
  s.path = "/docs/notes.md";
  s.origin_url = "https://example.com/notes";
  s.format = Format::kMarkdown;
  s.language = "en";
  s.content_hash = hash;
  s.byte_size = 42;
  s.page_count = 2;
  return s;
}

inline std::vector<Chunk> make_chunks(int n, const std::string& prefix) {
  std::vector<Chunk> out;
  for (int i = 0; i < n; ++i) {
    Chunk c;
    c.page_start = 1 + i / 2;
    c.page_end = 1 + i / 2;
    c.heading_path = {"Title", "Section \"" + std::to_string(i) + "\""};
    c.text = prefix + " chunk " + std::to_string(i);
    c.word_count = 3;
    out.push_back(c);
  }
  return out;
}

struct StoreBackend {
  std::string name;  // a test-name suffix: letters and digits only
  // Open this backend's stores for one test. `place` is the test's own temporary directory:
  // opening again with the same place must see the same data (tests reopen to prove that
  // data is stored, not cached), and different places must not share data.
  std::function<std::unique_ptr<ContentStore>(const std::filesystem::path& place)> content;
  std::function<std::unique_ptr<CommunityStore>(const std::filesystem::path& place)> community;
};

// The migrated PostgreSQL database of a test place: created on first use, dropped when the
// test process exits (each test runs in a process of its own under ctest).
inline const std::string& pg_database_of(const std::filesystem::path& place) {
  static std::map<std::filesystem::path, std::unique_ptr<testing::TestDatabase>> databases;
  auto& db = databases[place];
  if (!db) {
    db = std::make_unique<testing::TestDatabase>();
    pg::Connection admin(db->url());
    migrate_pg_store(admin);
  }
  return db->url();
}

inline const std::vector<StoreBackend>& store_backends() {
  static const std::vector<StoreBackend> kBackends = {
      {"Sqlite", [](const std::filesystem::path& place) { return open_content_store(place); },
       [](const std::filesystem::path& place) { return open_community_store(place); }},
      {"Postgres",
       [](const std::filesystem::path& place) {
         return open_pg_content_store(pg_database_of(place));
       },
       [](const std::filesystem::path& place) {
         return open_pg_community_store(pg_database_of(place));
       }},
  };
  return kBackends;
}

// GoogleTest prints a parameter by its name, not its bytes.
inline void PrintTo(const StoreBackend& backend, std::ostream* out) {
  *out << backend.name;
}

inline std::string backend_name(const ::testing::TestParamInfo<StoreBackend>& info) {
  return info.param.name;
}

// The fixture of backend-neutral tests: TEST_P(StoreBackendTest, Behaviour), with a fresh
// temporary place per test.
class StoreBackendTest : public ::testing::TestWithParam<StoreBackend> {
 protected:
  std::unique_ptr<ContentStore> open_content() { return GetParam().content(dir_.path()); }
  std::unique_ptr<CommunityStore> open_community() { return GetParam().community(dir_.path()); }

  testing::TempDir dir_;
};

}  // namespace lectio::store
