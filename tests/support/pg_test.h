#pragma once
// A fresh PostgreSQL database for one test on the server that the CTest fixture `postgres`
// starts (tests/support/pg_server.sh); tests that use it are registered with POSTGRES.
#include <string>

namespace lectio::testing {

// The libpq URL of the test server's `postgres` database. Throws std::runtime_error when the
// fixture did not run (the test was started outside ctest).
std::string pg_server_url();

// Creates a database with a unique name; drops it (closing leftover connections) at scope end.
class TestDatabase {
 public:
  TestDatabase();
  ~TestDatabase();
  TestDatabase(const TestDatabase&) = delete;
  TestDatabase& operator=(const TestDatabase&) = delete;
  // libpq URL of this database.
  const std::string& url() const { return url_; }
  const std::string& name() const { return name_; }

 private:
  std::string name_;
  std::string url_;
};

}  // namespace lectio::testing
