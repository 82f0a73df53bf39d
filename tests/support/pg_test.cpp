#include "support/pg_test.h"

#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <fstream>
#include <stdexcept>

#include "lectio/pg/connection.h"

namespace lectio::testing {

std::string pg_server_url() {
  const char* state = std::getenv("LECTIO_TEST_PG");
  if (!state) throw std::runtime_error("LECTIO_TEST_PG is not set: run this test through ctest");
  std::ifstream in(std::string(state) + "/url");
  std::string url;
  if (!std::getline(in, url) || url.empty()) {
    throw std::runtime_error(std::string("no test server URL in ") + state + "/url");
  }
  return url;
}

namespace {

// Replaces the database name (the path of a postgresql:///NAME?... URL).
std::string with_database(const std::string& url, const std::string& name) {
  const auto path = url.find("///");
  const auto query = url.find('?');
  if (path == std::string::npos || query == std::string::npos) {
    throw std::runtime_error("unexpected test server URL " + url);
  }
  return url.substr(0, path + 3) + name + url.substr(query);
}

}  // namespace

TestDatabase::TestDatabase() {
  static std::atomic<int> counter{0};
  name_ = "t" + std::to_string(::getpid()) + "_" + std::to_string(counter++);
  const std::string server = pg_server_url();
  pg::Connection admin(server);
  admin.exec_script("DROP DATABASE IF EXISTS " + pg::quote_identifier(name_));
  admin.exec_script("CREATE DATABASE " + pg::quote_identifier(name_));
  url_ = with_database(server, name_);
}

TestDatabase::~TestDatabase() {
  try {
    pg::Connection admin(pg_server_url());
    admin.exec_script("DROP DATABASE IF EXISTS " + pg::quote_identifier(name_) + " WITH (FORCE)");
  } catch (...) {  // the server is dropped with its databases by the fixture's cleanup
  }
}

}  // namespace lectio::testing
